/// The selection: anchor and head, "no selection" as nil, always inside the
/// document and on grapheme boundaries.
extension DocumentView {
    /// The selection in this view's unit, nil when there is none.
    public var selection: TextSelection? {
        guard let selectionAnchors else { return nil }
        let anchorUTF8 = selectionAnchors.anchor.utf8Offset
        let headUTF8 = selectionAnchors.head.utf8Offset
        let anchor = storage.offset(ofUTF8: anchorUTF8, in: unit)
        // A caret (the usual selection) is converted once.
        let head = headUTF8 == anchorUTF8 ? anchor : storage.offset(ofUTF8: headUTF8, in: unit)
        return TextSelection(anchor: anchor, head: head)
    }

    /// The selected range (start first), nil when there is no selection.
    public var selectedRange: TextRange? { selection?.range(in: unit) }

    /// Selects from `anchor` to `head`. Offsets outside the text or inside a code
    /// point are `InvalidRange`; an offset inside a grapheme cluster is moved
    /// outward to the cluster's edge. Ends a run of coalesced typing. While this
    /// view composes, a selection inside the marked text moves the marked
    /// selection; one outside it commits the marked text first. While another
    /// view composes and this view has queued edits, the move is queued behind
    /// them (held by anchors), so later typing lands where it went.
    @discardableResult
    public func setSelection(anchor: Int, head: Int) throws(InkstoneError) -> EditResult {
        var anchorUTF8 = try storage.utf8Offset(of: anchor, in: unit, what: "anchor")
        var headUTF8 = try storage.utf8Offset(of: head, in: unit, what: "head")
        let forward = anchorUTF8 <= headUTF8
        anchorUTF8 = storage.snapToGrapheme(utf8Offset: anchorUTF8, direction: forward ? .down : .up)
        headUTF8 = storage.snapToGrapheme(utf8Offset: headUTF8, direction: forward ? .up : .down)
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if mustWaitBehindQueuedEdits {
                return try document.enqueue(
                    view: self,
                    .select(SelectionAnchors(document: document, utf8Anchor: anchorUTF8, utf8Head: headUTF8)))
            }
            if let marked, !marked.utf8Range.contains(anchorUTF8, headUTF8) {
                // Committing releases queued edits, which may move the text: hold the ends by anchors.
                let anchorMark = document.makeAnchor(utf8Offset: anchorUTF8, bias: .left)
                let headMark = document.makeAnchor(utf8Offset: headUTF8, bias: forward ? .right : .left)
                commitMarkedText()
                anchorUTF8 = storage.snapToGrapheme(utf8Offset: anchorMark.utf8Offset, direction: forward ? .down : .up)
                headUTF8 = storage.snapToGrapheme(utf8Offset: headMark.utf8Offset, direction: forward ? .up : .down)
            }
            undoStack.closeTyping()
            typingAttributesOverride = nil
            setSelection(utf8Anchor: anchorUTF8, utf8Head: headUTF8)
            return nil
        }
    }

    /// Selects `length` units from `start` (a cursor when `length` is 0).
    @discardableResult
    public func setSelectedRange(start: Int, length: Int) throws(InkstoneError) -> EditResult {
        guard length >= 0 else {
            throw .invalidRange("length \(length) is negative; lengths are 0 or more \(unit.rawValue) units")
        }
        let (end, overflow) = start.addingReportingOverflow(length)
        guard !overflow else { throw .invalidRange("start \(start) + length \(length) overflows") }
        return try setSelection(anchor: start, head: end)
    }

    /// Removes the selection ("no selection"). Commits marked text first.
    /// `LimitExceeded` only when it must wait behind this view's queued edits and the queue is full.
    @discardableResult
    public func clearSelection() throws(InkstoneError) -> EditResult {
        try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if mustWaitBehindQueuedEdits { return try document.enqueue(view: self, .select(nil)) }
            if marked != nil { commitMarkedText() }
            undoStack.closeTyping()
            typingAttributesOverride = nil
            selectionAnchors = nil
            reportSelectionIfChanged()
            return nil
        }
    }

    /// Whether a selection move must wait: another view composes and this
    /// view's earlier edits are queued (typing after the move must land where it went).
    var mustWaitBehindQueuedEdits: Bool {
        document.mustQueue(for: self) && document.hasQueuedEdits(from: self)
    }

    /// Applies a queued selection move (its anchors moved with every edit since).
    func applyQueuedSelection(_ anchors: SelectionAnchors?) {
        undoStack.closeTyping()
        typingAttributesOverride = nil
        guard let anchors else {
            selectionAnchors = nil
            reportSelectionIfChanged()
            return
        }
        let anchorUTF8 = anchors.anchor.utf8Offset
        let headUTF8 = anchors.head.utf8Offset
        let forward = anchorUTF8 <= headUTF8
        setSelection(
            utf8Anchor: storage.snapToGrapheme(utf8Offset: anchorUTF8, direction: forward ? .down : .up),
            utf8Head: storage.snapToGrapheme(utf8Offset: headUTF8, direction: forward ? .up : .down))
    }

    /// Sets the selection from UTF-8 offsets (already valid) and reports it.
    func setSelection(utf8Anchor: Int, utf8Head: Int) {
        selectionAnchors = SelectionAnchors(document: document, utf8Anchor: utf8Anchor, utf8Head: utf8Head)
        if marked != nil { updateMarkedSelectionFromSelection() }
        reportSelectionIfChanged()
    }

    /// The selection saved by undo records, referenced to `referenceUTF8`.
    func savedSelection(referenceUTF8: Int) -> SavedSelection? {
        guard let selectionAnchors else { return nil }
        return SavedSelection(
            anchorUTF8: selectionAnchors.anchor.utf8Offset, headUTF8: selectionAnchors.head.utf8Offset,
            referenceUTF8: referenceUTF8
        )
    }

    /// Restores a saved selection shifted to `referenceNow`, clamped and snapped.
    func restoreSelection(_ saved: SavedSelection?, referenceNow: Int) {
        guard let saved else { return }
        let (anchor, head) = saved.shifted(referenceNow: referenceNow)
        let count = storage.utf8Count
        let anchorUTF8 = storage.snapToGrapheme(utf8Offset: scalarAligned(min(max(anchor, 0), count)), direction: .down)
        let headUTF8 = storage.snapToGrapheme(utf8Offset: scalarAligned(min(max(head, 0), count)), direction: .down)
        setSelection(utf8Anchor: anchorUTF8, utf8Head: headUTF8)
    }

    /// Rounds a UTF-8 offset down to a code-point boundary.
    private func scalarAligned(_ utf8Offset: Int) -> Int {
        storage.snap(utf8Offset, in: .utf8, direction: .down)
    }

    /// Called by the document after every edit: keeps the selection on grapheme
    /// boundaries and reports it if it moved in this view's unit.
    func documentDidChange() {
        if let selectionAnchors {
            let range = selectionAnchors.utf8Range
            let snapped = storage.snapToGraphemes(range)
            let lower = snapped.lowerBound
            let upper = snapped.upperBound
            if snapped != range {
                let forward = selectionAnchors.anchor.utf8Offset <= selectionAnchors.head.utf8Offset
                self.selectionAnchors = SelectionAnchors(
                    document: document, utf8Anchor: forward ? lower : upper, utf8Head: forward ? upper : lower)
            }
        }
        reportSelectionIfChanged()
    }

    /// Emits `selectionChanged` when the selection differs from the last report.
    func reportSelectionIfChanged() {
        let current = selection
        if current != reportedSelection {
            reportedSelection = current
            document.emit(.selectionChanged(id))
        }
    }
}

extension Range<Int> {
    /// Whether both offsets lie in the closed range `lowerBound...upperBound`.
    func contains(_ first: Int, _ second: Int) -> Bool {
        (lowerBound...upperBound).contains(first) && (lowerBound...upperBound).contains(second)
    }
}
