/// Splits kana into segments and converts each, over a reading table of SKK
/// entries (okuri-nasi `かんじ`, okuri-ari `かk`) and what the user has learnt.
///
/// With a language model (``KkcLanguageModel``, Debian's libkkc-data) the sentence is
/// ranked by it (see `JapaneseConverter+Model.swift`); without one, by the hand-set
/// costs below. A lattice over the kana has an edge for every dictionary word (with its
/// okurigana for okuri-ari entries), every function word (``JapaneseGrammar``) and
/// every single character (kana kept as is); the cheapest path wins. SKK data has
/// no frequencies, so the costs are counts: each content word costs 10 (learnt
/// readings 7, okuri-ari words 10.05 so an okuri-nasi homograph wins alone), minus
/// 0.1 per character so longer words win ties; a particle costs 3, an inflection
/// ending (``JapaneseGrammar/endings``) 2 after an okuri-ari word and 4 after any other
/// (so `いきます` is 行きます, not 息ます); a function word at the start costs 12 and a
/// kana no word covers 15. A segment is a content word with the function words after it.
public struct JapaneseConverter: Sendable {
    /// The dictionary.
    public let table: any ReadingTable
    /// What the user chose before (nil: nothing is learnt).
    public let learning: (any CandidateLearning)?
    /// The language model that ranks sentences (nil: the hand-set costs below rank them).
    public let model: KkcLanguageModel?
    /// With a model: how many of a position's cheapest lattice nodes the next words may follow.
    public var beamWidth = JapaneseConverter.defaultBeamWidth
    /// With a model: how many of a reading's likeliest words join the lattice.
    public var modelWordsPerReading = JapaneseConverter.defaultModelWordsPerReading
    /// With a model: how many predecessors each lattice node keeps (its second-order states).
    public var statesPerNode = JapaneseConverter.defaultStatesPerNode

    /// The longest reading looked up, in characters.
    static let maximumWordLength = 16

    /// A converter over `table`, ranking with `model` (see ``KkcLanguageModel/shared``) and `learning`.
    public init(table: any ReadingTable, learning: (any CandidateLearning)?, model: KkcLanguageModel? = nil) {
        self.table = table
        self.learning = learning
        self.model = model
    }

    /// One lattice edge.
    struct Edge {
        enum Kind { case word, okuri, ichidan, kana, katakana, learnt, function, unknown }
        var start: Int
        var end: Int
        var kind: Kind
        var cost: Double
    }

    /// `kana` split into converted segments (the best path), nil-free and covering all of it,
    /// each with every candidate.
    public func convert(_ kana: String) -> [JapaneseSegment] {
        convertFirst(kana).map(completed)
    }

    /// `kana` split into segments as ``convert(_:)`` does, each segment's first candidate
    /// alone until ``completed(_:)`` builds the others (``JapaneseSegment/isComplete``):
    /// what a conversion key needs, as a segment's candidates are looked at one at a time.
    public func convertFirst(_ kana: String) -> [JapaneseSegment] {
        let characters = Array(kana)
        guard !characters.isEmpty else { return [] }
        if let model { return convert(characters, model: model) }
        var groups: [(start: Int, contentEnd: Int, end: Int, kind: Edge.Kind)] = []
        for edge in bestPath(characters) {
            switch edge.kind {
            case .function where !groups.isEmpty:
                groups[groups.count - 1].end = edge.end
            case .unknown where groups.last.map({ $0.kind == .unknown && $0.end == edge.start }) == true:
                groups[groups.count - 1].end = edge.end
                groups[groups.count - 1].contentEnd = edge.end
            default:
                groups.append((edge.start, edge.end, edge.end, edge.kind))
            }
        }
        return groups.map { group in
            segment(
                characters[group.start..<group.end], contentLength: group.contentEnd - group.start, kind: group.kind)
        }
    }

