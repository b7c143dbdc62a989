extension EmojiIndex {
    /// The most candidates one search returns.
    public static let maximumCandidates = 200
    /// The most search keys one prefix tier reads (a one-letter query matches thousands).
    static let maximumKeysPerTier = 300

    /// How well a grapheme matches a query, best first.
    enum MatchQuality: Int, CaseIterable, Sendable {
        /// The query is a name (`thumbs up` → 👍).
        case exactName
        /// The query is a keyword (`heart` → ❤️).
        case exactKeyword
        /// A name starts with the query (`thumbs up` → 👍🏽 `thumbs up: medium skin tone`).
        case namePrefix
        /// A keyword starts with the query.
        case keywordPrefix
        /// Every word of the query starts a word of the names or keywords (`heart` → 💕 `two hearts`).
        case wordPrefix
    }

    /// The graphemes matching `query`, best first, at most ``maximumCandidates``:
    /// emoji and CLDR symbols by ``MatchQuality``, then what `learning` learnt for the
    /// query, then names whose last word is the query's (`red heart` for `heart`), then
    /// skin-tone variants after plain forms, then `emoji-test.txt` order;
    /// after them, for queries of three letters or more, other symbols by their Unicode
    /// name (``SymbolNameIndex``), whose entries carry no weight.
    public func search(_ query: String, learning: (any CandidateLearning)? = nil) -> [DictionaryEntry] {
        let words = EmojiSearchKey.words(query)
        let compact = words.joined()
        guard !compact.isEmpty else { return [] }
        var results: [DictionaryEntry] = []
        var seen: Set<String> = []
        for quality in MatchQuality.allCases where results.count < Self.maximumCandidates {
            let head = words.last ?? compact
            var tier = matches(quality, compact: compact, words: words).filter { seen.insert($0.text).inserted }
                .map { (entry: $0, key: Self.sortKey($0, head: head)) }
                .sorted { $0.key < $1.key }.map(\.entry)
            if let learning {
                let texts = Set(tier.map(\.text))
                tier = learning.ranked(tier, for: compact).filter { texts.contains($0.text) }
            }
            results += tier.prefix(Self.maximumCandidates - results.count)
        }
        if compact.count >= 3, results.count < Self.maximumCandidates {
            for symbol in SymbolNameIndex.shared.search(words: words, limit: Self.maximumCandidates - results.count)
            where seen.insert(symbol.text).inserted {
                results.append(symbol)
            }
        }
        return results
    }

    /// The keys of one quality tier (duplicates possible).
    private func matches(_ quality: MatchQuality, compact: String, words: [String]) -> [DictionaryEntry] {
        switch quality {
        case .exactName: return table.entries(for: Field.name.rawValue + compact)
        case .exactKeyword: return table.entries(for: Field.keyword.rawValue + compact)
        case .namePrefix: return entries(withKeyPrefix: Field.name.rawValue + compact)
        case .keywordPrefix: return entries(withKeyPrefix: Field.keyword.rawValue + compact)
        case .wordPrefix:
            var common: [String: DictionaryEntry]?
            for word in words {
                var matching: [String: DictionaryEntry] = [:]
                for entry in entries(withKeyPrefix: Field.word.rawValue + word)
                where common == nil || common?[entry.text] != nil {
                    matching[entry.text] = entry
                }
                common = matching
                if matching.isEmpty { break }
            }
            return Array((common ?? [:]).values)
        }
    }

    /// The entries of every key starting with `prefix` (at most ``maximumKeysPerTier`` keys).
    private func entries(withKeyPrefix prefix: String) -> [DictionaryEntry] {
        table.readings(withPrefix: prefix, limit: Self.maximumKeysPerTier).flatMap { table.entries(for: $0) }
    }

    /// The order within a tier, smallest first: names whose last word is `head` (the
    /// query's last word; `red heart` is a heart, `heart decoration` is not), then plain
    /// forms before skin-tone variants, then earlier in `emoji-test.txt` (heavier).
    static func sortKey(_ entry: DictionaryEntry, head: String) -> (Int, Int, Double, String) {
        (endsWith(entry.annotation, head) ? 0 : 1, isSkinToneVariant(entry.text) ? 1 : 0, -entry.weight, entry.text)
    }

    /// Whether the last word of `name` is `word`.
    static func endsWith(_ name: String?, _ word: String) -> Bool {
        guard let name else { return false }
        return EmojiSearchKey.lastWord(of: name, is: word)
    }

    /// Whether `text` holds a skin-tone modifier (U+1F3FB…U+1F3FF) after another character.
    static func isSkinToneVariant(_ text: String) -> Bool {
        text.unicodeScalars.dropFirst().contains { (0x1F3FB...0x1F3FF).contains($0.value) }
    }
}
