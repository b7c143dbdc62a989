extension PinyinDictionary {
    /// The words a run of consecutive edges reads as, best first, and whether
    /// a longer run starting with the same edges may still find words.
    ///
    /// Runs of whole syllables look up their syllables (each fuzzy spelling
    /// tried, at most ``maximumSpellings``); runs with an abbreviated edge look up
    /// the abbreviation key and keep the words whose syllables fit every edge.
    /// A lone abbreviated edge offers the best characters of each syllable it may complete to.
    func words(for run: [PinyinEdge], learning: (any CandidateLearning)?) -> (words: [PinyinWord], mayExtend: Bool) {
        guard let first = run.first, let last = run.last else { return ([], false) }
        let abbreviated = run.filter(\.isAbbreviated).count
        let penalty = Double(abbreviated) * Self.abbreviationPenalty
        var found: [PinyinWord] = []
        var mayExtend = false
        func add(_ entries: [DictionaryEntry], reading: String, learnt: [String]) {
            // A learnt text outranks the table's best for its reading; a learnt
            // phrase (several syllables) also outranks any split of it.
            let top = entries.map { score(weight: $0.weight) }.max() ?? score(weight: 0)
            let learntScore =
                reading.contains(" ") ? max(top + Self.learntBonus, Self.learntPhraseScore) : top + Self.learntBonus
            for (index, entry) in entries.enumerated() {
                let entryScore =
                    index < learnt.count
                    ? learntScore - Double(index) * 0.01 : score(weight: entry.weight)
                found.append(
                    PinyinWord(
                        text: entry.text, reading: entry.annotation ?? reading, start: first.start, end: last.end,
                        score: entryScore - penalty, isAbbreviated: abbreviated > 0))
            }
        }
        if abbreviated == 0 {
            for syllables in Self.product(run.map(\.syllables), limit: Self.maximumSpellings) {
                let key = syllables.joined(separator: " ")
                var entries = table.entries(for: key)
                let learnt = learning?.learned(for: key) ?? []
                if let learning, !learnt.isEmpty { entries = learning.ranked(entries, for: key) }
                add(entries, reading: key, learnt: learnt)
                if !mayExtend { mayExtend = hasLonger(than: key, separator: " ") }
            }
        } else if run.count == 1 {
            for syllable in first.syllables {
                add(
                    Array(table.entries(for: syllable).prefix(Self.completionsPerSyllable)), reading: syllable,
                    learnt: [])
            }
            mayExtend = true
        } else {
            for letters in Self.product(run.map(\.firstLetters), limit: Self.maximumSpellings) {
                let key = PinyinTableSource.abbreviationMark + String(letters)
                let fitting = table.entries(for: key).prefix(Self.abbreviationScanLimit).filter { entry in
                    guard let reading = entry.annotation else { return false }
                    let syllables = reading.split(separator: " ")
                    return syllables.count == run.count
                        && zip(syllables, run).allSatisfy { $1.syllableSet.contains(String($0)) }
                }
                add(fitting, reading: "", learnt: [])
                if !mayExtend { mayExtend = hasLongerAbbreviation(than: key) }
            }
        }
        found.sort { $0.score > $1.score }
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
