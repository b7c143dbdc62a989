import InkstoneText

/// The outcome of an edit call: the revision it produced, or the ticket of
/// the queued edit (then `revision` is 0).
public struct EditReceipt: Sendable, Equatable {
    /// The document revision after the edit; 0 when queued.
    public let revision: UInt64
    /// The queued edit's ticket; 0 when applied now.
    public let ticket: UInt64
}

extension InputContext {
    /// Runs a mutation of the view and publishes what it did.
    @discardableResult
    func mutate(
        committed: String? = nil, _ body: () throws(InkstoneError) -> EditResult
    ) throws(InkstoneError) -> EditReceipt {
        let result = try body()
        service.publish(result, in: shared, origin: self, committed: committed)
        if let ticket = result.ticket { return EditReceipt(revision: 0, ticket: ticket.id) }
        return EditReceipt(revision: shared.document.revision, ticket: 0)
    }

    /// Puts a caret at the end of the document when the context has neither
    /// a selection nor marked text (as a new context), notifying the move.
    func ensureCaret() throws(InkstoneError) {
        guard view.selectedRange == nil, view.markedRange == nil else { return }
        if !options.queueEdits, shared.document.isComposing {
            throw .busy("another context of document \(shared.id) is composing")
        }
        let result = try view.setSelectedRange(start: view.length, length: 0)
        service.publish(result, in: shared, origin: self, publishingProperties: false)
    }

    private var queuePolicy: QueuePolicy { options.queueEdits ? .queue : .failIfBusy }

    /// Throws `LimitExceeded` when adding `added` UTF-8 bytes (less `removed`)
    /// would pass the document size limit, or `text` is longer than one call may carry.
    /// Text held by edits queued behind a composition counts as part of the document.
    func checkSize(adding text: String, removing removed: Int = 0, argument: String = "text") throws(InkstoneError) {
        try service.limits.checkString(text, argument: argument)
        let document = shared.document
        let size = document.storage.utf8Count + document.queuedUTF8Bytes - removed + text.utf8.count
        guard size <= service.limits.documentUTF8Bytes else {
            throw .limitExceeded(
                "the document would be \(size) bytes; the limit is \(service.limits.documentUTF8Bytes) bytes")
        }
    }

    /// Inserts text over the selection (UIKeyInput.insertText); commits open marked text.
    public func insertText(_ text: String) throws(InkstoneError) -> EditReceipt {
        try checkSize(adding: text)
        try ensureCaret()
        return try mutate { () throws(InkstoneError) in try view.insertText(text, policy: queuePolicy) }
    }

    /// Deletes the selection or one grapheme back.
    public func deleteBackward() throws(InkstoneError) -> EditReceipt {
        try ensureCaret()
        return try mutate { () throws(InkstoneError) in try view.deleteBackward(policy: queuePolicy) }
    }

    /// Replaces a range (conditional on `expectedRevision` unless 0). The
    /// change is `programmatic` for this context and `external` for the others.
    public func replaceRange(
        start: Int, length: Int, with text: String, expectedRevision: UInt64, cause: EditCause = .programmatic
    ) throws(InkstoneError) -> EditReceipt {
        let removed = try view.document.storage.utf8Range(start: start, length: length, in: unit)
        try checkSize(adding: text, removing: removed.count)
        if view.markedText != nil {
            // The context's own composition stays open: the edit waits for it, as other contexts' edits do.
            return try mutate { () throws(InkstoneError) in
                try shared.document.replace(
                    start: start, length: length, in: unit, with: text, expectedRevision: expectedRevision,
                    cause: cause, policy: queuePolicy, origin: view.id)
            }
        }
        return try mutate { () throws(InkstoneError) in
            try view.replace(
                start: start, length: length, with: text, expectedRevision: expectedRevision,
                cause: cause, policy: queuePolicy)
        }
    }

