/// An edit waiting for a composition to end.
///
/// What it changes is decided when its turn comes, against the text and
/// selection the edits queued before it produced: typing and deleting follow
/// the view's selection as it is then, explicit ranges and selections are held
/// by anchors taken when the edit was queued (so earlier queued edits move them).
struct QueuedEdit {
    /// A range held by anchors, with the text that replaces it.
    struct Part {
        let start: TextAnchor
        let end: TextAnchor
        let text: String

        /// The part's current UTF-8 range, widened to grapheme boundaries.
        func currentUTF8Range(in storage: TextStorage) -> Range<Int> {
            let lower = min(start.utf8Offset, end.utf8Offset)
            let upper = max(start.utf8Offset, end.utf8Offset)
            return storage.snapToGraphemes(lower..<upper)
        }
    }

    /// What the edit does when applied.
    enum Operation {
        /// Replaces anchored ranges (replace, replace-all, document-level edits).
        case replace([Part], cause: EditCause, registersUndo: Bool, cursorAfter: Bool)
        /// Types `text` over the view's selection as it is when applied.
        case insertAtSelection(String)
        /// Deletes the view's selection, or the grapheme before its caret, as it is when applied.
        case deleteBackward
        /// Moves the view's selection (nil: no selection). Keeps later typing in order.
        case select(SelectionAnchors?)

        /// The UTF-8 bytes of text the operation holds (counted against the queue's byte limit).
        var utf8Bytes: Int {
            switch self {
            case .replace(let parts, _, _, _): parts.reduce(0) { $0 + $1.text.utf8.count }
            case .insertAtSelection(let text): text.utf8.count
            case .deleteBackward, .select: 0
            }
        }
    }

    /// The receipt; nil for a selection move (not an edit, reported by its selection event).
    let ticket: EditTicket?
    /// The view that made the edit (nil: document-level, or the view is gone:
    /// its replacements then apply as document-level edits, its typing fails).
    weak var view: DocumentView?
    let operation: Operation
    /// For a document-level edit, the view whose client asked for it (its change records name it).
    var originViewID: ViewID? = nil

    /// The UTF-8 bytes of text the edit holds.
    var utf8Bytes: Int { operation.utf8Bytes }
}

/// How many edits, and how much text, may wait behind one document's composition.
public struct QueueLimits: Sendable, Equatable {
    /// Queued edits (selection moves included) per document.
    public var edits: Int
    /// UTF-8 bytes of text held by queued edits per document.
    public var utf8Bytes: Int

    /// The defaults: 1,000 edits and 16 MiB per document.
    public init(edits: Int = 1_000, utf8Bytes: Int = 16 << 20) {
        self.edits = edits
        self.utf8Bytes = utf8Bytes
    }
}