    /// `segment` with every candidate: the same segment when it has them, else its
    /// candidates built, its first and its chosen one kept.
    public func completed(_ segment: JapaneseSegment) -> JapaneseSegment {
        guard let source = segment.pendingSource, let first = segment.candidates.first else { return segment }
        let characters = Array(segment.reading)
        var full = Self.leading(
            first.text, in: self.segment(characters[...], contentLength: source.contentLength, kind: source.kind))
        full.choose(segment.text)
        return full
    }

    /// `reading` as one segment: the longest dictionary word at its start that the
    /// rest of it follows as function words, else the kana as is.
    public func segment(reading: String) -> JapaneseSegment {
        let characters = Array(reading)
        if let model, !characters.isEmpty { return segment(characters, model: model) }
        if learning.map({ !$0.learned(for: reading).isEmpty }) == true {
            return segment(characters[...], contentLength: characters.count, kind: .learnt)
        }
        var length = min(characters.count, Self.maximumWordLength)
        while length > 0 {
            let rest = characters[length...]
            if rest.isEmpty || isFunctionWords(rest) {
                let content = String(characters[..<length])
                if !table.entries(for: content).isEmpty {
                    return segment(characters[...], contentLength: length, kind: .word)
                }
                if length >= 2, !okuriEntries(characters[..<length]).isEmpty {
                    return segment(characters[...], contentLength: length, kind: .okuri)
                }
            }
            length -= 1
        }
        return segment(characters[...], contentLength: characters.count, kind: .unknown)
    }

    // MARK: Lattice

    private func bestPath(_ characters: [Character]) -> [Edge] {
        // States: (position, what the last edge was: 0 a noun or kana, 1 a verb or adjective
        // (endings cost less after one), 2 a function word (another costs more)).
        let count = characters.count
        var best = [[Double]](repeating: [.infinity, .infinity, .infinity], count: count + 1)
        var back = [[(edge: Edge, state: Int)?]](repeating: [nil, nil, nil], count: count + 1)
        best[0][0] = 0
        for start in 0..<count {
            let starts = edges(from: start, in: characters)
            for state in 0...2 where best[start][state] < .infinity {
                for edge in starts {
                    var cost = edge.cost
                    if edge.kind == .function, start > 0 {
                        let ending = JapaneseGrammar.endings.contains(String(characters[edge.start..<edge.end]))
                        cost = state == 2 ? 6 : ending ? (state == 1 ? 2 : 4) : 3
                    }
                    let next: Int
                    switch edge.kind {
                    case .okuri, .ichidan, .kana: next = 1
                    case .function: next = 2
                    default: next = 0
                    }
                    if best[start][state] + cost < best[edge.end][next] {
                        best[edge.end][next] = best[start][state] + cost
                        back[edge.end][next] = (edge, state)
                    }
                }
            }
        }
        var path: [Edge] = []
        var position = count
        var state = (0...2).min { best[count][$0] < best[count][$1] } ?? 0
        while position > 0, let step = back[position][state] {
            path.append(step.edge)
            position = step.edge.start
            state = step.state
        }
        return path.reversed()
    }

