/// Undo and redo of this view's own edits.
extension DocumentView {
    /// Whether there is a group to undo.
    public var canUndo: Bool { !undoStack.undoGroups.isEmpty }
    /// Whether there is a group to redo.
    public var canRedo: Bool { !undoStack.redoGroups.isEmpty }
    /// Number of undo groups kept.
    public var undoLevelCount: Int { undoStack.undoGroups.count }

    /// Opens an explicit undo group; nested groups fold into the outermost.
    public func beginUndoGroup() { undoStack.beginGroup() }

    /// Closes an explicit undo group (`InvalidState` without a matching begin).
    public func endUndoGroup() throws(InkstoneError) { try undoStack.endGroup() }

    /// Forgets every undo and redo step of this view.
    public func removeAllUndoSteps() { undoStack.removeAll() }

    /// Reverts the newest undo group and restores the selection before it.
    /// `InvalidState` with nothing to undo, while composing or inside an open
    /// group, or when another view changed the text the group would revert (the
    /// text is then left as it was); `Busy` while another view composes.
    @discardableResult
    public func undo() throws(InkstoneError) -> EditResult {
        try checkCanRevert()
        let group = try undoStack.popUndo()
        undoStack.closeTyping()
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            do throws(InkstoneError) {
                let inverse = try revert(group, cause: .undo)
                undoStack.pushRedo(inverse)
            } catch {
                undoStack.restore(undo: group)
                throw error
            }
            return nil
        }
    }

    /// Re-applies the newest undone group and restores the selection after it.
    @discardableResult
    public func redo() throws(InkstoneError) -> EditResult {
        try checkCanRevert()
        let group = try undoStack.popRedo()
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            do throws(InkstoneError) {
                let inverse = try revert(group, cause: .redo)
                undoStack.pushUndoFromRedo(inverse)
            } catch {
                undoStack.restore(redo: group)
                throw error
            }
            return nil
        }
    }

    private func checkCanRevert() throws(InkstoneError) {
        if marked != nil { throw .invalidState("\(id) is composing; commit or discard the marked text first") }
        if document.mustQueue(for: self) {
            throw .busy("\(document.composingViewID.map(String.init(describing:)) ?? "a view") is composing")
        }
    }

    /// Applies the inverse of `group` (last edit first) and returns the group
    /// that re-applies it. On a mismatch, rolls back what it did and throws.
    private func revert(_ group: UndoGroup, cause: EditCause) throws(InkstoneError) -> UndoGroup {
        let inverse = UndoGroup(cause: cause, acceptsTyping: false, time: undoStack.configuration.clock())
        var lastLower = 0
        for edit in group.edits.reversed() {
            let range = edit.currentUTF8Range
            let current = storage.text(utf8Range: range)
            guard TextDigest(current) == edit.inserted else {
                for applied in inverse.edits.reversed() {
                    document.applyEdit(utf8Range: applied.currentUTF8Range, with: applied.replacedText, cause: cause, viewID: id)
                }
                throw .invalidState("the text this \(cause.rawValue) would revert was changed by another edit")
            }
            let collapsed = collapsibleAnchors(in: range)
            document.applyEdit(utf8Range: range, with: edit.replacedText, cause: cause, viewID: id)
            restoreCollapsed(edit.collapsed, utf8Start: range.lowerBound, utf8Length: edit.replacedText.utf8.count)
            inverse.append(UndoEdit(
                start: document.makeAnchor(utf8Offset: range.lowerBound, bias: .right),
                end: document.makeAnchor(utf8Offset: range.lowerBound + edit.replacedText.utf8.count, bias: .left),
                inserted: TextDigest(edit.replacedText), replacedText: current, collapsed: collapsed
            ))
            lastLower = range.lowerBound
        }
        inverse.selectionBefore = group.selectionAfter
        if var before = group.selectionBefore {
            let restored = before.shifted(referenceNow: lastLower)
            before = SavedSelection(anchorUTF8: restored.anchor, headUTF8: restored.head, referenceUTF8: lastLower)
            inverse.selectionAfter = before
            restoreSelection(before, referenceNow: lastLower)
        }
        return inverse
    }
}
