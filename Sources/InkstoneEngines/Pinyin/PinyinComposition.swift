/// What typed pinyin composes to: the best sentence over the lattice and the
/// candidates for the input — the sentence first, then the words that start it,
/// those covering more letters first, each group best first.
public struct PinyinComposition: Sendable {
    /// The best reading of the whole input, word by word (letters no syllable
    /// covers stand as themselves).
    public let sentence: [PinyinWord]
    /// The typed syllables of the best reading, in order, with `'` where the user
    /// typed a separator: what the preedit shows (`ni hao`, `xi'an`).
    public let syllables: [String]
    /// The candidates, at most ``candidateLimit``; each covers the input from its start.
    public let candidates: [PinyinWord]

    /// The most candidates one input offers.
    public static let candidateLimit = 100
    /// What a letter no syllable covers costs, in nats (worse than any word).
    static let literalPenalty = 40.0
    /// The most edge runs tried from one position (bounds the work per key).
    static let runLimit = 400

    /// The sentence text.
    public var sentenceText: String { sentence.map(\.text).joined() }

    /// Composes the input of `lattice` with `dictionary`, ranking learnt choices first.
    public init(lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?) {
        let count = lattice.count
        var starts: [Int: StartWords] = [:]
        var best = [Double](repeating: -.infinity, count: count + 1)
        var back = [Step?](repeating: nil, count: count + 1)
        best[0] = 0
        for position in 0..<count where best[position] > -.infinity {
            if lattice.input[position] == PinyinLattice.separator {
                Self.relax(
                    &best, &back, to: position + 1, score: best[position],
                    step: Step(from: position, word: nil, run: []))
                continue
            }
            let words = StartWords(
                from: position, lattice: lattice, dictionary: dictionary, learning: learning,
                keepingAll: position == 0)
            starts[position] = words
            for (end, choice) in words.bestByEnd {
                Self.relax(
                    &best, &back, to: end, score: best[position] + choice.word.score,
                    step: Step(from: position, word: choice.word, run: choice.run))
            }
            // A letter no word starts at stands as itself, so every input has a reading.
            guard words.bestByEnd.isEmpty else { continue }
            let letter = String(decoding: lattice.input[position...position], as: UTF8.self)
            let literal = PinyinWord(
                text: letter, reading: "", start: position, end: position + 1,
                score: -Self.literalPenalty, isAbbreviated: false)
            Self.relax(
                &best, &back, to: position + 1, score: best[position] + literal.score,
                step: Step(from: position, word: literal, run: []))
        }
        var steps: [Step] = []
        var at = count
        while at > 0, let step = back[at] {
            steps.append(step)
            at = step.from
        }
        steps.reverse()
        sentence = steps.compactMap(\.word)
        var shown: [String] = []
        for step in steps {
            if step.word == nil {
                shown.append("'")
                continue
            }
            guard !step.run.isEmpty else {
                shown.append(step.word?.text ?? "")
                continue
            }
            for (index, edge) in step.run.enumerated() {
                // A word read across a typed separator (西安 over xi'an) shows it.
                if index > 0, edge.start > step.run[index - 1].end { shown.append("'") }
                shown.append(edge.spelling)
            }
        }
        syllables = shown
        candidates = Self.candidates(sentence: sentence, first: starts[lattice.skippingSeparators(0)], count: count)
    }

    /// The sentence as one candidate (when it has several words), then the words from the start.
    private static func candidates(sentence: [PinyinWord], first: StartWords?, count: Int) -> [PinyinWord] {
        var list: [PinyinWord] = []
        if sentence.count > 1 {
            let readings = sentence.map(\.reading)
            list.append(
                PinyinWord(
                    text: sentence.map(\.text).joined(),
                    reading: readings.contains("") ? "" : readings.joined(separator: " "),
                    start: 0, end: count, score: sentence.reduce(0) { $0 + $1.score },
                    isAbbreviated: sentence.contains(where: \.isAbbreviated)))
        }
        guard let first else { return list.isEmpty ? sentence : list }
        let spelledOut = Set(first.all.filter { !$0.isAbbreviated }.map(\.end))
        let words = first.all
            .filter { !$0.isAbbreviated || !spelledOut.contains($0.end) }
            .sorted { ($0.end, $0.score) > ($1.end, $1.score) }
        var seen = Set(list.map(\.text))
        for word in words where list.count < candidateLimit && seen.insert(word.text).inserted {
            list.append(word)
        }
        return list.isEmpty ? sentence : list
    }

    /// One step of the best path: a word (with the edges it was read over), a
    /// lone letter, or a separator (no word).
    struct Step {
        var from: Int
        var word: PinyinWord?
        var run: [PinyinEdge]
    }

    private static func relax(_ best: inout [Double], _ back: inout [Step?], to end: Int, score: Double, step: Step) {
        guard score > best[end] else { return }
        best[end] = score
        back[end] = step
    }
}

/// The words that start at one position of the lattice: all of them (when
/// asked: only the first position's become candidates), and the best for each
/// end with the edges it was read over.
struct StartWords {
    var all: [PinyinWord]
    var bestByEnd: [Int: (word: PinyinWord, run: [PinyinEdge])]

    init(
        from start: Int, lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?,
        keepingAll: Bool
    ) {
        var all: [PinyinWord] = []
        var bestByEnd: [Int: (word: PinyinWord, run: [PinyinEdge])] = [:]
        var budget = PinyinComposition.runLimit
        // Depth-first over runs of edges, as long as longer words may start with the run.
        var stack: [[PinyinEdge]] = lattice.edgesFrom[start].reversed().map { [$0] }
        while let run = stack.popLast(), budget > 0 {
            budget -= 1
            guard let edge = run.last else { continue }
            let (words, mayExtend) = dictionary.words(for: run, learning: learning, keepingAll: keepingAll)
            if let top = words.first, top.score > (bestByEnd[edge.end]?.word.score ?? -.infinity) {
                bestByEnd[edge.end] = (top, run)
            }
            if keepingAll { all += words }
            let next = lattice.skippingSeparators(edge.end)
            if mayExtend, next < lattice.count, run.count < PinyinDictionary.maximumWordSyllables {
                stack += lattice.edgesFrom[next].reversed().map { run + [$0] }
            }
        }
        self.all = all
        self.bestByEnd = bestByEnd
    }
}
