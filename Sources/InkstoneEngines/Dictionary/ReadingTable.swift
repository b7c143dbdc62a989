/// A read-only table from readings (kana, pinyin syllables, initials…) to
/// dictionary entries: what a dictionary engine converts with.
///
/// ``SortedReadingTable`` holds one in memory; a compiled, memory-mapped form
/// cached on disk is the other implementation, so engines depend only on this.
public protocol ReadingTable: Sendable {
    /// How many distinct readings the table holds.
    var readingCount: Int { get }
    /// The entries for exactly `reading`, best (highest weight) first.
    func entries(for reading: String) -> [DictionaryEntry]
    /// The readings that start with `prefix`, in ascending byte order, at most `limit`.
    func readings(withPrefix prefix: String, limit: Int) -> [String]
    /// The first `limit` entries for exactly `reading`, best first: for callers that
    /// use only the best few of a reading that may have hundreds (nothing more is decoded).
    func entries(for reading: String, limit: Int) -> [DictionaryEntry]
    /// Whether some reading in the table starts with `prefix` (nothing is decoded).
    func hasReadings(withPrefix prefix: String) -> Bool
}

extension ReadingTable {
    /// Default: the first `limit` of ``entries(for:)``.
    public func entries(for reading: String, limit: Int) -> [DictionaryEntry] {
        Array(entries(for: reading).prefix(max(limit, 0)))
    }

    /// Default: whether ``readings(withPrefix:limit:)`` finds one.
    public func hasReadings(withPrefix prefix: String) -> Bool {
        !readings(withPrefix: prefix, limit: 1).isEmpty
    }

    /// The readings in the table that are prefixes of `text` (the dictionary
    /// words a lattice can start at the beginning of `text`), shortest first,
    /// trying lengths up to `maximumLength` characters.
    public func readings(prefixing text: Substring, maximumLength: Int) -> [String] {
        var found: [String] = []
        var end = text.startIndex
        var length = 0
        while end < text.endIndex && length < maximumLength {
            text.formIndex(after: &end)
            length += 1
            let candidate = String(text[text.startIndex..<end])
            if !entries(for: candidate).isEmpty { found.append(candidate) }
        }
        return found
    }
}