    private func edges(from start: Int, in characters: [Character]) -> [Edge] {
        var found: [Edge] = []
        let limit = min(characters.count, start + Self.maximumWordLength)
        var reading = ""
        for end in (start + 1)...max(start + 1, limit) where end <= characters.count {
            reading.append(characters[end - 1])
            let bonus = 0.1 * Double(end - start)
            if let learning, !learning.learned(for: reading).isEmpty {
                found.append(Edge(start: start, end: end, kind: .learnt, cost: 7 - bonus))
            }
            if !table.entries(for: reading, limit: 1).isEmpty {
                found.append(Edge(start: start, end: end, kind: .word, cost: 10 - bonus + particlePenalty(reading)))
            }
            if Self.keepsNumbersWhole(start, end, in: characters),
                !numberEntries(characters[start..<end], limit: 1).isEmpty
            {
                found.append(Edge(start: start, end: end, kind: .word, cost: 10 - bonus))
            }
            if end - start >= 2, !okuriEntries(characters[start..<end]).isEmpty {
                // An adjective (a stem of two kana or more + い) wins over an okuri-nasi homograph.
                let adjective = end - start >= 3 && characters[end - 1] == "い"
                found.append(Edge(start: start, end: end, kind: .okuri, cost: (adjective ? 9.9 : 10.05) - bonus))
            }
            if !ichidanEntries(characters[start..<end]).isEmpty {
                found.append(Edge(start: start, end: end, kind: .ichidan, cost: 10.1 - bonus))
            }
            if JapaneseGrammar.kanaWords.contains(reading) {
                found.append(Edge(start: start, end: end, kind: .kana, cost: 8.5 - bonus))
            }
            if end - start >= 2, JapaneseGrammar.looksLikeLoanword(characters[start..<end], atStart: start == 0) {
                found.append(Edge(start: start, end: end, kind: .katakana, cost: 8 + 0.5 * Double(end - start)))
            }
            if end - start <= JapaneseGrammar.longestFunctionWord, JapaneseGrammar.functionWords.contains(reading) {
                found.append(Edge(start: start, end: end, kind: .function, cost: start == 0 ? 12 : 3))
            }
        }
        let character = characters[start]
        found.append(Edge(start: start, end: start + 1, kind: .unknown, cost: Self.isHiragana(character) ? 15 : 1))
        return found
    }

    /// The extra cost of a dictionary word that is a shorter word and a particle
    /// (`にくが` 肉芽 beside 肉 + が; for a one-kana word only が and を: `ひが` 彼我
    /// beside 日 + が): 3.5, so the particle reading wins.
    private func particlePenalty(_ reading: String) -> Double {
        guard reading.count >= 2, let last = reading.last, JapaneseGrammar.particleKana.contains(last),
            reading.count >= 3 || last == "が" || last == "を",
            !table.entries(for: String(reading.dropLast())).isEmpty
        else { return 0 }
        return 3.5
    }

    /// Whether `characters` is a run of function words.
    func isFunctionWords(_ characters: ArraySlice<Character>) -> Bool {
        let text = Array(characters)
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for start in 0..<text.count where reachable[start] {
            var word = ""
            for end in (start + 1)...min(text.count, start + JapaneseGrammar.longestFunctionWord) {
                word.append(text[end - 1])
                if JapaneseGrammar.functionWords.contains(word) { reachable[end] = true }
            }
        }
        return reachable[text.count]
    }

    // MARK: Candidates

    /// The okuri-ari entries for a stem + one okurigana kana (`かく` → `かk`), texts with the okurigana appended.
    func okuriEntries(_ characters: ArraySlice<Character>, limit: Int = .max) -> [DictionaryEntry] {
        guard characters.count >= 2, let okurigana = characters.last,
            let letter = JapaneseGrammar.okuriganaLetter(okurigana)
        else { return [] }
        let stem = String(characters.dropLast())
        guard Self.isHiragana(stem) else { return [] }
        return table.entries(for: stem + String(letter), limit: limit).map { entry in
            var entry = entry
            entry.text += String(okurigana)
            return entry
        }
    }

    /// The SKK number entries for `characters`, a span with digits (`だい1` matches `だい#`:
    /// 第一, 第１, 第1 …, see ``JapaneseNumbers``), the dictionary's order, at most `limit`.
    func numberEntries(_ characters: ArraySlice<Character>, limit: Int = .max) -> [DictionaryEntry] {
        guard limit > 0, let (key, numbers) = JapaneseNumbers.key(characters) else { return [] }
        var found: [DictionaryEntry] = []
        for entry in table.entries(for: key) {
            guard let text = JapaneseNumbers.expand(entry.text, numbers: numbers) else { continue }
            found.append(DictionaryEntry(text: text, annotation: entry.annotation, weight: entry.weight))
            if found.count == limit { break }
        }
        return found
    }

