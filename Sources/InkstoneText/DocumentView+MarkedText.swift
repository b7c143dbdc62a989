/// Marked (composing) text. Its updates are not undo steps; committing gives
/// exactly one undo step; while it is open, other views' edits are queued.
extension DocumentView {
    /// The marked range in the document, nil when not composing. In graphemes,
    /// marked text that joins a neighbouring cluster (e.g. a combining mark after
    /// "e") is reported widened to the edges of the clusters it touches.
    public var markedRange: TextRange? { marked.map { textRange(utf8Range: $0.utf8Range) } }

    /// The start of ``markedRange`` (one conversion: its length is not measured), nil
    /// when not composing.
    public var markedStart: Int? {
        // Read field by field: binding the whole state would copy it.
        guard let range = marked?.utf8Range else { return nil }
        // Marked text at the end of the text (the usual case) starts its own length before
        // the end: it is its range's text. Not in graphemes, where it may join a neighbour.
        if range.upperBound == storage.utf8Count, unit != .graphemes, let text = marked?.text {
            return storage.count(in: unit) - UnitCounts.count(of: text, in: unit)
        }
        return storage.offset(ofUTF8: range.lowerBound, in: unit)
    }

    /// The marked text, nil when not composing.
    public var markedText: String? { marked?.text }

    /// The selection relative to the marked text, nil when not composing.
    public var markedSelection: TextRange? { marked?.selection }

    /// The styled segments of the marked text.
    public var markedSegments: [MarkedSegment] { marked?.segments ?? [] }

