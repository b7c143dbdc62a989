/// Sentence conversion ranked by the language model (``KkcLanguageModel``).
///
/// The lattice has a node for the likeliest words of the model
/// (``KkcLanguageModel/likeliestWords(reading:)``) whose reading starts at a position
/// (`きょう/今日`, `か/書`, `ま/ま`: the model's words are short, inflections come in
/// pieces), every SKK word the model lacks (the first ``dictionaryWordsPerReading``
/// of a reading; for an okuri-ari word also its stem as the model's word, `炊` of
/// `炊き`), 来る's stems (``JapaneseGrammar/kuruStems``), SKK number entries for digits
/// (``JapaneseNumbers``), what the user has learnt, function words, loanwords in katakana, and
/// each single character. The cheapest path (Viterbi) wins: a model word costs its
/// trigram cost (−log₁₀, backing off to the bigram and unigram), any other node a fixed cost
/// (``JapaneseModelCosts``). Each node keeps its ``statesPerNode`` cheapest predecessors (a
/// state is the last two words, what the trigram of the next word needs), each position only
/// its ``beamWidth`` cheapest nodes as predecessors. Segments are built from the path: a node joins the segment before it when
/// it is a function word or an inflection piece in kana (`ま`, `し`, `た`).
extension JapaneseConverter {
    /// How many of a position's cheapest nodes the next words may follow.
    public static let defaultBeamWidth = 6
    /// How many of a reading's words (the likeliest by unigram cost) join the lattice: a reading
    /// such as `し` has over a hundred, and the rare ones never win a sentence.
    public static let defaultModelWordsPerReading = 12
    /// How many states (predecessors) a node keeps: the trigram of the next word sees each.
    public static let defaultStatesPerNode = 3
    /// How many of a reading's SKK words join the lattice when the model lacks them.
    static let dictionaryWordsPerReading = 3

    /// One lattice node.
    struct ModelNode {
        var start: Int
        var end: Int
        var text: String
        /// The model's word, nil for a node the model lacks.
        var word: KkcLanguageModel.WordID?
        /// The cost of a node the model lacks; for a model word, a bonus added to its model cost.
        var cost: Double
        var kind: Edge.Kind
        /// The cheapest ways to reach the node, cheapest first, each through another predecessor.
        var states: [State] = []
        /// Whether each state's ``State/pair`` was looked up.
        var pairsKnown = false

        /// The cheapest cost of the sentence up to here.
        var total: Double { states.first?.total ?? .infinity }

        /// One way to reach a node: through the node `previous` (-1: the sentence start) in its state `previousState`.
        struct State {
            var total: Double
            var previous: Int
            var previousState: Int
            /// As a context for the next word: the bigram record of (`previous`, this node) and its
            /// backoff, nil when the model lacks the pair (or not looked up yet).
            var pair: (record: Int, backoff: Double)?
        }
    }

    /// `characters` converted with `model` (see ``convertFirst(_:)``): each segment holds the
    /// path's text alone, with what ``completed(_:)`` needs to build its other candidates.
    func convert(_ characters: [Character], model: KkcLanguageModel) -> [JapaneseSegment] {
        let path = bestModelPath(characters, model: model)
        var groups: [(start: Int, contentEnd: Int, end: Int, text: String, kind: Edge.Kind)] = []
        var afterParticle = false
        for node in path {
            let reading = characters[node.start..<node.end]
            defer {
                afterParticle =
                    reading.count == 1 && JapaneseGrammar.particleKana.contains(reading[reading.startIndex])
                    && node.text == String(reading)
            }
            if let last = groups.last, last.end == node.start,
                node.kind == .unknown
                    ? last.kind == .unknown
                    : isAttached(
                        node, reading: String(reading), after: characters[last.start..<last.end],
                        afterParticle: afterParticle)
            {
                groups[groups.count - 1].end = node.end
                groups[groups.count - 1].text += node.text
                if node.kind == .unknown { groups[groups.count - 1].contentEnd = node.end }
            } else {
                groups.append((node.start, node.end, node.end, node.text, node.kind))
            }
        }
        return groups.map { group in
            var segment = JapaneseSegment(
                reading: String(characters[group.start..<group.end]), candidates: [Candidate(text: group.text)])
            segment.pendingSource = JapaneseCandidateSource(
                contentLength: group.contentEnd - group.start, kind: group.kind)
            return segment
        }
    }

