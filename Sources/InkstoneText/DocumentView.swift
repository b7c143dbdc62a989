/// One input context's window on a shared ``Document``: it speaks one
/// ``OffsetUnit`` and owns a selection, marked text and an undo stack.
///
/// Every position, length and change record a view sees is in its unit.
/// Edits made while another view composes are queued (see ``QueuePolicy``).
///
/// The undo stack is per view, like UIKit: a user undoes their own typing,
/// not another client's. Records are anchored, so edits elsewhere shift them;
/// if someone changed the text a record would revert, that undo fails with
/// `InvalidState` instead of corrupting the text.
public final class DocumentView {
    /// The view's identity within the process.
    public let id: ViewID
    /// The shared document.
    public let document: Document
    /// The unit of every offset this view takes and reports.
    public let unit: OffsetUnit
    /// The selection, nil for "no selection" (the protocol's location −1).
    var selectionAnchors: SelectionAnchors?
    /// The selection as last reported, to detect shifts.
    var reportedSelection: TextSelection?
    /// The open composition, if any.
    var marked: MarkedState?
    /// Undo and redo.
    var undoStack: UndoStack
    /// Attributes set for the next typed or composed text, until the selection
    /// is moved (nil: typed text inherits, see ``typingAttributes``).
    var typingAttributesOverride: AttributeSet?
    /// Whether this view's edits register undo steps (see ``setUndoRegistration(_:)``).
    public internal(set) var isUndoRegistrationEnabled = true

    init(id: ViewID, document: Document, unit: OffsetUnit, undoConfiguration: UndoConfiguration) {
        self.id = id
        self.document = document
        self.unit = unit
        self.undoStack = UndoStack(configuration: undoConfiguration)
    }

    /// A view that goes away while composing leaves its marked text in place
    /// (as if committed, without an undo step) and releases the queued edits.
    deinit {
        if marked != nil { document.flushQueuedEdits() }
    }

    var storage: TextStorage { document.storage }

    // MARK: Reading

    /// Length of the document in this view's unit.
    public var length: Int { storage.count(in: unit) }

    /// The whole text (a flat copy; for tests and small documents).
    public var text: String { storage.string }

    /// The text of a range (offsets must not split a code point).
    public func text(start: Int, length: Int) throws(InkstoneError) -> String {
        storage.text(utf8Range: try storage.utf8Range(start: start, length: length, in: unit))
    }

    /// The position `offset` units away from `position`, validated (InvalidRange
    /// outside the text or inside a code point). `position(from: a, offset:
    /// offset(from: a, to: b)) == b` for every valid `a`, `b`.
    public func position(from position: Int, offset: Int) throws(InkstoneError) -> Int {
        _ = try storage.utf8Offset(of: position, in: unit, what: "position")
        let (result, overflow) = position.addingReportingOverflow(offset)
        guard !overflow else { throw .invalidRange("position \(position) + offset \(offset) overflows") }
        _ = try storage.utf8Offset(of: result, in: unit, what: "position \(position) + offset \(offset) =")
        return result
    }

    /// The signed distance from `start` to `end`, both validated.
    public func offset(from start: Int, to end: Int) throws(InkstoneError) -> Int {
        _ = try storage.utf8Offset(of: start, in: unit, what: "from")
        _ = try storage.utf8Offset(of: end, in: unit, what: "to")
        return end - start
    }

    /// The nearest valid position at or below/above `position` (clamped into
    /// the text; a code-point boundary, and a grapheme boundary by default).
    public func snap(_ position: Int, direction: SnapDirection, toGraphemeBoundary: Bool = true) -> Int {
        storage.snap(position, in: unit, direction: direction, toGraphemeBoundary: toGraphemeBoundary)
    }

    // MARK: Graphemes

    /// Whether `position` is a grapheme boundary.
    public func isGraphemeBoundary(_ position: Int) throws(InkstoneError) -> Bool {
        storage.isGraphemeBoundary(utf8Offset: try storage.utf8Offset(of: position, in: unit, what: "position"))
    }

    /// The next grapheme boundary after `position`, nil at the end.
    public func graphemeBoundary(after position: Int) throws(InkstoneError) -> Int? {
        let utf8Offset = try storage.utf8Offset(of: position, in: unit, what: "position")
        return storage.graphemeBoundary(after: utf8Offset).map { storage.offset(ofUTF8: $0, in: unit) }
    }

    /// The previous grapheme boundary before `position`, nil at the start.
    public func graphemeBoundary(before position: Int) throws(InkstoneError) -> Int? {
        let utf8Offset = try storage.utf8Offset(of: position, in: unit, what: "position")
        return storage.graphemeBoundary(before: utf8Offset).map { storage.offset(ofUTF8: $0, in: unit) }
    }

    /// The range of the grapheme cluster at `position`, nil at the end.
    public func graphemeRange(at position: Int) throws(InkstoneError) -> TextRange? {
        let utf8Offset = try storage.utf8Offset(of: position, in: unit, what: "position")
        return storage.graphemeRange(containing: utf8Offset).map(textRange(utf8Range:))
    }

    // MARK: Conversion helpers

    /// A UTF-8 range in this view's unit.
    /// In graphemes a range whose edges fall inside clusters is widened to them.
    func textRange(utf8Range: Range<Int>) -> TextRange {
        let start = storage.offset(ofUTF8: utf8Range.lowerBound, in: unit)
        let upper =
            unit == .graphemes
            ? storage.snapToGrapheme(utf8Offset: utf8Range.upperBound, direction: .up)
            : utf8Range.upperBound
        return TextRange(start: start, length: storage.offset(ofUTF8: upper, in: unit) - start, unit: unit)
    }
}
