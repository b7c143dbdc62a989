/// Undo and redo of this view's own edits.
extension DocumentView {
    /// Whether ``undo()`` can run: a group to undo, no marked text of this
    /// view and no open explicit group (both make it fail with `InvalidState`).
    public var canUndo: Bool { !undoStack.undoGroups.isEmpty && canRevertNow }
    /// Whether ``redo()`` can run (same conditions as ``canUndo``).
    public var canRedo: Bool { !undoStack.redoGroups.isEmpty && canRevertNow }

    private var canRevertNow: Bool { marked == nil && undoStack.explicitDepth == 0 }
    /// Number of undo groups kept.
    public var undoLevelCount: Int { undoStack.undoGroups.count }

    /// Opens an explicit undo group; nested groups fold into the outermost.
    public func beginUndoGroup() {
        undoStack.beginGroup()
        document._checkInvariants()
    }

    /// Closes an explicit undo group (`InvalidState` without a matching begin).
    public func endUndoGroup() throws(InkstoneError) {
        try undoStack.endGroup()
        document._checkInvariants()
    }

    /// Forgets every undo and redo step of this view.
    public func removeAllUndoSteps() {
        undoStack.removeAll()
        document._checkInvariants()
    }

    /// Turns undo registration of this view on or off (`disableUndoRegistration`
    /// / `enableUndoRegistration`, not counted). While off, this view's edits
    /// and commits register no undo step and the existing steps stay: their
    /// anchors move with the unregistered edits like with any other edit, and
    /// a step whose text such an edit changed fails to undo with
    /// `InvalidState`, changing nothing.
    public func setUndoRegistration(_ enabled: Bool) {
        isUndoRegistrationEnabled = enabled
    }

    /// Reverts the newest undo group and restores the selection before it.
    /// `InvalidState` with nothing to undo, while composing or inside an open
    /// group, or when another view changed the text the group would revert (the
    /// text is then left as it was); `Busy` while another view composes.
    @discardableResult
    public func undo() throws(InkstoneError) -> EditResult {
        try checkCanRevert()
        let group = try undoStack.popUndo()
        do throws(InkstoneError) {
            try checkRevertible(group, cause: .undo)
        } catch {
            undoStack.restore(undo: group)
            throw error
        }
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
        do throws(InkstoneError) {
            try checkRevertible(group, cause: .redo)
        } catch {
            undoStack.restore(redo: group)
            throw error
        }
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

    /// Throws `InvalidState`, changing nothing, when reverting `group` would
    /// meet text another edit changed: replays the revert on a copy of the
    /// text (rope and tail are shared until changed) with the group's anchors moved
    /// as the document would move them.
    private func checkRevertible(_ group: UndoGroup, cause: EditCause) throws(InkstoneError) {
        let scratch = TextStorage(rope: storage.rope, tail: storage.tail)
        var slots: [ObjectIdentifier: AnchorSlot] = [:]
        func slot(_ anchor: TextAnchor) -> AnchorSlot {
            if let found = slots[ObjectIdentifier(anchor)] { return found }
            let made = AnchorSlot(utf8Offset: anchor.utf8Offset, bias: anchor.bias)
            slots[ObjectIdentifier(anchor)] = made
            return made
        }
        for edit in group.edits {
            _ = slot(edit.start)
            _ = slot(edit.end)
            for entry in edit.collapsed { _ = slot(entry.anchor) }
        }
        for edit in group.edits.reversed() {
            let start = slot(edit.start).utf8Offset
            if case .attributes(let length) = edit.kind {
                // Runs only: the range must still be as long as it was.
                guard max(start, slot(edit.end).utf8Offset) - start == length, start + length <= scratch.utf8Count
                else {
                    throw .invalidState("the text this \(cause.rawValue) would reformat was changed by another edit")
                }
                continue
            }
            let range = edit.inserted.isEmpty ? start..<start : start..<max(start, slot(edit.end).utf8Offset)
            guard range.upperBound <= scratch.utf8Count, TextDigest(scratch.text(utf8Range: range)) == edit.inserted
            else {
                throw .invalidState("the text this \(cause.rawValue) would revert was changed by another edit")
            }
            scratch.replace(utf8Range: range, with: edit.replacedText)
            let newLength = edit.replacedText.utf8.count
            for simulated in slots.values { simulated.adjust(replacing: range, newUTF8Length: newLength) }
            let span = range.lowerBound...(range.lowerBound + newLength)
            for entry in edit.collapsed where entry.offsetFromStart <= newLength {
                let simulated = slot(entry.anchor)
                if span.contains(simulated.utf8Offset) {
                    simulated.utf8Offset = range.lowerBound + entry.offsetFromStart
                }
            }
        }
    }

    /// Applies the inverse of `group` (last edit first) and returns the group
    /// that re-applies it. On a mismatch, rolls back what it did and throws.
    private func revert(_ group: UndoGroup, cause: EditCause) throws(InkstoneError) -> UndoGroup {
        let inverse = UndoGroup(cause: cause, acceptsTyping: false, time: undoStack.configuration.clock())
        var lastLower = 0
        for edit in group.edits.reversed() {
            guard let undone = apply(edit, cause: cause, pending: inverse.edits) else {
                for applied in inverse.edits.reversed() { _ = apply(applied, cause: cause, pending: []) }
                throw .invalidState("the text this \(cause.rawValue) would revert was changed by another edit")
            }
            inverse.append(undone)
            lastLower = undone.start.utf8Offset
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

    /// Puts back what `edit` replaced (text and runs, or runs only) and returns
    /// the record that re-applies it; nil, changing nothing, when its range no
    /// longer holds what it left there. `pending` are the records of the
    /// inverse group built so far (not on the stack yet): their anchors inside
    /// the range are collapsed by the edit and put back when it is re-applied.
    private func apply(_ edit: UndoEdit, cause: EditCause, pending: [UndoEdit]) -> UndoEdit? {
        let range = edit.currentUTF8Range
        if case .attributes(let length) = edit.kind {
            guard range.count == length else { return nil }
            let current = document.attributeStore.undoSpans(in: range)
            document.restoreAttributes(edit.replacedSpans, at: range.lowerBound)
            return .attributes(utf8Range: range, oldSpans: current, document: document)
        }
        let current = storage.text(utf8Range: range)
        guard TextDigest(current) == edit.inserted else { return nil }
        let currentSpans = document.attributeStore.undoSpans(in: range)
        let span = range.lowerBound...range.upperBound
        var collapsed = collapsibleAnchors(in: range)
        for record in pending {
            for anchor in [record.start, record.end] where span.contains(anchor.utf8Offset) {
                collapsed.append(
                    CollapsedAnchor(anchor: anchor, offsetFromStart: anchor.utf8Offset - range.lowerBound))
            }
        }
        document.applyRestoringEdit(
            utf8Range: range, with: edit.replacedText, spans: edit.replacedSpans, cause: cause, viewID: id)
        restoreCollapsed(edit.collapsed, utf8Start: range.lowerBound, utf8Length: edit.replacedText.utf8.count)
        return UndoEdit(
            start: document.makeAnchor(utf8Offset: range.lowerBound, bias: .right),
            end: document.makeAnchor(utf8Offset: range.lowerBound + edit.replacedText.utf8.count, bias: .left),
            inserted: TextDigest(edit.replacedText), replacedText: current, collapsed: collapsed,
            replacedSpans: currentSpans)
    }
}
