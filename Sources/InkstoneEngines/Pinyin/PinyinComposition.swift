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
    /// The search's work, for the next key to reuse.
    let search: Search

    /// The most candidates one input offers.
    public static let candidateLimit = 100
    /// What a letter no syllable covers costs, in nats (worse than any word).
    static let literalPenalty = 40.0
    /// The most edge runs tried from one position (bounds the work per key).
    static let runLimit = 400

    /// The sentence text.
    public var sentenceText: String { sentence.map(\.text).joined() }

    /// Composes the input of `lattice` with `dictionary`, ranking learnt choices first.
    ///
    /// The best sentence is found by a beam search over the lattice's positions: each
    /// position keeps the best paths that reach it, one per context (the last two words, as
    /// the dictionary's language model knows them), at most the model weights' beam width;
    /// without a model the context is always empty and one path per position is kept (the
    /// best by word weights). Each path is extended by the best words of every span that
    /// starts where it ends.
    ///
    /// With `previous` (the composition of the input before a key, made with the same
    /// dictionary), the search keeps its work for the positions whose words read only letters
    /// and lattice edges the two inputs share (see ``Search/reusable(for:dictionary:learning:)``)
    /// and searches on from the first other one, taking the words found before from every
    /// position whose words still read only shared letters and edges (the paths change, the
    /// words do not). The result equals the composition made afresh.
    public init(
        lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?,
        reusing previous: PinyinComposition? = nil
    ) {
        let count = lattice.count
        let model = dictionary.model
        let beam = model == nil ? 1 : dictionary.weights.beamWidth
        let perSpan = model == nil ? 1 : dictionary.weights.wordsPerSpan
        var search = Search(lattice: lattice, dictionary: dictionary, learning: learning)
        let shared = previous?.search.sharedPositions(with: lattice, dictionary: dictionary, learning: learning) ?? 0
        let kept = previous?.search.reusable(sharing: shared) ?? 0
        if let old = previous?.search, kept > 0 {
            search.keep(kept, of: old)
        } else {
            search.columns[0].offer(
                score: 0, context: Context(first: nil, second: model?.sentenceStart), previous: -1, step: -1)
        }
        for position in kept..<count {
            search.triedBefore[position] = search.tried.count
            search.reach[position] = position
            search.columns[position].prune(to: beam)
            let nodes = search.columns[position].nodes
            guard !nodes.isEmpty else { continue }
            if lattice.input[position] == PinyinLattice.separator {
                search.tried.append(Step(from: position, word: nil, run: []))
                for (index, node) in nodes.enumerated() {
                    search.offer(
                        from: position, to: position + 1, score: node.score, context: node.context, previous: index,
                        step: search.tried.count - 1)
                }
                continue
            }
            // Past the kept positions, words that read no changed letter or edge are found again as they were.
            let before = previous?.search.startWords(at: position)
            let words =
                before.flatMap { $0.reach < shared ? $0 : nil }
                ?? StartWords(
                    from: position, lattice: lattice, dictionary: dictionary, learning: learning,
                    keepingAll: position == 0, limit: perSpan, reusing: before, shared: shared)
            search.starts[position] = words
            search.reach[position] = words.reach
            for end in words.byEnd.keys.sorted() {
                let choices = words.byEnd[end] ?? []
                let first = search.tried.count
                search.tried += choices.map { Step(from: position, word: $0.word, run: $0.run) }
                let learnt = choices.contains { $0.word.isLearnt }
                for (index, node) in nodes.enumerated() {
                    // Learnt words are ranked against the others: all costs at once (rare).
                    let costs =
                        learnt ? Self.costs(of: choices.map(\.word), after: node.context, dictionary: dictionary) : nil
                    for choice in choices.indices {
                        let word = choices[choice].word
                        let cost = costs?[choice] ?? Self.cost(of: word, after: node.context, dictionary: dictionary)
                        search.offer(
                            from: position, to: end, score: node.score + cost,
                            context: model == nil ? node.context : node.context.then(word.modelWords),
                            previous: index, step: first + choice)
                    }
                }
            }
            // A letter no word starts at stands as itself, so every input has a reading.
            guard words.byEnd.isEmpty else { continue }
            let letter = String(decoding: lattice.input[position...position], as: UTF8.self)
            let literal = PinyinWord(
                text: letter, reading: "", start: position, end: position + 1,
                score: -Self.literalPenalty, isAbbreviated: false)
            search.tried.append(Step(from: position, word: literal, run: []))
            for (index, node) in nodes.enumerated() {
                search.offer(
                    from: position, to: position + 1, score: node.score + literal.score,
                    context: model == nil ? node.context : node.context.then([]), previous: index,
                    step: search.tried.count - 1)
            }
        }
        search.triedBefore[count] = search.tried.count
        self.search = search
        var columns = search.columns
        let tried = search.tried
        // The best path to the end (with the model: the sentence's end scored after its last word).
        columns[count].prune(to: beam)
        let ends = columns[count].nodes.map { node in
            guard let model, dictionary.weights.scoresSentenceEnd, model.sentenceEnd != KenLMTrieModel.unknown else {
                return node.score
            }
            return node.score
                + dictionary.modelScore(context: (node.context.first, node.context.second), word: model.sentenceEnd)
        }
        var path: [Step] = []
        var at = count
        var index = ends.indices.max { ends[$0] < ends[$1] || (ends[$0] == ends[$1] && $0 > $1) }
        while at > 0, let current = index, case let node = columns[at].nodes[current], node.step >= 0 {
            let step = tried[node.step]
            path.append(step)
            index = node.previous
            at = step.from
        }
        let steps = Array(path.reversed())
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
        let start = lattice.skippingSeparators(0)
        candidates = Self.candidates(
            sentence: sentence, first: start < count ? search.starts[start] : nil, count: count)
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
        var seen = Set(list.map { PinyinTextKey(text: $0.text) })
        for word in words where list.count < candidateLimit && seen.insert(PinyinTextKey(text: word.text)).inserted {
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

    /// What each of `words` (over one span, best by ``PinyinWord/prior`` first) adds to a path whose
    /// last words are `context` (see ``cost(of:after:dictionary:)``). A learnt word scores above
    /// the best of the others (a learnt phrase at least ``PinyinDictionary/learntPhraseScore``),
    /// so learnt choices still win.
    static func costs(of words: [PinyinWord], after context: Context, dictionary: PinyinDictionary) -> [Double] {
        var costs = words.map { cost(of: $0, after: context, dictionary: dictionary) }
        guard dictionary.model != nil else { return costs }
        guard words.contains(where: \.isLearnt) else { return costs }
        let best = zip(words, costs).filter { !$0.0.isLearnt }.map(\.1).max() ?? -.infinity
        for (index, word) in words.enumerated() where word.isLearnt {
            let raised = max(costs[index], best) + PinyinDictionary.learntBonus - Double(index) * 0.01
            costs[index] =
                word.reading.contains(" ") ? max(raised, PinyinDictionary.learntPhraseScore) : raised
        }
        return costs
    }

    /// What `word` adds to a path whose last words are `context`, learning aside: the model's
    /// log probability of its model words in turn, each after the two before it; its table
    /// score less ``PinyinModelWeights/unknownPenalty`` when the model lacks it; its table
    /// score alone without a model. A word read over abbreviated syllables keeps its table
    /// score: the user has not typed it yet, and how common a word is says more about what
    /// is being typed (`nih`: 你好) than what follows the words before it.
    static func cost(of word: PinyinWord, after context: Context, dictionary: PinyinDictionary) -> Double {
        guard dictionary.model != nil, !word.isAbbreviated else { return word.score }
        guard !word.modelWords.isEmpty else { return word.score - dictionary.weights.unknownPenalty }
        var total = dictionary.weights.readingShareWeight * word.readingShare - word.penalty
        var before = context
        for id in word.modelWords {
            total += dictionary.modelScore(context: (before.first, before.second), word: id)
            before = before.then(id)
        }
        return total
    }

    /// The last two words of a path, as model ids (nil: none, or no model).
    struct Context: Hashable {
        var first: UInt32?
        var second: UInt32?

        /// Both words in one integer (hashed once, as one value).
        var key: UInt64 { UInt64(first.map { $0 + 1 } ?? 0) << 32 | UInt64(second.map { $0 + 1 } ?? 0) }

        /// The context after a word read as the model words `words` (none: a word the model
        /// lacks, read as `<unk>`).
        func then(_ words: [UInt32]) -> Context {
            switch words.count {
            case 0: then(KenLMTrieModel.unknown)
            case 1: then(words[0])
            default: Context(first: words[words.count - 2], second: words[words.count - 1])
            }
        }

        /// The context after the model word `word`.
        func then(_ word: UInt32) -> Context { Context(first: second, second: word) }
    }

    /// A path's last step: its score, context, where it came from (an index into the
    /// column its step starts at) and the step (an index into the steps tried; -1 for none).
    struct Node {
        var score: Double
        var context: Context
        var previous: Int
        var step: Int
    }

    /// The paths reaching one position: the best per context.
    struct Column {
        var nodes: [Node] = []
        var byContext: [UInt64: Int] = [:]

        /// Keeps the path unless one with the same context scores at least as well.
        mutating func offer(score: Double, context: Context, previous: Int, step: Int) {
            let key = context.key
            if let known = byContext[key] {
                if score > nodes[known].score {
                    nodes[known] = Node(score: score, context: context, previous: previous, step: step)
                }
                return
            }
            byContext[key] = nodes.count
            nodes.append(Node(score: score, context: context, previous: previous, step: step))
        }

        /// Keeps the `width` best (earlier added first among equals).
        mutating func prune(to width: Int) {
            byContext = [:]
            guard nodes.count > width else { return }
            nodes = nodes.enumerated()
                .sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }
                .prefix(width).map(\.element)
        }
    }
}

