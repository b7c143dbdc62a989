/// `pinyin`: Chinese by pinyin, with sentence composition over rime's
/// luna_pinyin table (see ``PinyinComposition``), Simplified by default.
///
/// The keys are those of fcitx5's pinyin:
/// - `a`–`z` and `'` (a syllable separator: `xi'an`) add to the input, at most
///   ``maximumInputLength`` characters; the preedit shows the chosen text, then
///   the input split into syllables (`ni hao`).
/// - `space` commits the candidate under the cursor (the whole sentence at first);
///   a label key (`1`–`9`, `0`) picks on the page; a word for the first part of
///   the input is kept and the rest composed on (partial commit); the text is
///   committed when the whole input is chosen.
/// - `-`/`=` and `Page_Up`/`Page_Down` change pages, arrows move the cursor.
/// - `BackSpace` removes the last letter, or the last chosen word when no
///   letter follows it; `Escape` clears; `Return` commits the chosen text and the letters.
/// - With ``PinyinOptions/chinesePunctuation`` ASCII punctuation types Chinese
///   marks, committing the sentence first when composing.
/// - Any other key commits the chosen text and the letters, then acts as in ``DirectEngine``.
///
/// Every choice is recorded in the learning store (a word under its syllables;
/// several words chosen in turn also as one phrase), which ranks it first next time.
public struct PinyinEngine: CompositionEngine {
    /// The id clients see (`pinyin`, `pinyin:simplified`, `pinyin:traditional`).
    public let id: String
    let dictionary: PinyinDictionary
    let speller: PinyinSpeller
    let options: PinyinOptions
    let learning: (any CandidateLearning)?
    let pageSize: Int
    let labels: String
    let direct = DirectEngine()

    /// The typed letters and separators, chosen part included.
    public internal(set) var input = ""
    /// The words chosen for the start of the input so far.
    var chosen: [Choice] = []
    /// What the unchosen rest of the input composes to.
    var composition: PinyinComposition?
    /// The lattice of the unchosen rest, kept so the next key reads only what it changed.
    var lattice: PinyinLattice?
    /// The words of the candidates shown, as the table has them (Traditional: what a choice
    /// is learnt as, so it matches its entry); each shows and commits in the output script.
    /// Words that read the same in that script appear once.
    var shown: [PinyinWord] = []
    var list: CandidateList?

    /// The most letters and separators one input holds.
    public static let maximumInputLength = 64

    /// A word chosen for the start of the input.
    struct Choice: Hashable, Sendable {
        /// As committed (in the output script).
        var text: String
        /// As the table has it: what is learnt.
        var tableText: String
        var reading: String
        var length: Int
    }

    /// An engine over `dictionary` with `options`, learning into `learning` (nil: nothing is learnt).
    public init(
        dictionary: PinyinDictionary, options: PinyinOptions = PinyinOptions(),
        learning: (any CandidateLearning)? = nil,
        id: String = "pinyin", candidatePageSize: Int = 5, candidateLabels: String = CandidateList.digitLabels
    ) {
        self.id = id
        self.dictionary = dictionary
        self.options = options
        speller = PinyinSpeller(fuzzy: options.fuzzy)
        self.learning = learning
        pageSize = candidatePageSize
        labels = candidateLabels
    }

    /// The chosen text, then the rest of the input split into syllables; nil when nothing is typed.
    public var preedit: Preedit? {
        guard !input.isEmpty else { return nil }
        var segments: [PreeditSegment] = []
        let chosenText = chosen.map(\.text).joined()
        if !chosenText.isEmpty { segments.append(PreeditSegment(chosenText)) }
        var syllables = ""
        for token in composition?.syllables ?? [] {
            if token != "'", let last = syllables.last, last != "'" { syllables += " " }
            syllables += token
        }
        if !syllables.isEmpty { segments.append(PreeditSegment(syllables, style: [.underline, .highlight])) }
        return segments.isEmpty ? nil : Preedit(segments: segments)
    }

    /// The open candidate list, if any.
    public var candidates: CandidateList? { list }

    /// The letters not yet chosen for.
    var remaining: Substring { input.dropFirst(chosen.reduce(0) { $0 + $1.length }) }

    /// Recomposes the unchosen input and rebuilds the candidate list.
    mutating func recompose() {
        let rest = remaining
        guard rest.contains(where: { $0 != "'" }) else {
            composition = nil
            lattice = nil
            shown = []
            list = nil
            return
        }
        let read = PinyinLattice(String(rest), speller: speller, reusing: lattice)
        let made = PinyinComposition(lattice: read, dictionary: dictionary, learning: learning, reusing: composition)
        lattice = read
        composition = made
        var seen: Set<PinyinTextKey> = []
        shown = []
        var items: [Candidate] = []
        for (word, text) in zip(made.candidates, options.script.render(made.candidates.map(\.text))) {
            guard seen.insert(PinyinTextKey(text: text)).inserted else { continue }
            shown.append(word)
            items.append(Candidate(text: text))
        }
        list = CandidateList(items: items, pageSize: pageSize, labels: labels)
    }

    // MARK: Lifecycle

    /// Drops the input, the chosen words and the candidates.
    public mutating func reset() {
        input = ""
        chosen = []
        composition = nil
        lattice = nil
        shown = []
        list = nil
    }

    /// Commits the chosen text and the letters typed after it, and resets.
    public mutating func focusOut() -> EngineOutput {
        let text = chosen.map(\.text).joined() + remaining
        reset()
        return EngineOutput(consumed: true, commit: text.isEmpty ? nil : text)
    }
}