    /// Sets the marked text. `selectedStart`/`selectedLength` are relative to
    /// `text`; the document selection becomes marked start + that offset.
    /// `replacementStart`/`replacementLength` (both or neither, document
    /// positions) name what the composition replaces, e.g. committed text
    /// re-opened for reconversion; the default is the current marked range, else
    /// the selection. While composing, a replacement range must contain the
    /// marked range. Setting the same text, selection and segments again changes
    /// nothing. Empty `text` ends the composition: what it replaced is removed
    /// (one undo step if that was text) and queued edits are released.
    /// Segments must count in this view's unit, lie in `text` and not overlap
    /// (`InvalidArgument`).
    /// `Busy` while another view composes.
    @discardableResult
    public func setMarkedText(
        _ text: String, selectedStart: Int, selectedLength: Int,
        replacementStart: Int? = nil, replacementLength: Int? = nil, segments: [MarkedSegment] = []
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        if document.mustQueue(for: self) {
            throw .busy("\(document.composingViewID.map(String.init(describing:)) ?? "a view") is composing")
        }
        let relativeSelection = try validateRelative(
            start: selectedStart, length: selectedLength, in: text, what: "selected range")
        for segment in segments {
            try segment.range.checkUnit(unit, what: "segment")
            _ = try validateRelative(start: segment.start, length: segment.length, in: text, what: "segment")
        }
        let sortedSegments = segments.sorted { $0.start < $1.start }
        for (previous, next) in zip(sortedSegments, sortedSegments.dropFirst())
        where previous.start + previous.length > next.start {
            throw .invalidArgument(
                "marked-text segments {\(previous.start), \(previous.length)} and {\(next.start), \(next.length)} overlap"
            )
        }
        let replaced = try replacementUTF8Range(start: replacementStart, length: replacementLength)
        if text.isEmpty, marked == nil, replaced.isEmpty { return EditResult(events: [], ticket: nil) }
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            var originalText: String
            var originalSpans: [AttributeSpan]
            var selectionBefore: SavedSelection?
            var collapsed: [CollapsedAnchor]
            if let marked {
                let current = marked.utf8Range
                if replaced == current, marked.text.utf8.elementsEqual(text.utf8),
                    marked.selection == TextRange(start: selectedStart, length: selectedLength, unit: unit),
                    marked.segments == segments
                {
                    return nil
                }
                let leading = storage.text(utf8Range: replaced.lowerBound..<current.lowerBound)
                originalText =
                    leading + marked.originalText + storage.text(utf8Range: current.upperBound..<replaced.upperBound)
                originalSpans =
                    (document.attributeStore.undoSpans(in: replaced.lowerBound..<current.lowerBound)
                    + marked.originalSpans
                    + document.attributeStore.undoSpans(in: current.upperBound..<replaced.upperBound))
                    .mergingNeighbours()
                selectionBefore = marked.selectionBefore
                // Widening over neighbours collapses the record anchors there too.
                let trailingStart = leading.utf8.count + marked.originalText.utf8.count
                let neighbours = collapsibleAnchors(
                    in: replaced.lowerBound..<current.lowerBound, and: current.upperBound..<replaced.upperBound)
                collapsed = CollapsedAnchor.merged(
                    older: leading.isEmpty
                        ? marked.collapsed : marked.collapsed.map { $0.shifted(by: leading.utf8.count) },
                    newer: neighbours.first + neighbours.second.map { $0.shifted(by: trailingStart) })
            } else {
                originalText = storage.text(utf8Range: replaced)
                originalSpans = document.attributeStore.undoSpans(in: replaced)
                selectionBefore = savedSelection(referenceUTF8: replaced.lowerBound)
                collapsed = collapsibleAnchors(in: replaced)
                undoStack.closeTyping()
            }
            // Marked text is the text of its range: replacing just it needs no copy from the rope.
            let replacedText = marked.flatMap { $0.utf8Range == replaced ? $0.text : nil }
            if !(replacedText ?? storage.text(utf8Range: replaced)).utf8.elementsEqual(text.utf8) {
                document.applyEdit(utf8Range: replaced, with: text, cause: .composition, viewID: id)
            }
            marked = MarkedState(
                start: document.makeAnchor(utf8Offset: replaced.lowerBound, bias: .left),
                end: document.makeAnchor(utf8Offset: replaced.lowerBound + text.utf8.count, bias: .right),
                text: text, selection: TextRange(start: selectedStart, length: selectedLength, unit: unit),
                segments: segments, originalText: originalText, originalSpans: originalSpans,
                selectionBefore: selectionBefore,
                collapsed: collapsed
            )
            document.composingView = self
            // The document selection stays on grapheme boundaries (a caret inside a
            // cluster, or marked text joining a neighbour, is widened); the
            // relative marked selection keeps the exact offsets the caller gave.
            selectionAnchors = SelectionAnchors(
                document: document,
                utf8Anchor: storage.snapToGrapheme(
                    utf8Offset: replaced.lowerBound + relativeSelection.lowerBound, direction: .down),
                utf8Head: storage.snapToGrapheme(
                    utf8Offset: replaced.lowerBound + relativeSelection.upperBound, direction: .up)
            )
            reportSelectionIfChanged()
            if text.isEmpty {
                // No marked text left: the composition ends (its one MarkedTextChanged says so).
                commitMarkedText()
            } else {
                document.emit(.markedTextChanged(id))
            }
            return nil
        }
    }

    /// Commits the marked text: it stays, as one undo step. Releases queued edits.
    @discardableResult
    public func unmarkText() -> EditResult {
        (try? document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            commitMarkedText()
            return nil
        }) ?? EditResult(events: [], ticket: nil)
    }

    /// Removes the marked text, restoring what it replaced and the selection
    /// before the composition. Not an undo step. Releases queued edits.
    @discardableResult
    public func discardMarkedText() -> EditResult {
        (try? document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            guard let marked else { return nil }
            let range = marked.utf8Range
            self.marked = nil
            document.composingView = nil
            if !marked.text.utf8.elementsEqual(marked.originalText.utf8) {
                document.applyEdit(utf8Range: range, with: marked.originalText, cause: .composition, viewID: id)
            }
            document.restoreAttributes(marked.originalSpans, at: range.lowerBound)
            restoreCollapsed(marked.collapsed, utf8Start: range.lowerBound, utf8Length: marked.originalText.utf8.count)
            if marked.selectionBefore != nil {
                restoreSelection(marked.selectionBefore, referenceNow: range.lowerBound)
            } else {
                selectionAnchors = nil
                reportSelectionIfChanged()
            }
            document.emit(.markedTextChanged(id))
            document.flushQueuedEdits()
            return nil
        }) ?? EditResult(events: [], ticket: nil)
    }

    /// Replaces the marked text with `text`, puts the cursor after it, and commits.
    func commitMarkedText(replacingWith text: String) {
        guard let current = marked else { return }
        let range = current.utf8Range
        if !current.text.utf8.elementsEqual(text.utf8) {
            document.applyEdit(utf8Range: range, with: text, cause: .commit, viewID: id)
        }
        marked?.text = text
        let cursor = storage.snapToGrapheme(utf8Offset: range.lowerBound + text.utf8.count, direction: .up)
        setSelection(utf8Anchor: cursor, utf8Head: cursor)
        commitMarkedText()
    }

    /// Converts the composition to `text` (Hanja for Hangul, a dictionary choice): the
    /// composed text is committed as its own undo step, then replaced by `text` as the
    /// next, so Undo returns to the composed text; the caret ends after `text`. Edits
    /// queued behind the composition go in between, and the replaced range follows them.
    /// All or nothing: `InvalidState` without marked text, before anything changes.
    public func convertMarkedText(to text: String) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            guard let range = marked?.utf8Range else { throw .invalidState("\(id) has no marked text to convert") }
            let parts = committingMarkedText(keeping: [(range, text)])
            applyParts(parts, cause: .commit, registersUndo: true, cursorAfter: true)
            return nil
        }
    }

    /// Ends the composition keeping its text: one undo step (if anything changed).
    func commitMarkedText() {
        guard let marked else { return }
        let range = marked.utf8Range
        self.marked = nil
        document.composingView = nil
        if isUndoRegistrationEnabled, !marked.text.utf8.elementsEqual(marked.originalText.utf8) {
            let plan = undoStack.plan(utf8Range: range, text: marked.text, cause: .commit, mergeable: false)
            undoStack.record(
                plan, newUTF8Range: range, insertedText: marked.text, replacedText: marked.originalText,
                replacedSpans: marked.originalSpans,
                selectionBefore: marked.selectionBefore,
                selectionAfter: savedSelection(referenceUTF8: range.lowerBound),
                collapsed: marked.collapsed, document: document
            )
        }
        // A composition cursor may sit inside a cluster of the marked text;
        // committed text is ordinary text, so the selection moves to boundaries.
        if let selected = selectionAnchors?.utf8Range {
            let snapped = storage.snapToGraphemes(selected)
            if snapped != selected {
                setSelection(utf8Anchor: snapped.lowerBound, utf8Head: snapped.upperBound)
            }
        }
        document.emit(.markedTextChanged(id))
        document.flushQueuedEdits()
    }

    /// Keeps the marked selection in step with a selection set inside the marked text.
    func updateMarkedSelectionFromSelection() {
        guard let current = marked, let range = selectedRange else { return }
        let markedStart = storage.offset(ofUTF8: current.utf8Range.lowerBound, in: unit)
        marked?.selection = TextRange(start: range.start - markedStart, length: range.length, unit: unit)
    }

    /// Validates a range relative to `text` and returns it in UTF-8.
    private func validateRelative(start: Int, length: Int, in text: String, what: String) throws(InkstoneError)
        -> Range<Int>
    {
        let count = UnitCounts.count(of: text, in: unit)
        guard start >= 0, length >= 0, start <= count - length,
            let lower = text.utf8Offset(of: start, in: unit, requireGraphemeBoundary: false),
            let upper = text.utf8Offset(of: start + length, in: unit, requireGraphemeBoundary: false)
        else {
            throw .invalidRange(
                "\(what) {\(start), \(length)} is not within the marked text: valid \(unit.rawValue) offsets are 0...\(count) on code-point boundaries"
            )
        }
        return lower..<upper
    }

    /// The range a composition replaces: the explicit replacement range, else the marked range, else the selection.
    private func replacementUTF8Range(start: Int?, length: Int?) throws(InkstoneError) -> Range<Int> {
        switch (start, length) {
        case (let start?, let length?):
            let range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
            if let marked,
                !(range.lowerBound <= marked.utf8Range.lowerBound && marked.utf8Range.upperBound <= range.upperBound)
            {
                throw .invalidRange(
                    "replacement range {\(start), \(length)} must contain the marked range \(markedRange.map(\.description) ?? "")"
                )
            }
            return range
        case (nil, nil):
            if let marked { return marked.utf8Range }
            guard let range = selectionAnchors?.utf8Range else {
                throw .invalidState("\(id) has no selection and no replacement range for marked text")
            }
            return range
        default:
            throw .invalidArgument("replacementStart and replacementLength must be given together")
        }
    }
}