    /// Whether `start..<end` of `characters` cuts no run of digits (a number is one word).
    static func keepsNumbersWhole(_ start: Int, _ end: Int, in characters: [Character]) -> Bool {
        let cutsStart =
            start > 0 && JapaneseNumbers.isDigit(characters[start - 1])
            && JapaneseNumbers.isDigit(characters[start])
        let cutsEnd =
            end < characters.count && JapaneseNumbers.isDigit(characters[end - 1])
            && JapaneseNumbers.isDigit(characters[end])
        return !cutsStart && !cutsEnd
    }

    /// The entries of an ichidan verb stem (`み` of 見る, `ね` of 寝る): SKK keys them as
    /// the stem + `r` (`みr` → 見); the stem ends in an i- or e-row kana.
    func ichidanEntries(_ characters: ArraySlice<Character>) -> [DictionaryEntry] {
        guard let last = characters.last, JapaneseGrammar.ichidanStemEnds.contains(last) else { return [] }
        let stem = String(characters)
        guard Self.isHiragana(stem) else { return [] }
        return table.entries(for: stem + "r")
    }

    /// The segment for `characters` whose content word is the first `contentLength`
    /// characters (ordered by `kind`), then the other ways to read it as one word with
    /// function words after it (longest word first), then its kana; learnt choices before all.
    func segment(_ characters: ArraySlice<Character>, contentLength: Int, kind: Edge.Kind) -> JapaneseSegment {
        let reading = String(characters)
        var entries = split(characters, contentLength: contentLength, okuriFirst: kind == .okuri || kind == .ichidan)
        for length in stride(from: characters.count, to: 0, by: -1) where length != contentLength {
            let rest = characters[(characters.startIndex + length)...]
            guard rest.isEmpty || isFunctionWords(rest) else { continue }
            entries += split(characters, contentLength: length, okuriFirst: false)
        }
        var kanaForms = [DictionaryEntry(text: reading), DictionaryEntry(text: KanaForms.katakana(reading))]
        switch kind {
        case .katakana:
            // The loanword in katakana, its particles in hiragana.
            let contentEnd = characters.startIndex + contentLength
            let loanword = KanaForms.katakana(String(characters[..<contentEnd])) + String(characters[contentEnd...])
            kanaForms.reverse()
            entries = [DictionaryEntry(text: loanword)] + kanaForms + entries
        case .unknown, .kana:
            entries = kanaForms + entries
        default:
            entries += kanaForms
        }
        if let learning { entries = learning.ranked(entries, for: reading) }
        var seen: Set<String> = []
        let candidates = entries.compactMap { entry -> Candidate? in
            guard seen.insert(entry.text).inserted else { return nil }
            return Candidate(text: entry.text, annotation: entry.annotation)
        }
        return JapaneseSegment(reading: reading, candidates: candidates)
    }

    /// The words for the first `contentLength` characters (okuri-nasi and okuri-ari), each followed by the rest as kana.
    private func split(_ characters: ArraySlice<Character>, contentLength: Int, okuriFirst: Bool) -> [DictionaryEntry] {
        let contentEnd = characters.startIndex + contentLength
        let content = characters[..<contentEnd]
        let suffix = String(characters[contentEnd...])
        let plain = (table.entries(for: String(content)) + numberEntries(content)).map { suffixed($0, suffix) }
        let okuri = (okuriEntries(content) + ichidanEntries(content)).map { suffixed($0, suffix) }
        return okuriFirst ? okuri + plain : plain + okuri
    }

    private func suffixed(_ entry: DictionaryEntry, _ suffix: String) -> DictionaryEntry {
        var entry = entry
        entry.text += suffix
        return entry
    }

    /// Whether `character` is hiragana (including ー and small kana).
    static func isHiragana(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x3041...0x309f).contains($0.value) || $0.value == 0x30fc }
    }

    static func isHiragana(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(isHiragana) }
}
