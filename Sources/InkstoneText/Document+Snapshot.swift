import _RopeModule

/// The whole state of a document and its views at one moment, to roll a
/// multi-step call back when a later step fails.
public struct DocumentSnapshot {
    fileprivate struct ViewState {
        weak var view: DocumentView?
        let selectionAnchors: SelectionAnchors?
        let reportedSelection: TextSelection?
        let marked: MarkedState?
        let undoStack: UndoStack
    }

    fileprivate let rope: BigString
    fileprivate let tail: TextTail
    fileprivate let revision: UInt64
    fileprivate let anchorOffsets: [(AnchorSlot, Int)]
    fileprivate let attributeStore: AttributeStore
    fileprivate let queuedEdits: [QueuedEdit]
    fileprivate let queuedUTF8Bytes: Int
    fileprivate let nextTicketID: UInt64
    fileprivate weak var composingView: DocumentView?
    fileprivate let views: [ViewState]
}

extension Document {
    /// Saves the text, revision, anchors, attribute runs, queue and every
    /// view's selection, marked text and undo stack. Cheap: the rope is shared
    /// until changed; costs one step per anchor and undo group.
    public func snapshot() -> DocumentSnapshot {
        DocumentSnapshot(
            rope: storage.rope, tail: storage.tail, revision: revision, anchorOffsets: anchors.savedOffsets(),
            attributeStore: attributeStore, queuedEdits: queuedEdits, queuedUTF8Bytes: queuedUTF8Bytes,
            nextTicketID: nextTicketID, composingView: composingView,
            views: liveViews.map {
                DocumentSnapshot.ViewState(
                    view: $0, selectionAnchors: $0.selectionAnchors, reportedSelection: $0.reportedSelection,
                    marked: $0.marked, undoStack: $0.undoStack.copy())
            })
    }

    /// Puts the document back as it was at `snapshot`, revision included.
    /// Emits no event: the caller drops the notifications of what it undid.
    public func restore(_ snapshot: DocumentSnapshot) {
        storage.restore(rope: snapshot.rope, tail: snapshot.tail)
        revision = snapshot.revision
        anchors.restore(snapshot.anchorOffsets)
        attributeStore = snapshot.attributeStore
        queuedEdits = snapshot.queuedEdits
        queuedUTF8Bytes = snapshot.queuedUTF8Bytes
        nextTicketID = snapshot.nextTicketID
        composingView = snapshot.composingView
        for state in snapshot.views {
            guard let view = state.view else { continue }
            view.selectionAnchors = state.selectionAnchors
            view.reportedSelection = state.reportedSelection
            view.marked = state.marked
            view.undoStack = state.undoStack.copy()
        }
        _checkInvariants()
    }
}
