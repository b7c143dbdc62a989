import InkstoneSegmentation

/// Symbols that are not emoji, found by their Unicode name through ICU
/// (`greek small letter alpha` → α, `arrow` → ← ↑ → ↓ …).
///
/// Indexed once, on first use: every assigned character that is a grapheme on its own
/// (no control, format, mark, separator, surrogate or private-use character), that is
/// not an emoji (those come from CLDR) and whose name is not derived from its code
/// point (CJK ideographs, Hangul syllables, Tangut…), by the words of its name.
public final class SymbolNameIndex: Sendable {
    /// The index, built on first use.
    public static let shared = SymbolNameIndex()

    /// The indexed characters and their lower-cased names.
    private let scalars: [Unicode.Scalar]
    private let names: [String]
    /// The distinct name words, sorted by their UTF-8 bytes, and for each the
    /// characters (indices into ``scalars``) whose name has it.
    private let words: [String]
    private let postings: [[Int32]]
    /// The word count of each name.
    private let wordCounts: [UInt8]

    /// Names derived from the code point, which say nothing to search for.
    private static let derivedNamePrefixes = [
        "CJK UNIFIED IDEOGRAPH-", "CJK COMPATIBILITY IDEOGRAPH-", "HANGUL SYLLABLE ", "TANGUT IDEOGRAPH-",
        "TANGUT COMPONENT-", "KHITAN SMALL SCRIPT CHARACTER-", "NUSHU CHARACTER-",
    ]

    /// Ranges holding only characters with derived names or none (skipped unread).
    private static let skippedRanges: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xD800...0xF8FF, 0x17000...0x18CFF,
        0x1B170...0x1B2FF, 0x20000...0x3FFFF,
    ]

    /// Reads every character name from ICU and indexes it.
    init() {
        var scalars: [Unicode.Scalar] = []
        var names: [String] = []
        var wordCounts: [UInt8] = []
        var postingsByWord: [String: [Int32]] = [:]
        var value: UInt32 = 0
        while value < 0x40000 {
            defer { value += 1 }
            if let skipped = Self.skippedRanges.first(where: { $0.contains(value) }) {
                value = skipped.upperBound
                continue
            }
            guard let scalar = Unicode.Scalar(value), Self.isIndexed(scalar),
                let name = CharacterNames.name(of: scalar),
                !Self.derivedNamePrefixes.contains(where: { name.hasPrefix($0) })
            else { continue }
            let id = Int32(scalars.count)
            let lowered = name.lowercased()
            let nameWords = EmojiSearchKey.words(lowered)
            scalars.append(scalar)
            names.append(lowered)
            wordCounts.append(UInt8(min(nameWords.count, 255)))
            for word in Set(nameWords) { postingsByWord[word, default: []].append(id) }
        }
        self.scalars = scalars
        self.names = names
        self.wordCounts = wordCounts
        words = postingsByWord.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        postings = words.map { postingsByWord[$0] ?? [] }
    }

    /// Whether `scalar` may be a candidate: a visible grapheme on its own, not an emoji.
    private static func isIndexed(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .nonspacingMark, .spacingMark,
            .enclosingMark, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return !(properties.isEmoji && scalar.value > 0x7F) && !properties.isEmojiPresentation
        }
    }

    /// How many characters are indexed.
    public var count: Int { scalars.count }

    /// The characters whose name has, for every query word, a word starting with it;
    /// the character named exactly by the words first, then names where every query
    /// word is a whole word, then shorter names, then by code point. At most `limit`.
    /// Each entry's annotation is the lower-cased name.
    public func search(words query: [String], limit: Int) -> [DictionaryEntry] {
        guard let first = query.first, limit > 0 else { return [] }
        // The name as ICU would match it (names are compared ignoring case), read from the
        // index: asking ICU for a name it lacks scans all of its names.
        let exactName = query.joined(separator: " ")
        var candidates: Set<Int32> = []
        for wordIndex in range(withPrefix: first) { candidates.formUnion(postings[wordIndex]) }
        for word in query.dropFirst() where !candidates.isEmpty {
            var matching: Set<Int32> = []
            for wordIndex in range(withPrefix: word) {
                for id in postings[wordIndex] where candidates.contains(id) { matching.insert(id) }
            }
            candidates = matching
        }
        let wholeWords = query.map { word in range(of: word).map { postings[$0] } ?? [] }
        let ranked = candidates.map { id -> (rank: (Int, Int, Int, UInt32), id: Int32) in
            let whole = wholeWords.reduce(0) { $0 + (Self.sortedContains($1, id) ? 1 : 0) }
            let isExact = names[Int(id)] == exactName
            return ((isExact ? 0 : 1, query.count - whole, Int(wordCounts[Int(id)]), scalars[Int(id)].value), id)
        }
        return ranked.sorted { $0.rank < $1.rank }.prefix(limit).map { item in
            DictionaryEntry(text: String(Character(scalars[Int(item.id)])), annotation: names[Int(item.id)])
        }
    }

    /// Whether the ascending `ids` hold `id` (binary search).
    private static func sortedContains(_ ids: [Int32], _ id: Int32) -> Bool {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id
    }

    /// The indices in ``words`` of the words starting with `prefix`.
    private func range(withPrefix prefix: String) -> Range<Int> {
        let start = lowerBound(prefix)
        var end = start
        while end < words.count, words[end].hasPrefix(prefix) { end += 1 }
        return start..<end
    }

    /// The index in ``words`` of exactly `word`, or nil.
    private func range(of word: String) -> Int? {
        let index = lowerBound(word)
        return index < words.count && words[index] == word ? index : nil
    }

    /// The first index in ``words`` not ordered before `key`.
    private func lowerBound(_ key: String) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].utf8.lexicographicallyPrecedes(key.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
