import InkstoneCore

/// Any engine with emoji search behind a trigger character (`emoji.trigger`, off by
/// default): typing the trigger (e.g. `:`) while the engine composes nothing, then a
/// letter, opens an emoji query as in ``EmojiEngine``; the preedit shows the trigger and
/// the query (`:heart`).
///
/// The trigger stays ordinary text otherwise: when the key after it is not a letter
/// (`3:2`, `Note: `), the trigger is committed and the key goes to the engine; BackSpace
/// right after it removes it. Return, Escape and keys the query does not use commit the
/// trigger and the query as typed (Return and Escape: and nothing else); a picked
/// candidate replaces both. The wrapped engine's id, preedit, surrounding and selected text pass through.
public struct EmojiTriggerEngine: CompositionEngine {
    private var base: any CompositionEngine
    private var composer: EmojiComposer
    private let trigger: Character
    /// Whether the trigger was typed and the query is open.
    private var isOpen = false

    /// Wraps `base`; `trigger` opens a query searched in `index`.
    public init(
        base: any CompositionEngine, trigger: Character, index: EmojiIndex = .shared,
        learning: (any CandidateLearning)? = nil, pageSize: Int = 9, labels: String = CandidateList.digitLabels
    ) {
        self.base = base
        self.trigger = trigger
        composer = EmojiComposer(index: index, learning: learning, pageSize: pageSize, labels: labels)
    }

    /// The wrapped engine's id.
    public var id: String { base.id }

    /// The trigger and query while open, else the wrapped engine's preedit.
    public var preedit: Preedit? { isOpen ? Preedit.underlined(String(trigger) + composer.query) : base.preedit }

    public var needsSurroundingText: Bool { base.needsSurroundingText }

    public mutating func setSurroundingText(_ textBeforeCursor: String) { base.setSurroundingText(textBeforeCursor) }

    public var needsSelectedText: Bool { base.needsSelectedText }

    public mutating func setSelectedText(_ selectedText: String) { base.setSelectedText(selectedText) }

    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard isOpen else {
            if base.preedit == nil, !key.isRelease, !key.isShortcut, key.text == String(trigger) {
                isOpen = true
                return state()
            }
            return base.handle(key)
        }
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else {
            var output = state()
            output.consumed = false
            return output
        }
        if key.keysym == Keysym.escape { return flushed() }
        if composer.query.isEmpty {
            if key.keysym == Keysym.backSpace, !key.isShortcut {
                isOpen = false
                return .swallowed
            }
            guard EmojiComposer.startsQuery(key) else { return flushed().followed(by: base.handle(key)) }
        }
        switch composer.handle(key) {
        case .picked(let text):
            isOpen = false
            return EngineOutput(consumed: true, commit: text)
        case .typedText(let text):
            isOpen = false
            return EngineOutput(consumed: true, commit: String(trigger) + text)
        case .composing(let notice):
            var output = state()
            output.notice = notice
            return output
        case .cancelled:
            return state()  // BackSpace emptied the query; the trigger stays
        case .notForComposer:
            return flushed().followed(by: base.handle(key))
        }
    }

    /// Consumed, with the preedit and candidates.
    private func state() -> EngineOutput {
        EngineOutput(consumed: true, preedit: preedit, candidates: composer.candidates)
    }

    /// Commits the trigger and the query as typed, and closes the query.
    private mutating func flushed() -> EngineOutput {
        let typed = String(trigger) + composer.query
        composer.clear()
        isOpen = false
        return EngineOutput(consumed: true, commit: typed)
    }

    /// Drops the query and resets the wrapped engine.
    public mutating func reset() {
        composer.clear()
        isOpen = false
        base.reset()
    }

    /// Commits the open query as typed, then whatever the wrapped engine commits.
    public mutating func focusOut() -> EngineOutput {
        guard isOpen else { return base.focusOut() }
        var output = flushed()
        output.appendCommit(base.focusOut().commit)
        return output
    }

    /// As ``focusOut()``, with the wrapped engine's switch behaviour.
    public mutating func commitAndReset() -> EngineOutput {
        guard isOpen else { return base.commitAndReset() }
        var output = flushed()
        output.appendCommit(base.commitAndReset().commit)
        return output
    }
}