    /// `characters` as one segment: the model's best reading of it (as the start of a
    /// sentence that goes on) first.
    func segment(_ characters: [Character], model: KkcLanguageModel) -> JapaneseSegment {
        let path = bestModelPath(characters, model: model, closed: false)
        let text = path.map(\.text).joined()
        let contentEnd = path.first.map { node in node.kind == .unknown ? characters.count : node.end } ?? 0
        let kind = path.first?.kind ?? .unknown
        return Self.leading(text, in: segment(characters[...], contentLength: contentEnd, kind: kind))
    }

    /// `segment` with `text` as its first candidate.
    static func leading(_ text: String, in segment: JapaneseSegment) -> JapaneseSegment {
        var candidates = segment.candidates
        if let found = candidates.firstIndex(where: { $0.text == text }) {
            candidates.insert(candidates.remove(at: found), at: 0)
        } else {
            candidates.insert(Candidate(text: text), at: 0)
        }
        return JapaneseSegment(reading: segment.reading, candidates: candidates)
    }

    /// Whether a node on the path belongs to the segment `before` it: a function word or an
    /// inflection piece (one mora, or a known piece) in kana; but いる after a て-form
    /// (`鳴いて|います`) starts a segment of its own.
    private func isAttached(
        _ node: ModelNode, reading: String, after before: ArraySlice<Character>, afterParticle: Bool
    ) -> Bool {
        guard node.text == reading, Self.isHiragana(reading), node.kind != .learnt else { return false }
        if reading.first == "い", let last = before.last, last == "て" || last == "で", before.count > 1 {
            return false
        }
        // After a particle only another particle or what makes a function word with it
        // (`に`+`は`, `で`+`す`); after an adverbial く, なる and する
        // start their own segment (`高く|なりました`).
        if let last = before.last, afterParticle {
            let joined = String(last) + reading
            let particle = reading.count == 1 && JapaneseGrammar.particleKana.contains(Character(reading))
            guard
                particle || JapaneseGrammar.functionWords.contains(joined)
                    || JapaneseGrammar.inflectionPieces.contains(joined)
            else { return false }
        }
        if before.last == "く", before.count > 1, reading.first == "な" || reading.first == "し" { return false }
        if JapaneseGrammar.functionWords.contains(reading) || JapaneseGrammar.inflectionPieces.contains(reading) {
            return true
        }
        let characters = Array(reading)
        return characters.count == 1 || (characters.count == 2 && "ゃゅょぁぃぅぇぉ".contains(characters[1]))
    }

    // MARK: The lattice

    /// The cheapest path over `characters`; `closed`: they end the sentence (the model's `</s>` follows).
    func bestModelPath(_ characters: [Character], model: KkcLanguageModel, closed: Bool = true) -> [ModelNode] {
        let count = characters.count
        var nodes: [ModelNode] = []
        var endingAt = [[Int]](repeating: [], count: count + 1)
        for start in 0..<count {
            let predecessors: [Int]
            if start == 0 {
                predecessors = [-1]
            } else {
                predecessors = Array(
                    endingAt[start].filter { !nodes[$0].states.isEmpty }
                        .sorted { nodes[$0].total < nodes[$1].total }.prefix(beamWidth))
                if predecessors.isEmpty { continue }
                for index in predecessors { resolvePairs(index, nodes: &nodes, model: model) }
            }
            for var node in latticeNodes(from: start, in: characters, model: model) {
                for previous in predecessors { extend(&node, from: previous, nodes: nodes, model: model) }
                endingAt[node.end].append(nodes.count)
                nodes.append(node)
            }
        }
        var end = ModelNode(
            start: count, end: count, text: "", word: closed ? model.eos : nil, cost: 0, kind: .function)
        for index in endingAt[count] where !nodes[index].states.isEmpty {
            resolvePairs(index, nodes: &nodes, model: model)
            extend(&end, from: index, nodes: nodes, model: model)
        }
        var path: [ModelNode] = []
        var step = end.states.first.map { ($0.previous, $0.previousState) }
        while let (index, state) = step, index >= 0 {
            path.append(nodes[index])
            let taken = nodes[index].states[state]
            step = (taken.previous, taken.previousState)
        }
        return path.reversed()
    }

