extension KkcLanguageModel {
    /// A word of the vocabulary with its cost alone.
    public struct Word: Sendable {
        /// What the word is written as.
        public var text: String
        /// Its id.
        public var id: WordID
        /// Its unigram cost (−log₁₀).
        public var cost: Double
    }

    /// How many readings ``likeliestWords(reading:)`` remembers before it starts afresh.
    static let cachedReadings = 20_000

    /// The words read `reading`, likeliest first. Each reading is looked up in the trie once
    /// and remembered (at most ``cachedReadings`` of them).
    public func likeliestWords(reading: String) -> [Word] {
        if let known = wordCache.withLock({ $0[reading] }) { return known }
        let words = words(reading: reading)
            .map { Word(text: $0.text, id: $0.id, cost: unigramCost($0.id)) }
            .sorted { $0.cost < $1.cost }
        let found = words
        wordCache.withLock { cache in
            if cache.count >= Self.cachedReadings { cache.removeAll(keepingCapacity: true) }
            cache[reading] = found
        }
        return found
    }
}
