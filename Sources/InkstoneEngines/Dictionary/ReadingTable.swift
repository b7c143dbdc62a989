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
}

extension ReadingTable {
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
