/// Edits queued behind a composition: limits, order, and applying them when it ends.
extension Document {
    /// Queues an operation behind the composition and reports it (`LimitExceeded`
    /// past ``queueLimits``; nothing is queued then). Selection moves get no ticket.
    func enqueue(
        view: DocumentView?, _ operation: QueuedEdit.Operation, originViewID: ViewID? = nil
    ) throws(InkstoneError) -> EditTicket? {
        guard queuedEdits.count < queueLimits.edits else {
            throw .limitExceeded(
                "\(queuedEdits.count) edits already wait for the composition (limit \(queueLimits.edits))")
        }
        let bytes = queuedUTF8Bytes + operation.utf8Bytes
        guard bytes <= queueLimits.utf8Bytes else {
            throw .limitExceeded(
                "queued edits would hold \(bytes) bytes of text; the limit is \(queueLimits.utf8Bytes) bytes")
        }
        var ticket: EditTicket?
        if case .select = operation {} else { ticket = makeTicket() }
        queuedEdits.append(
            QueuedEdit(
                ticket: ticket, view: view, operation: operation, originViewID: originViewID))
        queuedUTF8Bytes = bytes
        if let ticket { emit(.editQueued(ticket)) }
        return ticket
    }

    /// Queues replacement parts (current UTF-8 ranges), held by anchors.
    func enqueue(
        view: DocumentView?, parts: [(Range<Int>, String)], cause: EditCause, registersUndo: Bool, cursorAfter: Bool,
        originViewID: ViewID? = nil
    ) throws(InkstoneError) -> EditTicket? {
        let anchoredParts = parts.map { anchoredPart(utf8Range: $0.0, text: $0.1) }
        return try enqueue(
            view: view, .replace(anchoredParts, cause: cause, registersUndo: registersUndo, cursorAfter: cursorAfter),
            originViewID: originViewID)
    }

    /// Whether `view` has edits waiting (its later edits and selection moves must wait behind them).
    func hasQueuedEdits(from view: DocumentView) -> Bool {
        queuedEdits.contains { $0.view === view }
    }

    /// A range held by anchors: an empty one by a left-biased point, otherwise
    /// by a right-biased start and a left-biased end (insertions at its edges stay outside).
    func anchoredPart(utf8Range: Range<Int>, text: String) -> QueuedEdit.Part {
        if utf8Range.isEmpty {
            let point = makeAnchor(utf8Offset: utf8Range.lowerBound, bias: .left)
            return QueuedEdit.Part(start: point, end: point, text: text)
        }
        return QueuedEdit.Part(
            start: makeAnchor(utf8Offset: utf8Range.lowerBound, bias: .right),
            end: makeAnchor(utf8Offset: utf8Range.upperBound, bias: .left),
            text: text
        )
    }

    /// Applies queued edits in order, each against the text and selection its
    /// predecessors produced, once no view composes. Linear in the queue length.
    func flushQueuedEdits() {
        guard !isFlushing else { return }
        isFlushing = true
        var applied = 0
        defer {
            queuedEdits.removeFirst(applied)
            isFlushing = false
            _checkInvariants()
        }
        while composingView == nil, applied < queuedEdits.count {
            let edit = queuedEdits[applied]
            applied += 1
            queuedUTF8Bytes -= edit.utf8Bytes
            do throws(InkstoneError) {
                let records = try apply(edit)
                if let ticket = edit.ticket { emit(.queuedEditApplied(ticket, records)) }
            } catch {
                if let ticket = edit.ticket { emit(.queuedEditFailed(ticket, error)) }
            }
        }
    }

    /// Applies one queued edit now.
    private func apply(_ edit: QueuedEdit) throws(InkstoneError) -> [ChangeRecord] {
        let id = edit.ticket?.id ?? 0
        switch edit.operation {
        case .replace(let anchoredParts, let cause, let registersUndo, let cursorAfter):
            var parts = anchoredParts.map { ($0.currentUTF8Range(in: storage), $0.text) }
            parts.sort { $0.0.lowerBound < $1.0.lowerBound }
            if zip(parts, parts.dropFirst()).contains(where: { $0.0.upperBound > $1.0.lowerBound }) {
                throw .invalidState("the ranges of queued edit \(id) overlap after the composition")
            }
            if let view = edit.view {
                return view.applyParts(parts, cause: cause, registersUndo: registersUndo, cursorAfter: cursorAfter)
            }
            return parts.reversed().map {
                applyEdit(utf8Range: $0.0, with: $0.1, cause: cause, viewID: edit.originViewID)
            }
        case .insertAtSelection(let text):
            let (view, range) = try selectedRange(for: edit)
            return view.applyParts([(range, text)], cause: .typing, registersUndo: true, cursorAfter: true)
        case .deleteBackward:
            var (view, range) = try selectedRange(for: edit)
            if range.isEmpty {
                guard let previous = storage.graphemeBoundary(before: range.lowerBound) else { return [] }
                range = previous..<range.lowerBound
            }
            return view.applyParts([(range, "")], cause: .typing, registersUndo: true, cursorAfter: true)
        case .select(let anchors):
            edit.view?.applyQueuedSelection(anchors)
            return []
        }
    }

    /// The view of a queued typing edit and its selection at the edit's turn.
    private func selectedRange(for edit: QueuedEdit) throws(InkstoneError) -> (DocumentView, Range<Int>) {
        let id = edit.ticket?.id ?? 0
        guard let view = edit.view else {
            throw .invalidState("the view of queued edit \(id) went away before the composition ended")
        }
        guard let range = view.selectionAnchors?.utf8Range else {
            throw .invalidState("\(view.id) had no selection when its queued edit \(id) was applied")
        }
        return (view, range)
    }

    /// A document-level edit (an application's own change, a load): no view, no
    /// undo step. Queued behind a composition (or `Busy` with `.failIfBusy`).
    /// `origin` names the view whose client asked for it, for its change records.
    @discardableResult
    public func replace(
        start: Int, length: Int, in unit: OffsetUnit, with text: String, expectedRevision: UInt64 = 0,
        cause: EditCause = .external, policy: QueuePolicy = .queue, origin: ViewID? = nil
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        try checkRevision(expectedRevision)
        return try collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if mustQueue(for: nil) {
                guard policy == .queue else {
                    throw .busy("\(composingViewID.map(String.init(describing:)) ?? "a view") is composing")
                }
                return try enqueue(
                    view: nil, parts: [(utf8Range, text)], cause: cause, registersUndo: false, cursorAfter: false,
                    originViewID: origin)
            }
            applyEdit(utf8Range: utf8Range, with: text, cause: cause, viewID: origin)
            return nil
        }
    }
}
