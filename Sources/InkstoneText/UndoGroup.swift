/// What an undo record changes.
enum UndoEditKind {
    /// Text was replaced (and with it the runs of the replaced text).
    case text
    /// Only the attribute runs of a range changed; its text stayed (the range
    /// is `length` bytes long while the record can be reverted).
    case attributes(length: Int)
}

/// One replacement inside an undo group, anchored so that it survives edits
/// made elsewhere: `start` is right-biased and `end` left-biased, so text that
/// others insert at its edges stays outside it. A text step puts back the
/// replaced text and its runs; an attribute step (``UndoEditKind/attributes(length:)``)
/// puts back only the runs.
struct UndoEdit {
    /// Start of the text this edit put in the document.
    let start: TextAnchor
    /// End of that text.
    var end: TextAnchor
    /// A digest of the text this edit put in the document (what an undo
    /// expects to find); the text itself is read back from the document.
    var inserted: TextDigest
    /// The text it replaced (what an undo puts back).
    var replacedText: String
    /// Anchors of this view's records that lay inside the replaced range (ends
    /// included) when the edit was made, with their offset from its start: an
    /// undo puts them back exactly, which biases alone cannot do.
    var collapsed: [CollapsedAnchor] = []
    /// The attribute runs of the replaced text (of the range, for an attribute
    /// step), relative to its start, derived keys left out; they cover it.
    var replacedSpans: [AttributeSpan] = []
    /// Whether this step replaced text or only runs.
    var kind: UndoEditKind = .text

    /// An attribute step over `utf8Range` that puts `oldSpans` back.
    static func attributes(utf8Range: Range<Int>, oldSpans: [AttributeSpan], document: Document) -> UndoEdit {
        UndoEdit(
            start: document.makeAnchor(utf8Offset: utf8Range.lowerBound, bias: .right),
            end: document.makeAnchor(utf8Offset: utf8Range.upperBound, bias: .left),
            inserted: TextDigest(), replacedText: "", replacedSpans: oldSpans,
            kind: .attributes(length: utf8Range.count))
    }

    /// Whether this step changed only attribute runs.
    var isAttributeStep: Bool {
        if case .attributes = kind { return true }
        return false
    }

    /// Bytes the record holds: the replaced text and an estimate for its runs.
    var cost: Int { replacedText.utf8.count + replacedSpans.undoCost }

    /// The UTF-8 range the inserted text (an attribute step's range) occupies now.
    var currentUTF8Range: Range<Int> {
        if case .attributes = kind { return start.utf8Offset..<max(start.utf8Offset, end.utf8Offset) }
        // An empty range follows its right-biased start: text inserted exactly
        // there (e.g. a redo of an earlier step) lands before it.
        if inserted.isEmpty { return start.utf8Offset..<start.utf8Offset }
        return start.utf8Offset..<max(start.utf8Offset, end.utf8Offset)
    }
}

/// An anchor an edit collapsed, and where it was relative to the edit's start.
struct CollapsedAnchor {
    let anchor: TextAnchor
    let offsetFromStart: Int

    /// The largest `older.count * newer.count` merged by comparing every pair.
    private static let linearMergeLimit = 64

    /// The same anchor measured from a start `distance` bytes earlier.
    func shifted(by distance: Int) -> CollapsedAnchor {
        CollapsedAnchor(anchor: anchor, offsetFromStart: offsetFromStart + distance)
    }

    /// `older` plus the anchors of `newer` it does not hold: an anchor captured
    /// earlier knows where it was before later edits collapsed it again.
    static func merged(older: [CollapsedAnchor], newer: [CollapsedAnchor]) -> [CollapsedAnchor] {
        guard !newer.isEmpty else { return older }
        // Each marked-text update merges the one or two anchors at its edges: looking them
        // up one by one costs less than hashing every older anchor into a set.
        if older.count * newer.count <= Self.linearMergeLimit {
            return older + newer.filter { candidate in !older.contains { $0.anchor === candidate.anchor } }
        }
        let known = Set(older.map { ObjectIdentifier($0.anchor) })
        return older + newer.filter { !known.contains(ObjectIdentifier($0.anchor)) }
    }
}

