/// A composition engine: a state machine that turns one key at a time into an
/// ``EngineOutput``. Engines know nothing of D-Bus or documents; the service feeds keys
/// and applies the outputs.
///
/// Keys an engine does not use fall through to the ``DirectEngine`` behaviour (every
/// engine embeds it); only keys nothing acts on come back with `consumed == false`.
/// Releases are not consumed.
public protocol CompositionEngine: Sendable {
    /// The registry id (`direct`, `compose`, `hangul`, `unicode`).
    var id: String { get }
    /// The current preedit (nil when nothing is composing).
    var preedit: Preedit? { get }
    /// Handles one key event.
    mutating func handle(_ key: KeyEvent) -> EngineOutput
    /// Tells the engine the text before the caret (for engines that look back, e.g. Hanja).
    mutating func setSurroundingText(_ textBeforeCursor: String)
    /// Whether the engine would read the text before the caret on its next key (so callers
    /// only compute it when it would); it may change with the engine's state.
    var needsSurroundingText: Bool { get }
    /// Tells the engine the text the client has selected (empty: none), for engines that
    /// reopen it (the Japanese engine's reconversion).
    mutating func setSelectedText(_ selectedText: String)
    /// Whether the engine reads the selected text (so callers only compute it for engines that do).
    var needsSelectedText: Bool { get }
    /// Drops all state; nothing is committed.
    mutating func reset()
    /// Focus left the document: returns what to commit (the preedit, so nothing typed is
    /// lost) and resets.
    mutating func focusOut() -> EngineOutput
    /// The user switched engines: same as ``focusOut()``.
    mutating func commitAndReset() -> EngineOutput
}

extension CompositionEngine {
    /// Default: surrounding text is not used.
    public mutating func setSurroundingText(_ textBeforeCursor: String) {}

    /// Default: no.
    public var needsSurroundingText: Bool { false }

    /// Default: the selection is not used.
    public mutating func setSelectedText(_ selectedText: String) {}

    /// Default: no.
    public var needsSelectedText: Bool { false }

    /// Default: same as ``focusOut()``.
    public mutating func commitAndReset() -> EngineOutput { focusOut() }
}
