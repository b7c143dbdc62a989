import InkstoneText

/// The engines the daemon offers, by id.
public enum EngineRegistry {
    /// One registry entry.
    public struct Entry: Hashable, Sendable {
        /// The id clients pass (`direct`, `compose`, …).
        public let id: String
        /// A readable one-line description.
        public let description: String
    }

    /// The id used when a context names none.
    public static let defaultEngineID = "compose"

    /// All engines, default first.
    public static let entries: [Entry] = [
        Entry(id: "compose", description: "Latin text with dead keys and the Compose key (the locale's X11 Compose table)"),
        Entry(id: "direct", description: "Keys as typed, no composition"),
        Entry(id: "hangul", description: "Korean Hangul, Dubeolsik (2-set) keyboard, with Hanja conversion"),
        Entry(id: "unicode", description: "Unicode code point entry: Ctrl+Shift+U, hex digits, Space"),
    ]

    /// Loads the data the engines share — the Compose table, the Dubeolsik
    /// keyboard, the Hanja dictionary — on the calling thread.
    ///
    /// The daemon calls it on a background thread at start, so no client's call
    /// pays for a first load on the loop thread. Each table is loaded once
    /// (a lazy static): a call that needs one while the background load is
    /// still running waits for that load to finish, then is answered as usual,
    /// so calls are still answered in the order they came.
    public static func loadSharedData() {
        _ = ComposeTable.shared
        _ = HangulEngine.dubeolsik
        _ = HanjaTable.shared.count
    }

    /// A fresh engine instance for `id`.
    /// - Throws: `UnknownObject` naming the id and the known ids.
    public static func makeEngine(id: String) throws(InkstoneError) -> any CompositionEngine {
        switch id {
        case "direct": return DirectEngine()
        case "compose": return ComposeEngine()
        case "hangul": return HangulEngine()
        case "unicode": return UnicodeEngine()
        default:
            let known = entries.map(\.id).sorted().joined(separator: ", ")
            throw .unknownObject("no engine with id '\(id)' (known: \(known))")
        }
    }
}