    /// Offers `node` every state of the node `previous` (-1: the sentence start) as its
    /// context; `node` keeps its ``statesPerNode`` cheapest states, one per predecessor.
    private func extend(_ node: inout ModelNode, from previous: Int, nodes: [ModelNode], model: KkcLanguageModel) {
        var best = ModelNode.State(total: .infinity, previous: previous, previousState: 0)
        if previous < 0 {
            best.total = node.word.map { model.bigramCost(model.bos, $0) + node.cost } ?? node.cost
        } else {
            // The bigram cost after `previous` is the same for each of its states: looked up once, if needed.
            var bigram: Double?
            let previousWord = nodes[previous].word
            for (index, state) in nodes[previous].states.enumerated() {
                let total =
                    state.total
                    + transitionCost(from: previousWord, state: state, to: node, model: model, bigram: &bigram)
                if total < best.total {
                    best.total = total
                    best.previousState = index
                }
            }
        }
        guard best.total < .infinity else { return }
        let position = node.states.firstIndex { $0.total > best.total } ?? node.states.count
        guard position < statesPerNode else { return }
        node.states.insert(best, at: position)
        if node.states.count > statesPerNode { node.states.removeLast() }
    }

    /// Looks up, once, the bigram (predecessor, node) of each state of the node `index`: its context as a predecessor.
    private func resolvePairs(_ index: Int, nodes: inout [ModelNode], model: KkcLanguageModel) {
        guard !nodes[index].pairsKnown else { return }
        nodes[index].pairsKnown = true
        guard let word = nodes[index].word else { return }
        for position in nodes[index].states.indices {
            let before = nodes[index].states[position].previous
            guard let first = before < 0 ? model.bos : nodes[before].word,
                let record = model.bigram(first, word)
            else { continue }
            nodes[index].states[position].pair = (record, model.bigramBackoff(record: record))
        }
    }

    /// The cost of `node` after the word `previous` (nil: a word the model lacks) in `state`:
    /// the trigram cost with the state's predecessor, backing off as
    /// ``KkcLanguageModel/trigramCost(_:_:_:)``. `bigram` remembers the bigram cost of
    /// (`previous`, `node`) once looked up.
    private func transitionCost(
        from previous: KkcLanguageModel.WordID?, state: ModelNode.State, to node: ModelNode,
        model: KkcLanguageModel, bigram: inout Double?
    ) -> Double {
        guard let word = node.word else { return node.cost }
        guard let last = previous else { return model.unigramCost(word) + node.cost }
        if let pair = state.pair, let record = model.trigram(pair.record, word) {
            return model.trigramCost(record: record) + node.cost
        }
        let cost = bigram ?? model.bigramCost(last, word)
        bigram = cost
        return (state.pair?.backoff ?? 0) + cost + node.cost
    }

