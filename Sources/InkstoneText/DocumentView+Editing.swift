/// Text edits made through a view. Positions are in the view's unit; edits
/// must start and end on grapheme boundaries.
extension DocumentView {
    /// Inserts `text` over the selection (typing) and puts the cursor after it.
    /// With marked text open, `text` replaces it and is committed (one undo step).
    /// Throws `InvalidState` when there is no selection. Queued behind another
    /// view's composition, it types over the selection as this view's earlier
    /// queued edits leave it.
    @discardableResult
    public func insertText(_ text: String, policy: QueuePolicy = .queue) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if marked != nil {
                commitMarkedText(replacingWith: text)
                return nil
            }
            guard let range = selectionAnchors?.utf8Range else {
                throw .invalidState("\(id) has no selection to insert at")
            }
            if try mustQueue(policy: policy) { return try document.enqueue(view: self, .insertAtSelection(text)) }
            applyParts([(range, text)], cause: .typing, registersUndo: true, cursorAfter: true)
            return nil
        }
    }

    /// Deletes the selection, or the grapheme before the cursor (typing). A no-op at
    /// the start of the text. Commits marked text first. `InvalidState` without a selection.
    @discardableResult
    public func deleteBackward(policy: QueuePolicy = .queue) throws(InkstoneError) -> EditResult {
        try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if marked != nil { commitMarkedText() }
            guard var range = selectionAnchors?.utf8Range else {
                throw .invalidState("\(id) has no selection to delete at")
            }
            if try mustQueue(policy: policy) { return try document.enqueue(view: self, .deleteBackward) }
            if range.isEmpty {
                guard let previous = storage.graphemeBoundary(before: range.lowerBound) else { return nil }
                range = previous..<range.lowerBound
            }
            applyParts([(range, "")], cause: .typing, registersUndo: true, cursorAfter: true)
            return nil
        }
    }

    /// Replaces `length` units at `start` with `text`. `expectedRevision` 0 means
    /// unconditional, otherwise the edit fails with `Stale` if the document moved
    /// on. The selection follows its anchors. Edits with `registersUndo: false`
    /// (loading, programmatic fixes) still shift existing undo records.
    @discardableResult
    public func replace(
        start: Int, length: Int, with text: String, expectedRevision: UInt64 = 0,
        cause: EditCause = .programmatic, registersUndo: Bool = true, policy: QueuePolicy = .queue
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        try document.checkRevision(expectedRevision)
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            let parts = committingMarkedText(keeping: [(utf8Range, text)])
            return try submit(parts, cause: cause, registersUndo: registersUndo, cursorAfter: false, policy: policy)
        }
    }

    /// Replaces several non-overlapping ranges with `text` as one undo group
    /// (replace-all). Ranges may come in any order; each must count in this
    /// view's unit (`InvalidArgument`).
    @discardableResult
    public func replaceAll(
        _ ranges: [TextRange], with text: String, expectedRevision: UInt64 = 0,
        cause: EditCause = .programmatic, policy: QueuePolicy = .queue
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        var parts: [(Range<Int>, String)] = []
        for range in ranges {
            try range.checkUnit(unit, what: "replace-all range")
            let utf8Range = try storage.utf8Range(
                start: range.start, length: range.length, in: unit, requireGraphemeBoundary: true)
            parts.append((utf8Range, text))
        }
        parts.sort { $0.0.lowerBound < $1.0.lowerBound }
        for (previous, next) in zip(parts, parts.dropFirst()) where previous.0.upperBound > next.0.lowerBound {
            throw .invalidRange(
                "replace-all ranges overlap at \(unit.rawValue) offset \(storage.offset(ofUTF8: next.0.lowerBound, in: unit))"
            )
        }
        try document.checkRevision(expectedRevision)
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            let parts = committingMarkedText(keeping: parts)
            return try submit(parts, cause: cause, registersUndo: true, cursorAfter: false, policy: policy)
        }
    }

    /// Commits this view's marked text, which releases queued edits, and
    /// returns `parts` moved along with those edits (held by anchors meanwhile).
    func committingMarkedText(keeping parts: [(Range<Int>, String)]) -> [(Range<Int>, String)] {
        guard marked != nil else { return parts }
        let anchored = parts.map { document.anchoredPart(utf8Range: $0.0, text: $0.1) }
        commitMarkedText()
        return anchored.map { ($0.currentUTF8Range(in: storage), $0.text) }
    }

    /// Whether an edit must wait for another view's composition (`Busy` instead with `.failIfBusy`).
    func mustQueue(policy: QueuePolicy) throws(InkstoneError) -> Bool {
        guard document.mustQueue(for: self) else { return false }
        guard policy == .queue else {
            throw .busy("\(document.composingViewID.map(String.init(describing:)) ?? "a view") is composing")
        }
        return true
    }

    /// Applies the parts now, or queues them behind another view's composition.
    func submit(
        _ parts: [(Range<Int>, String)], cause: EditCause, registersUndo: Bool, cursorAfter: Bool, policy: QueuePolicy
    ) throws(InkstoneError) -> EditTicket? {
        if try mustQueue(policy: policy) {
            return try document.enqueue(
                view: self, parts: parts, cause: cause, registersUndo: registersUndo, cursorAfter: cursorAfter)
        }
        applyParts(parts, cause: cause, registersUndo: registersUndo, cursorAfter: cursorAfter)
        return nil
    }

    /// Applies sorted, non-overlapping parts from the last to the first (one undo group).
    @discardableResult
    func applyParts(
        _ parts: [(Range<Int>, String)], cause: EditCause, registersUndo: Bool, cursorAfter: Bool
    ) -> [ChangeRecord] {
        let grouped = registersUndo && isUndoRegistrationEnabled && parts.count > 1
        if grouped { undoStack.beginGroup() }
        var records: [ChangeRecord] = []
        for (utf8Range, text) in parts.reversed() {
            records.append(
                performEdit(
                    utf8Range: utf8Range, with: text, cause: cause, registersUndo: registersUndo,
                    cursorAfter: cursorAfter))
        }
        if grouped { try? undoStack.endGroup() }
        return records
    }

    /// Applies one edit: captures the inverse first, mutates, moves the cursor,
    /// then records the undo step.
    @discardableResult
    func performEdit(
        utf8Range: Range<Int>, with text: String, cause: EditCause, registersUndo: Bool, cursorAfter: Bool
    ) -> ChangeRecord {
        var plan: UndoStack.Plan?
        var replacedText = ""
        var selectionBefore: SavedSelection?
        var collapsed: [CollapsedAnchor] = []
        var replacedSpans: [AttributeSpan] = []
        var grouped = false
        if registersUndo, isUndoRegistrationEnabled {
            // Runs of unsplittable keys the edit cuts are removed beyond the
            // replaced range: an attribute step before the text step (undone
            // after it, once the text is back) puts them back.
            let extent = document.attributeStore.attributeExtent(ofEdit: utf8Range)
            if extent != utf8Range {
                grouped = true
                undoStack.beginGroup()
                registerAttributeStep(utf8Range: extent, oldSpans: document.attributeStore.undoSpans(in: extent))
            }
            plan = undoStack.plan(utf8Range: utf8Range, text: text, cause: cause)
            replacedText = storage.text(utf8Range: utf8Range)
            replacedSpans = document.attributeStore.undoSpans(in: utf8Range)
            selectionBefore = savedSelection(referenceUTF8: utf8Range.lowerBound)
            collapsed = collapsibleAnchors(in: utf8Range)
        }
        let record = document.applyEdit(utf8Range: utf8Range, with: text, cause: cause, viewID: id)
        let newRange = utf8Range.lowerBound..<(utf8Range.lowerBound + text.utf8.count)
        if cursorAfter {
            let cursor = storage.snapToGrapheme(utf8Offset: newRange.upperBound, direction: .up)
            setSelection(utf8Anchor: cursor, utf8Head: cursor)
        }
        if let plan {
            undoStack.record(
                plan, newUTF8Range: newRange, insertedText: text, replacedText: replacedText,
                replacedSpans: replacedSpans, selectionBefore: selectionBefore,
                selectionAfter: savedSelection(referenceUTF8: newRange.lowerBound), collapsed: collapsed,
                document: document
            )
        }
        if grouped { try? undoStack.endGroup() }
        return record
    }

    /// The anchors of this view's records inside `utf8Range` (ends included),
    /// captured before an edit collapses them.
    func collapsibleAnchors(in utf8Range: Range<Int>) -> [CollapsedAnchor] {
        let span = utf8Range.lowerBound...utf8Range.upperBound
        var found: [CollapsedAnchor] = []
        undoStack.forEachRecordAnchor { anchor in
            if span.contains(anchor.utf8Offset) {
                found.append(CollapsedAnchor(anchor: anchor, offsetFromStart: anchor.utf8Offset - utf8Range.lowerBound))
            }
        }
        return found
    }

    /// The anchors of this view's records inside each of two ranges (ends included),
    /// each measured from its own range's start: what two calls of
    /// ``collapsibleAnchors(in:)`` give, in one walk over the records.
    func collapsibleAnchors(
        in first: Range<Int>, and second: Range<Int>
    ) -> (first: [CollapsedAnchor], second: [CollapsedAnchor]) {
        let firstSpan = first.lowerBound...first.upperBound
        let secondSpan = second.lowerBound...second.upperBound
        // Most anchors lie outside both: one comparison settles them.
        let hull = min(first.lowerBound, second.lowerBound)...max(first.upperBound, second.upperBound)
        var inFirst: [CollapsedAnchor] = []
        var inSecond: [CollapsedAnchor] = []
        undoStack.forEachRecordAnchor { anchor in
            let offset = anchor.utf8Offset
            guard hull.contains(offset) else { return }
            if firstSpan.contains(offset) {
                inFirst.append(CollapsedAnchor(anchor: anchor, offsetFromStart: offset - first.lowerBound))
            }
            if secondSpan.contains(offset) {
                inSecond.append(CollapsedAnchor(anchor: anchor, offsetFromStart: offset - second.lowerBound))
            }
        }
        return (inFirst, inSecond)
    }

    /// Puts collapsed anchors back once the text they sat in is restored at
    /// `utf8Start` (`utf8Length` bytes); anchors moved elsewhere since are left alone.
    func restoreCollapsed(_ collapsed: [CollapsedAnchor], utf8Start: Int, utf8Length: Int) {
        let span = utf8Start...(utf8Start + utf8Length)
        for entry in collapsed where entry.offsetFromStart <= utf8Length && span.contains(entry.anchor.utf8Offset) {
            entry.anchor.utf8Offset = utf8Start + entry.offsetFromStart
        }
    }
}