/// The words that start at one position of the lattice: all of them (when
/// asked: only the first position's become candidates), and the best few for each
/// end with the edges each was read over.
struct StartWords {
    var all: [PinyinWord]
    var byEnd: [Int: [(word: PinyinWord, run: [PinyinEdge])]]
    /// The furthest position whose letters or edges the words were found with (the
    /// words are the same for any input that shares the letters and edges up to it).
    var reach: Int

    /// The words of every run of edges looked up, by the run's ``runKey(_:)``.
    var runs: [[UInt32]: (words: [PinyinWord], mayExtend: Bool)] = [:]

    /// The words from `start` of `lattice`; with `previous` (the words from the same position
    /// of an input whose first `shared` positions have the same letters and edges), the runs
    /// of edges that start there only are not looked up again.
    init(
        from start: Int, lattice: PinyinLattice, dictionary: PinyinDictionary, learning: (any CandidateLearning)?,
        keepingAll: Bool, limit: Int = 1, reusing previous: StartWords? = nil, shared: Int = 0
    ) {
        var all: [PinyinWord] = []
        var byEnd: [Int: [(word: PinyinWord, run: [PinyinEdge])]] = [:]
        var reach = start
        var budget = PinyinComposition.runLimit
        // Depth-first over runs of edges, as long as longer words may start with the run.
        var stack: [[PinyinEdge]] = lattice.edgesFrom[start].reversed().map { [$0] }
        while let run = stack.popLast(), budget > 0 {
            budget -= 1
            guard let edge = run.last else { continue }
            let key = Self.runKey(run)
            let known = edge.start < shared ? previous?.runs[key] : nil
            let (words, mayExtend) =
                known ?? dictionary.words(for: run, learning: learning, limit: keepingAll ? .max : limit)
            runs[key] = (words, mayExtend)
            if !words.isEmpty { byEnd[edge.end, default: []] += words.prefix(limit).map { ($0, run) } }
            if keepingAll { all += words }
            guard mayExtend, run.count < PinyinDictionary.maximumWordSyllables else { continue }
            // Where the run goes on reads the letters (and the count) up to there.
            let next = lattice.skippingSeparators(edge.end)
            reach = max(reach, next)
            if next < lattice.count {
                stack += lattice.edgesFrom[next].reversed().map { run + [$0] }
            }
        }
        // The best of each end, first found first among equals; one per text.
        for (end, choices) in byEnd {
            var seen = Set<PinyinTextKey>()
            byEnd[end] = choices.enumerated()
                .sorted { ($0.element.word.prior, $1.offset) > ($1.element.word.prior, $0.offset) }
                .map(\.element).filter { seen.insert(PinyinTextKey(text: $0.word.text)).inserted }
                .prefix(limit).map { $0 }
        }
        self.all = all
        self.byEnd = byEnd
        self.reach = reach
    }

    /// What tells a run of edges from the others of one lattice: each edge's start, end and kind.
    static func runKey(_ run: [PinyinEdge]) -> [UInt32] {
        run.map { edge in
            let kind: UInt32 =
                switch edge.kind {
                case .syllable: 0
                case .initial: 1
                case .unfinished: 2
                }
            return UInt32(truncatingIfNeeded: edge.start) << 17 | UInt32(truncatingIfNeeded: edge.end) << 2 | kind
        }
    }
}
