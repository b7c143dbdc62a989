import Glibc

/// The system dictionary of the `japanese` engine, loaded once per process.
public enum JapaneseDictionary {
    /// The reading table of SKK-JISYO.L (``SKKDictionary/defaultPath``), nil when it
    /// cannot be read. Built on first use; a caller that needs it while another
    /// thread builds it waits for that build.
    public static let shared: (any ReadingTable)? = load(path: SKKDictionary.defaultPath)

    /// The table of the SKK dictionary at `path`, or nil when it cannot be read.
    public static func load(path: String) -> (any ReadingTable)? {
        guard access(path, R_OK) == 0 else { return nil }
        let table = ReadingTableCache.load(name: "skk-jisyo", source: path, formatVersion: SKKDictionary.formatVersion)
        {
            (try? SKKDictionary.rows(from: path)) ?? []
        }
        return table.readingCount > 0 ? table : nil
    }

    /// Starts building ``shared`` on a background task, so that making an engine
    /// does not wait for it: typing kana needs no dictionary, and by the time the
    /// first conversion asks for it the table is usually there.
    public static func loadInBackground() {
        Task.detached(priority: .utility) { _ = shared?.readingCount }
    }

    /// ``shared`` as a table that is looked up on each call (waiting for a build in
    /// progress), for engines made before it is ready.
    public static var deferred: any ReadingTable { DeferredTable() }

    private struct DeferredTable: ReadingTable {
        var readingCount: Int { shared?.readingCount ?? 0 }
        func entries(for reading: String) -> [DictionaryEntry] { shared?.entries(for: reading) ?? [] }
        func readings(withPrefix prefix: String, limit: Int) -> [String] {
            shared?.readings(withPrefix: prefix, limit: limit) ?? []
        }
        func entries(for reading: String, limit: Int) -> [DictionaryEntry] {
            shared?.entries(for: reading, limit: limit) ?? []
        }
        func hasReadings(withPrefix prefix: String) -> Bool { shared?.hasReadings(withPrefix: prefix) ?? false }
    }
}
