/// Why the text changed.
public enum EditCause: String, CaseIterable, Sendable {
    /// Keys typed or deleted by the user through a view.
    case typing
    /// An update of marked (composing) text.
    case composition
    /// Marked text replaced by its committed result.
    case commit
    /// An edit from outside the input method (the application changed its text).
    case external
    /// An undo.
    case undo
    /// A redo.
    case redo
    /// A programmatic edit (loading, replace-all, service-side changes).
    case programmatic
}

/// One text mutation: the range it replaced in the old text, the length of the
/// new text, and why. Convertible to any ``OffsetUnit``: every measure was taken
/// in every unit at mutation time — except in a document that measures its edits
/// in UTF-8 and code points only (``Document/measuresCodePointsOnly``), whose
/// records hold those two units alone (``isMeasuredInEveryUnit`` is false; their
/// UTF-16 and grapheme counts are 0 and reading them in those units is an error).
///
/// In graphemes the range is widened to grapheme boundaries of both the old and
/// the new text when the edit joins or splits a neighbouring cluster (e.g. a
/// combining mark typed after "e"), so replaying a record in graphemes is exact.
public struct ChangeRecord: Equatable, Sendable {
    /// The document revision this mutation produced.
    public let revision: UInt64
    /// Why the text changed.
    public let cause: EditCause
    /// The view that made the edit, nil for document-level edits.
    public let viewID: ViewID?
    /// Start of the replaced range, in every unit (graphemes widened).
    public let start: UnitCounts
    /// Length of the replaced range in the old text, in every unit (graphemes widened).
    public let oldLength: UnitCounts
    /// Length of the new text, in every unit (graphemes widened).
    public let newLength: UnitCounts
    /// The inserted text (exactly, for code-unit and scalar units).
    public let insertedText: String
    /// The new text of the widened grapheme range.
    public let graphemeInsertedText: String
    /// Whether the record is measured in every unit (else in UTF-8 and code points only).
    public let isMeasuredInEveryUnit: Bool

    /// Start of the replaced range in `unit`.
    public func start(in unit: OffsetUnit) -> Int { start[measured(unit)] }
    /// Length of the replaced range (old text) in `unit`.
    public func oldLength(in unit: OffsetUnit) -> Int { oldLength[measured(unit)] }
    /// Length of the replacement (new text) in `unit`.
    public func newLength(in unit: OffsetUnit) -> Int { newLength[measured(unit)] }
    /// The replacement text matching ``start(in:)``/``oldLength(in:)`` in `unit`.
    public func newText(in unit: OffsetUnit) -> String {
        measured(unit) == .graphemes ? graphemeInsertedText : insertedText
    }

    /// `unit`, which the record must be measured in.
    private func measured(_ unit: OffsetUnit) -> OffsetUnit {
        precondition(
            isMeasuredInEveryUnit || unit == .utf8 || unit == .scalars,
            "the change record is measured in UTF-8 and code points only, not in \(unit.rawValue)")
        return unit
    }
}