    /// Every node starting at `start`.
    private func latticeNodes(from start: Int, in characters: [Character], model: KkcLanguageModel) -> [ModelNode] {
        var nodes: [ModelNode] = []
        // A node per (end, text): a scan of the few nodes so far costs less than hashing their texts.
        func add(_ end: Int, _ text: String, _ word: KkcLanguageModel.WordID?, _ cost: Double, _ kind: Edge.Kind) {
            // Byte comparison: both texts are NFC.
            guard !nodes.contains(where: { $0.end == end && $0.text.utf8.elementsEqual(text.utf8) }) else { return }
            nodes.append(ModelNode(start: start, end: end, text: text, word: word, cost: cost, kind: kind))
        }
        let limit = min(characters.count, start + Self.maximumWordLength)
        let rest = String(characters[start..<limit])
        // An SKK word the model lacks (or has beyond a reading's likeliest words): a fixed cost.
        func addDictionaryWord(_ end: Int, _ text: String, _ kind: Edge.Kind) {
            add(end, text, nil, JapaneseModelCosts.dictionaryWord(length: end - start), kind)
        }
        for reading in model.readings(prefixing: rest) {
            let end = start + reading.count
            if let learning {
                for text in learning.learned(for: reading) {
                    add(end, text, model.word(reading: reading, text: text), JapaneseModelCosts.learnt, .learnt)
                }
            }
            for word in model.likeliestWords(reading: reading).prefix(modelWordsPerReading) {
                add(end, word.text, word.id, 0, word.text == reading ? .kana : .word)
            }
        }
        var reading = ""
        // Whether some dictionary reading starts with `reading`: once none does, no longer
        // span is a word (nor, one character later, an okuri-ari stem), and lookups stop.
        var readingStartsWord = true
        var spanHasDigit = false
        var spanHasLoanwordMarker = false
        for end in (start + 1)...limit {
            reading.append(characters[end - 1])
            if JapaneseGrammar.isLoanwordMarker(characters[end - 1]) { spanHasLoanwordMarker = true }
            if JapaneseNumbers.isDigit(characters[end - 1]) { spanHasDigit = true }
            if spanHasDigit, Self.keepsNumbersWhole(start, end, in: characters) {
                for entry in numberEntries(characters[start..<end], limit: Self.dictionaryWordsPerReading) {
                    add(end, entry.text, nil, JapaneseModelCosts.dictionaryWord(length: end - start), .word)
                }
            }
            let stemStartsWord = readingStartsWord
            if readingStartsWord { readingStartsWord = table.hasReadings(withPrefix: reading) }
            if let learning {
                for text in learning.learned(for: reading) {
                    add(end, text, nil, JapaneseModelCosts.learntUnknown, .learnt)
                }
            }
            if readingStartsWord {
                for entry in table.entries(for: reading, limit: Self.dictionaryWordsPerReading) {
                    addDictionaryWord(end, entry.text, .word)
                }
            }
            if end - start >= 2, stemStartsWord {
                for entry in okuriEntries(characters[start..<end], limit: Self.dictionaryWordsPerReading) {
                    addDictionaryWord(end, entry.text, .okuri)
                    // The stem as the model's own word (炊 of `たk`, beyond a reading's likeliest
                    // words): its okurigana then comes as a piece of its own, as the model splits verbs.
                    let stem = String(entry.text.dropLast())
                    if let word = model.word(reading: String(characters[start..<(end - 1)]), text: stem) {
                        add(end - 1, stem, word, 0, .word)
                    }
                }
            }
            if end - start <= JapaneseGrammar.longestKanaWord,
                JapaneseGrammar.functionWords.contains(reading) || JapaneseGrammar.kanaWords.contains(reading)
            {
                add(end, reading, nil, JapaneseModelCosts.kanaWord, .function)
            }
            if spanHasLoanwordMarker, end - start >= 2,
                JapaneseGrammar.looksLikeLoanword(characters[start..<end], atStart: start == 0)
            {
                add(end, KanaForms.katakana(reading), nil, JapaneseModelCosts.loanword(length: end - start), .katakana)
            }
        }
        if let stem = JapaneseGrammar.kuruStem(in: characters, at: start) {
            let word = model.word(reading: stem, text: JapaneseModelCosts.kuru)
            let cost = word == nil ? JapaneseModelCosts.dictionaryWord(length: 1) : 0
            add(start + 1, JapaneseModelCosts.kuru, word, cost, .okuri)
            // Away from a て-form (where 来る is the auxiliary, `してきます`), the stem in kana costs more.
            let auxiliary = start > 0 && (characters[start - 1] == "て" || characters[start - 1] == "で")
            if !auxiliary, let kana = nodes.firstIndex(where: { $0.end == start + 1 && $0.text == stem }) {
                nodes[kana].cost += JapaneseModelCosts.kanaKuruStem
            }
        }
        let character = characters[start]
        let single = String(character)
        add(
            start + 1, single, nil,
            Self.isHiragana(character) ? JapaneseModelCosts.unknownKana : JapaneseModelCosts.unknownOther, .unknown)
        return nodes
    }
}

/// The fixed costs (−log₁₀ scale, as the model's) of lattice nodes the model lacks.
enum JapaneseModelCosts {
    /// How 来る's stem is written (see ``JapaneseGrammar/kuruStems``).
    static let kuru = "来"
    /// Added to the kana stem of 来る (`き` before `ます`) anywhere but after a て-form: the
    /// model's corpus writes the auxiliary `〜てきます` in kana, which makes kana `き` likelier
    /// than the verb 来 everywhere.
    static let kanaKuruStem = 0.5
    /// A learnt word the model has: a bonus on its model cost.
    static let learnt = -4.0
    /// A learnt word the model lacks.
    static let learntUnknown = 1.0
    /// A function or common kana word the model lacks.
    static let kanaWord = 6.0
    /// A hiragana character no word covers.
    static let unknownKana = 9.0
    /// Any other character (digits, symbols, katakana) no word covers.
    static let unknownOther = 4.0

    /// An SKK word the model lacks: a rare word, a little cheaper per character covered.
    static func dictionaryWord(length: Int) -> Double { 8.0 - 0.3 * Double(min(length, 6)) }

    /// A loanword in katakana the model lacks.
    static func loanword(length: Int) -> Double { 6.0 + 0.2 * Double(length) }
}
