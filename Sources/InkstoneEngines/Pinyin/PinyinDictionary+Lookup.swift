extension PinyinDictionary {
    /// The words a run of consecutive edges reads as, best by ``PinyinWord/prior`` first, and whether
    /// a longer run starting with the same edges may still find words.
    ///
    /// Runs of whole syllables look up their syllables (each fuzzy spelling
    /// tried, at most ``maximumSpellings``); runs with an abbreviated edge look up
    /// the abbreviation key and keep the words whose syllables fit every edge.
    /// A lone abbreviated edge offers the best characters of each syllable it may complete to.
    /// At most `limit` words are returned (the best: what the sentence needs from every
    /// position but the first), the others not made.
    func words(for run: [PinyinEdge], learning: (any CandidateLearning)?, limit: Int = .max)
        -> (words: [PinyinWord], mayExtend: Bool)
    {
        guard let first = run.first, let last = run.last else { return ([], false) }
        let abbreviated = run.reduce(0) { $0 + ($1.isAbbreviated ? 1 : 0) }
        let penalty = Double(abbreviated) * Self.abbreviationPenalty
        var found: [PinyinWord] = []
        var mayExtend = false
        /// Offers `entry` of `lookup` (or a learnt text) scoring `entryScore`.
        func offer(
            _ entry: DictionaryEntry, of lookup: PinyinLookupCache.Lookup, reading: String, score entryScore: Double,
            learnt: Bool = false
        ) {
            let words = modelWords(of: entry, learnt: learnt)
            let share = abbreviated > 0 || learnt ? 0 : lookup.readingShare(of: entry)
            let score = entryScore - penalty
            found.append(
                PinyinWord(
                    text: entry.text, reading: entry.annotation ?? reading, start: first.start, end: last.end,
                    score: score, isAbbreviated: abbreviated > 0, penalty: penalty, isLearnt: learnt,
                    modelWords: words, readingShare: share,
                    prior: abbreviated > 0 || learnt
                        ? score : spanPrior(modelWords: words, score: score, readingShare: share)))
        }
        /// Offers `lookup`'s entries from `indices` (best first), the learnt ones for `reading` first.
        func add(_ lookup: PinyinLookupCache.Lookup, indices: [Int], reading: String, learnt: [String]) {
            guard !learnt.isEmpty, let learning else {
                // Entries come best first: without learning only the first `limit` can be the best.
                for index in indices.prefix(limit) {
                    offer(lookup.entries[index], of: lookup, reading: reading, score: lookup.scores[index])
                }
                return
            }
            // A learnt text outranks the table's best for its reading; a learnt
            // phrase (several syllables) also outranks any split of it.
            let entries = learning.ranked(indices.map { lookup.entries[$0] }, for: PinyinLearningKey.of(reading))
            let top = entries.map { score(weight: $0.weight) }.max() ?? score(weight: 0)
            let learntScore =
                reading.contains(" ") ? max(top + Self.learntBonus, Self.learntPhraseScore) : top + Self.learntBonus
            for (index, entry) in entries.enumerated() {
                offer(
                    entry, of: lookup, reading: reading,
                    score: index < learnt.count ? learntScore - Double(index) * 0.01 : score(weight: entry.weight),
                    learnt: index < learnt.count)
            }
        }
        if abbreviated == 0 {
            for syllables in Self.product(run.map(\.syllables), limit: Self.maximumSpellings) {
                let key = syllables.joined(separator: " ")
                let lookup = syllableLookup(key)
                add(
                    lookup, indices: lookup.ranked, reading: key,
                    learnt: learning?.learned(for: PinyinLearningKey.of(key)) ?? [])
                if lookup.hasLonger { mayExtend = true }
            }
        } else if run.count == 1 {
            for syllable in first.syllables {
                let lookup = syllableLookup(syllable)
                add(
                    lookup, indices: Array(lookup.entries.indices.prefix(Self.completionsPerSyllable)),
                    reading: syllable, learnt: [])
            }
            mayExtend = true
        } else {
            for letters in Self.product(run.map(\.firstLetters), limit: Self.maximumSpellings) {
                let lookup = abbreviationLookup(PinyinTableSource.abbreviationMark + String(letters))
                let fitting = lookup.entries.indices.filter { index in
                    let syllables = lookup.syllables[index]
                    return lookup.entries[index].annotation != nil && syllables.count == run.count
                        && zip(syllables, run).allSatisfy { $1.syllableSet.contains($0) }
                }
                add(lookup, indices: fitting, reading: "", learnt: [])
                if lookup.hasLonger { mayExtend = true }
            }
        }
        // A stable sort: equal scores keep the table's order.
        found = found.enumerated().sorted { ($0.element.prior, $1.offset) > ($1.element.prior, $0.offset) }.map(
            \.element)
        if found.count > limit { found.removeLast(found.count - limit) }
        return (found, mayExtend)
    }

    /// How far a learnt text scores above the table's best for its reading (e² ≈ 7 times as likely).
    static let learntBonus = 2.0
    /// The least a learnt phrase of several syllables scores.
    static let learntPhraseScore = -2.0
    /// How many spellings of one run are looked up (fuzzy pairs multiply them).
    static let maximumSpellings = 16
    /// How many characters each completion of a lone abbreviated edge offers.
    static let completionsPerSyllable = 3

    /// The cartesian product of `choices`, at most `limit` combinations, in order.
    static func product<Element>(_ choices: [[Element]], limit: Int) -> [[Element]] {
        var combinations: [[Element]] = [[]]
        for options in choices {
            var next: [[Element]] = []
            outer: for prefix in combinations {
                for option in options {
                    next.append(prefix + [option])
                    if next.count >= limit { break outer }
                }
            }
            combinations = next
        }
        return combinations
    }
}
