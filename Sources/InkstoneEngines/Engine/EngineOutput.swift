/// How a preedit segment is drawn (fcitx5 `TextFormatFlag` subset).
public struct PreeditStyle: OptionSet, Hashable, Sendable {
    /// Raw flags.
    public let rawValue: UInt32
    /// Creates a style from raw flags.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Underlined (the usual composing text).
    public static let underline = PreeditStyle(rawValue: 1 << 3)
    /// Highlighted (the part a candidate would replace).
    public static let highlight = PreeditStyle(rawValue: 1 << 4)
}

/// One styled run of preedit text.
public struct PreeditSegment: Hashable, Sendable {
    /// The segment's text.
    public var text: String
    /// How it is drawn.
    public var style: PreeditStyle
    /// Creates a segment.
    public init(_ text: String, style: PreeditStyle = .underline) {
        self.text = text
        self.style = style
    }
}

/// The composing text an engine shows at the caret.
///
/// Offsets are **UTF-16 code units** into ``text`` (the concatenated segments).
public struct Preedit: Hashable, Sendable {
    /// The styled runs, in order.
    public var segments: [PreeditSegment]
    /// The caret inside the preedit, in UTF-16 code units from its start.
    public var cursorUTF16Offset: Int

    /// Creates a preedit; the cursor defaults to the end.
    public init(segments: [PreeditSegment], cursorUTF16Offset: Int? = nil) {
        self.segments = segments
        self.cursorUTF16Offset = cursorUTF16Offset ?? segments.reduce(0) { $0 + $1.text.utf16.count }
    }

    /// A one-segment underlined preedit with the cursor at its end, or nil for empty text.
    public static func underlined(_ text: String) -> Preedit? {
        text.isEmpty ? nil : Preedit(segments: [PreeditSegment(text)])
    }

    /// The whole preedit text.
    public var text: String {
        // The usual preedit, one segment, is its own text.
        if segments.count == 1 { return segments[0].text }
        return segments.map(\.text).joined()
    }
}

/// Where a caret movement goes.
public enum CaretMovement: Hashable, Sendable {
    /// One grapheme left.
    case left
    /// One grapheme right.
    case right
    /// One word left (Ctrl+Left).
    case wordLeft
    /// One word right (Ctrl+Right).
    case wordRight
    /// Start of the line (Home).
    case lineStart
    /// End of the line (End).
    case lineEnd
    /// Start of the document (Ctrl+Home).
    case documentStart
    /// End of the document (Ctrl+End).
    case documentEnd
}

/// A document edit that is not plain text insertion.
public enum EditAction: Hashable, Sendable {
    /// Delete the selection, or one grapheme before the caret.
    case deleteBackward
    /// Delete the selection, or one grapheme after the caret.
    case deleteForward
    /// Move the caret; with `extendSelection` the anchor stays (Shift held).
    case move(CaretMovement, extendSelection: Bool)
}

/// Text to delete around the caret before a commit is inserted.
///
/// Counts are **UTF-16 code units** before and after the caret.
public struct SurroundingDeletion: Hashable, Sendable {
    /// UTF-16 code units to delete before the caret.
    public var before: Int
    /// UTF-16 code units to delete after the caret.
    public var after: Int
    /// Creates a deletion.
    public init(before: Int, after: Int) {
        self.before = before
        self.after = after
    }
}

/// What an engine answers for one key: a snapshot of its state plus what to apply.
///
/// ``preedit`` and ``candidates`` are always the engine's full state after the key, also
/// for keys it ignores (a Shift press in the middle of a syllable keeps the preedit).
///
/// The service applies, in order: ``deleteSurrounding``, ``commit`` (replacing the
/// selection), ``action``; then shows ``preedit`` and ``candidates`` (both are the full
/// current state: nil means none). When ``consumed`` is false the key is forwarded to the
/// application, after anything else in the output has been applied.
public struct EngineOutput: Hashable, Sendable {
    /// Whether the engine (or the `direct` behaviour behind it) used the key.
    public var consumed: Bool
    /// The current preedit, nil when nothing is composing.
    public var preedit: Preedit?
    /// Text to insert, replacing the selection.
    public var commit: String?
    /// The open candidate list, nil when none is open.
    public var candidates: CandidateList?
    /// Text to delete around the caret before ``commit`` is inserted.
    public var deleteSurrounding: SurroundingDeletion?
    /// A non-text edit to apply after ``commit``.
    public var action: EditAction?
    /// A readable note for the user when a key was refused (e.g. an invalid code point).
    public var notice: String?

    /// Creates an output.
    public init(
        consumed: Bool, preedit: Preedit? = nil, commit: String? = nil, candidates: CandidateList? = nil,
        deleteSurrounding: SurroundingDeletion? = nil, action: EditAction? = nil, notice: String? = nil
    ) {
        self.consumed = consumed
        self.preedit = preedit
        self.commit = commit
        self.candidates = candidates
        self.deleteSurrounding = deleteSurrounding
        self.action = action
        self.notice = notice
    }

    /// Nothing acted on the key: forward it to the application.
    public static let unhandled = EngineOutput(consumed: false)

    /// The key was used and changed nothing visible.
    public static let swallowed = EngineOutput(consumed: true)

    /// Appends `text` to ``commit``.
    mutating func appendCommit(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        commit = (commit ?? "") + text
    }

    /// This output (e.g. a flushed preedit) followed by what `direct` did with the same key:
    /// commits concatenate, and the key counts as consumed if `direct` used it.
    func followed(by direct: EngineOutput) -> EngineOutput {
        var merged = self
        merged.appendCommit(direct.commit)
        merged.consumed = direct.consumed
        merged.action = direct.action
        merged.preedit = direct.preedit ?? preedit
        return merged
    }
}