    /// Sets the selection; `start` −1 clears it.
    public func setSelectedRange(start: Int, length: Int) throws(InkstoneError) {
        if start == -1 {
            guard length == 0 else { throw .invalidRange("start −1 (no selection) takes length 0, not \(length)") }
            try mutate { () throws(InkstoneError) in try view.clearSelection() }
            return
        }
        guard length >= 0 else { throw .invalidRange("length \(length) is negative") }
        let (end, overflow) = start.addingReportingOverflow(length)
        guard !overflow else { throw .invalidRange("start \(start) + length \(length) overflows") }
        for end in [start, end] where try !view.isGraphemeBoundary(end) {
            throw .invalidRange(
                "\(unit.rawValue) offset \(end) splits a grapheme cluster; selections lie on cluster boundaries")
        }
        try mutate { () throws(InkstoneError) in try view.setSelectedRange(start: start, length: length) }
    }

    /// Sets the marked text; −1 for the replacement range means the default.
    public func setMarkedText(
        _ text: String, selectionStart: Int, selectionLength: Int, replacementStart: Int, replacementLength: Int,
        segments: [MarkedSegment]? = nil
    ) throws(InkstoneError) {
        try checkSize(adding: text)
        let replacement: (Int, Int)?
        if replacementStart == -1 {
            // A new context (no selection, no marked text) composes at the end.
            replacement = view.selectedRange == nil && view.markedRange == nil ? (view.length, 0) : nil
        } else {
            replacement = (replacementStart, replacementLength)
        }
        try mutate { () throws(InkstoneError) in
            try view.setMarkedText(
                text, selectedStart: selectionStart, selectedLength: selectionLength,
                replacementStart: replacement?.0, replacementLength: replacement?.1,
                segments: segments ?? (text.isEmpty ? [] : view.markedSegments))
        }
    }

    /// Styles the open marked text. `InvalidState` with no marked text.
    public func setMarkedTextSegments(_ segments: [MarkedSegment]) throws(InkstoneError) {
        guard let text = view.markedText, let selection = view.markedSelection else {
            throw .invalidState("context \(id) has no marked text to style")
        }
        try mutate { () throws(InkstoneError) in
            try view.setMarkedText(
                text, selectedStart: selection.start, selectedLength: selection.length, segments: segments)
        }
    }

    /// Commits the marked text (`Committed` follows). Nothing happens without marked text.
    public func unmarkText() {
        let text = view.markedText
        engine.reset()
        _ = try? mutate(committed: text) { view.unmarkText() }
    }

    /// Removes the marked text and restores what it replaced.
    public func discardMarkedText() {
        engine.reset()
        _ = try? mutate { view.discardMarkedText() }
    }

    /// Ends an open composition by `policy` (commit keeps what was typed).
    func endComposition(policy: FocusOutPolicy) {
        switch policy {
        case .commit:
            let output = engine.focusOut()
            if let commit = output.commit, !commit.isEmpty, view.markedText != nil {
                _ = try? mutate(committed: commit) { () throws(InkstoneError) in try view.insertText(commit) }
            } else if view.markedText != nil {
                unmarkText()
            }
        case .discard:
            discardMarkedText()
        }
    }

    /// Undoes the last undo group of this context.
    public func undo() throws(InkstoneError) {
        try mutate { () throws(InkstoneError) in try view.undo() }
    }

    /// Redoes the last undone group.
    public func redo() throws(InkstoneError) {
        try mutate { () throws(InkstoneError) in try view.redo() }
    }

    /// Opens an undo group.
    public func beginUndoGroup() {
        view.beginUndoGroup()
    }

    /// Closes the innermost undo group.
    public func endUndoGroup() throws(InkstoneError) {
        try view.endUndoGroup()
        service.publishProperties(of: shared)
    }

    /// Gives the context focus.
    public func focusIn() {
        isFocused = true
        service.publishProperties(of: shared)
    }

    /// Takes focus away; open marked text is committed or discarded per the policy.
    public func focusOut() {
        endComposition(policy: options.focusOut)
        isFocused = false
        service.publishProperties(of: shared)
    }
}
