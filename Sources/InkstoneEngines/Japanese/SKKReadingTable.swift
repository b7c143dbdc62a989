/// A ``ReadingTable`` built in one pass from SKK rows, which come grouped by reading
/// with their candidates in rank order: no sorting at all, so a 175,000-entry
/// dictionary loads in one hash-table build. Entries keep the rows' order (a text
/// listed twice for a reading keeps its first place). Prefix queries, which the
/// converter does not make, scan every reading.
public struct SKKReadingTable: ReadingTable {
    private let entriesByReading: [String: [DictionaryEntry]]

    /// A table of `rows`.
    public init<Rows: Sequence>(rows: Rows) where Rows.Element == (reading: String, entry: DictionaryEntry) {
        var byReading: [String: [DictionaryEntry]] = [:]
        byReading.reserveCapacity(200_000)
        for (reading, entry) in rows {
            byReading[reading, default: []].appendIfNew(entry)
        }
        entriesByReading = byReading
    }

    public var readingCount: Int { entriesByReading.count }

    public func entries(for reading: String) -> [DictionaryEntry] {
        entriesByReading[reading] ?? []
    }

    public func readings(withPrefix prefix: String, limit: Int) -> [String] {
        let found = entriesByReading.keys.filter { $0.hasPrefix(prefix) }
        return Array(found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(limit))
    }
}

extension Array where Element == DictionaryEntry {
    /// Appends `entry` unless an entry with its text is already there.
    fileprivate mutating func appendIfNew(_ entry: DictionaryEntry) {
        if !contains(where: { $0.text == entry.text }) { append(entry) }
    }
}