/// A selection saved by an undo group: UTF-8 offsets plus the position of a
/// reference edit when they were taken, so they can be shifted by the edits
/// other views made meanwhile (restored offsets are clamped and snapped).
struct SavedSelection {
    /// The anchor end, UTF-8.
    var anchorUTF8: Int
    /// The head end, UTF-8.
    var headUTF8: Int
    /// Where the reference edit started when the selection was saved.
    var referenceUTF8: Int

    /// The saved offsets moved by how far the reference edit moved.
    func shifted(referenceNow: Int) -> (anchor: Int, head: Int) {
        let delta = referenceNow - referenceUTF8
        return (anchorUTF8 + delta, headUTF8 + delta)
    }
}

/// What one undo step reverts: its edits in application order, and the
/// selections before (reference: the first edit) and after (reference: the last edit).
final class UndoGroup {
    /// The edits, in the order they were applied.
    private(set) var edits: [UndoEdit] = []
    /// UTF-8 bytes of replaced text the group holds (what it costs in memory).
    private(set) var utf8Bytes = 0

    /// An independent copy (the edits' anchors are shared).
    func copy() -> UndoGroup {
        let copy = UndoGroup(cause: cause, acceptsTyping: acceptsTyping, time: lastEditTime)
        copy.edits = edits
        copy.utf8Bytes = utf8Bytes
        copy.selectionBefore = selectionBefore
        copy.selectionAfter = selectionAfter
        return copy
    }

    /// Adds an edit at the end.
    func append(_ edit: UndoEdit) {
        edits.append(edit)
        utf8Bytes += edit.cost
    }

    /// Takes the last edit off (to merge into it and append it again).
    func popLast() -> UndoEdit? {
        guard let edit = edits.popLast() else { return nil }
        utf8Bytes -= edit.cost
        return edit
    }
    /// Why the first edit was made.
    let cause: EditCause
    /// The selection before the group (nil: no selection or not captured).
    var selectionBefore: SavedSelection?
    /// The selection after the group.
    var selectionAfter: SavedSelection?
    /// Whether more typing may be coalesced into this group.
    var acceptsTyping: Bool
    /// Clock time of the last edit, for the typing pause.
    var lastEditTime: Double

    init(cause: EditCause, acceptsTyping: Bool, time: Double) {
        self.cause = cause
        self.acceptsTyping = acceptsTyping
        self.lastEditTime = time
    }
}

/// How a new edit joins the last edit of a group.
enum UndoMerge {
    /// Typing continued at the end of the inserted text.
    case extendInsertion
    /// Backspace just before a deletion.
    case prependDeletion
    /// Forward delete at a deletion.
    case appendDeletion
    /// Backspace over the end of the inserted text.
    case trimInsertion

    /// How an edit of `utf8Range` → `text` joins `last`, if it does.
    static func plan(for utf8Range: Range<Int>, text: String, after last: UndoEdit) -> UndoMerge? {
        guard !last.isAttributeStep else { return nil }
        let lastRange = last.currentUTF8Range
        // An edit from elsewhere (another view, a queued edit) landed inside the
        // inserted text: its record no longer describes the range, so never merge.
        guard lastRange.count == last.inserted.utf8Count else { return nil }
        if utf8Range.isEmpty, !text.isEmpty, utf8Range.lowerBound == lastRange.upperBound, !last.inserted.isEmpty {
            return .extendInsertion
        }
        guard text.isEmpty, !utf8Range.isEmpty else { return nil }
        if last.inserted.isEmpty {
            if utf8Range.upperBound == lastRange.lowerBound { return .prependDeletion }
            if utf8Range.lowerBound == lastRange.lowerBound { return .appendDeletion }
            return nil
        }
        if utf8Range.upperBound == lastRange.upperBound, utf8Range.lowerBound >= lastRange.lowerBound {
            return .trimInsertion
        }
        return nil
    }
}
