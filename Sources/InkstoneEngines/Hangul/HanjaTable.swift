/// libhangul's Hanja dictionary (`hanja.txt`: `reading:hanja:gloss` per line, `#` comments),
/// loaded once and shared, indexed by reading for exact and prefix lookup.
///
/// The file is kept as one byte array; entries are byte ranges sorted by reading (the
/// Debian file is already sorted; it is sorted on load otherwise), so a lookup is a binary
/// search and only the matches are decoded.
public final class HanjaTable: Sendable {
    /// The Debian path of the dictionary.
    public static let defaultPath = "/usr/share/libhangul/hanja/hanja.txt"

    /// The shared table over ``defaultPath``, loaded on first use (empty if unreadable).
    public static let shared = HanjaTable(path: defaultPath)

    /// One entry as byte ranges into ``bytes``.
    private struct Entry: Sendable {
        var keyStart: UInt32, keyEnd: UInt32
        var valueEnd: UInt32, lineEnd: UInt32
    }

    private let bytes: [UInt8]
    private let entries: [Entry]

    /// Loads and indexes a dictionary file (an unreadable file gives an empty table).
    public init(path: String) {
        let bytes = DataFile.bytes(at: path) ?? []
        self.bytes = bytes
        self.entries = Self.index(bytes)
    }

    /// How many entries the table holds.
    public var count: Int { entries.count }

    /// Entries whose reading is exactly `reading`, in file order.
    public func exactMatches(_ reading: String) -> [Candidate] {
        let key = Array(reading.utf8)
        let range = matchRange(key, prefix: false)
        return range.map(candidate(at:))
    }

    /// Entries whose reading starts with `prefix`, at most `limit`.
    public func prefixMatches(_ prefix: String, limit: Int = 100) -> [Candidate] {
        let key = Array(prefix.utf8)
        let range = matchRange(key, prefix: true)
        return range.prefix(limit).map(candidate(at:))
    }

    private func candidate(at entryIndex: Int) -> Candidate {
        let entry = entries[entryIndex]
        let value = decode(Int(entry.keyEnd) + 1, Int(entry.valueEnd))
        let glossStart = Int(entry.valueEnd) + 1
        let gloss = glossStart < Int(entry.lineEnd) ? decode(glossStart, Int(entry.lineEnd)) : ""
        return Candidate(text: value, annotation: gloss.isEmpty ? nil : gloss)
    }

    private func decode(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The entries whose key equals (or, with `prefix`, starts with) `key`.
    private func matchRange(_ key: [UInt8], prefix: Bool) -> Range<Int> {
        let lower = partition { compare(entryIndex: $0, with: key, prefix: prefix) < 0 }
        let upper = partition { compare(entryIndex: $0, with: key, prefix: prefix) <= 0 }
        return lower..<upper
    }

    /// The first entry index for which `isBefore` is false (entries are sorted).
    private func partition(_ isBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Compares an entry's key with `key` bytewise; with `prefix`, keys starting with `key` compare equal.
    private func compare(entryIndex: Int, with key: [UInt8], prefix: Bool) -> Int {
        let entry = entries[entryIndex]
        return bytes.withUnsafeBufferPointer { buffer in
            key.withUnsafeBufferPointer { keyBuffer in
                Self.compare(
                    UnsafeBufferPointer(rebasing: buffer[Int(entry.keyStart)..<Int(entry.keyEnd)]),
                    keyBuffer, prefix: prefix)
            }
        }
    }

    /// Bytewise comparison of `left` with `right`; with `prefix`, a `left` that starts with
    /// `right` compares equal.
    private static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>,
        prefix: Bool
    ) -> Int {
        for offset in 0..<min(left.count, right.count) where left[offset] != right[offset] {
            return left[offset] < right[offset] ? -1 : 1
        }
        if left.count == right.count || (prefix && left.count > right.count) { return 0 }
        return left.count < right.count ? -1 : 1
    }

    /// Splits the file into entries and sorts them by key if the file is not sorted.
    private static func index(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count / 20)
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            let colon = UInt8(ascii: ":")
            let newline = UInt8(ascii: "\n")
            let hash = UInt8(ascii: "#")
            while lineStart < buffer.count {
                var lineEnd = lineStart
                var firstColon = -1
                var secondColon = -1
                while lineEnd < buffer.count, buffer[lineEnd] != newline {
                    if buffer[lineEnd] == colon {
                        if firstColon < 0 { firstColon = lineEnd } else if secondColon < 0 { secondColon = lineEnd }
                    }
                    lineEnd += 1
                }
                if buffer[lineStart] != hash, firstColon > lineStart {
                    let valueEnd = secondColon >= 0 ? secondColon : lineEnd
                    entries.append(
                        Entry(
                            keyStart: UInt32(lineStart), keyEnd: UInt32(firstColon),
                            valueEnd: UInt32(valueEnd), lineEnd: UInt32(lineEnd)))
                }
                lineStart = lineEnd + 1
            }
            func key(_ entry: Entry) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: buffer[Int(entry.keyStart)..<Int(entry.keyEnd)])
            }
            let isSorted = zip(entries, entries.dropFirst()).allSatisfy {
                compare(key($0), key($1), prefix: false) <= 0
            }
            if !isSorted {
                entries.sort { compare(key($0), key($1), prefix: false) < 0 }
            }
        }
        return entries
    }
}
