import InkstoneCore

/// `emoji`: type the name or a keyword of an emoji or symbol, in the user's language or
/// in English, and pick it from the candidates (`heart` → ❤️ …, `thumbs up` → 👍 and its
/// skin tones, `greek small letter alpha` → α).
///
/// A letter starts a query; the preedit shows it and the candidates follow every key
/// (see ``EmojiIndex/search(_:learning:)`` for the order). Then:
/// - letters, digits and punctuation append to the query (Shift+space, `-` and `_`
///   separate words; words may also be typed together); at most 64 characters;
/// - Space picks the candidate under the cursor, `1`…`9`/`0` pick on the visible page,
///   arrows move the cursor, Page_Up/Page_Down page; each pick commits one grapheme and
///   is learnt (the dictionary `emoji`), so it ranks higher next time;
/// - Return commits the query as typed; BackSpace removes a character; Escape cancels;
/// - any other key (a shortcut, Tab, F-keys) commits the query as typed, then acts as in
///   ``DirectEngine``.
/// With no query, every key but a letter acts as in ``DirectEngine``. Focus out commits
/// the query as typed (nothing typed is lost).
public struct EmojiEngine: CompositionEngine {
    private var composer: EmojiComposer
    private let direct = DirectEngine()

    /// Creates the engine over `index`, learning picks in `learning` (nil: none), with
    /// candidate pages of `pageSize` labelled by `labels`.
    public init(
        index: EmojiIndex = .shared, learning: (any CandidateLearning)? = nil,
        pageSize: Int = 9, labels: String = CandidateList.digitLabels
    ) {
        composer = EmojiComposer(index: index, learning: learning, pageSize: pageSize, labels: labels)
    }

    /// `emoji`.
    public var id: String { "emoji" }

    /// The query while one is open.
    public var preedit: Preedit? { Preedit.underlined(composer.query) }

    /// The candidates of the open query, nil when none.
    public var candidates: CandidateList? { composer.candidates }

    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else { return state(consumed: false) }
        if composer.query.isEmpty, !EmojiComposer.startsQuery(key) { return direct.handle(key) }
        switch composer.handle(key) {
        case .picked(let text), .typedText(let text):
            return EngineOutput(consumed: true, commit: text)
        case .composing(let notice):
            var output = state(consumed: true)
            output.notice = notice
            return output
        case .cancelled:
            return .swallowed
        case .notForComposer:
            return flushed().followed(by: direct.handle(key))
        }
    }

    /// Consumed or not, with the current preedit and candidates.
    private func state(consumed: Bool) -> EngineOutput {
        EngineOutput(consumed: consumed, preedit: preedit, candidates: candidates)
    }

    /// Commits the query as typed and closes it.
    private mutating func flushed() -> EngineOutput {
        let typed = composer.query
        composer.clear()
        return EngineOutput(consumed: true, commit: typed.isEmpty ? nil : typed)
    }

    /// Drops the query.
    public mutating func reset() { composer.clear() }

    /// Commits the query as typed and closes it.
    public mutating func focusOut() -> EngineOutput { flushed() }
}
