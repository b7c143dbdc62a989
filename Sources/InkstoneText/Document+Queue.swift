/// An edit waiting for a composition to end, held by anchors.
struct QueuedEdit {
    struct Part {
        let start: TextAnchor
        let end: TextAnchor
        let text: String

        /// The part's current UTF-8 range, widened to grapheme boundaries.
        func currentUTF8Range(in storage: TextStorage) -> Range<Int> {
            let lower = min(start.utf8Offset, end.utf8Offset)
            let upper = max(start.utf8Offset, end.utf8Offset)
            return storage.snapToGrapheme(utf8Offset: lower, direction: .down)
                ..< storage.snapToGrapheme(utf8Offset: upper, direction: .up)
        }
    }

    let ticket: EditTicket
    /// The view that made the edit (nil: document-level, or the view is gone).
    weak var view: DocumentView?
    /// Whether a view made it (to tell "document-level" from "view gone").
    let fromView: Bool
    let parts: [Part]
    let cause: EditCause
    let registersUndo: Bool
    let cursorAfter: Bool
}

extension Document {
    /// Queues parts (current UTF-8 ranges) behind the composition and reports it.
    func enqueue(
        view: DocumentView?, parts: [(Range<Int>, String)], cause: EditCause, registersUndo: Bool, cursorAfter: Bool
    ) -> EditTicket {
        let ticket = makeTicket()
        let anchoredParts = parts.map { anchoredPart(utf8Range: $0.0, text: $0.1) }
        queuedEdits.append(QueuedEdit(
            ticket: ticket, view: view, fromView: view != nil, parts: anchoredParts,
            cause: cause, registersUndo: registersUndo, cursorAfter: cursorAfter
        ))
        emit(.editQueued(ticket))
        return ticket
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

    /// Applies queued edits in order once no view composes.
    func flushQueuedEdits() {
        while composingView == nil, !queuedEdits.isEmpty {
            let edit = queuedEdits.removeFirst()
            var parts = edit.parts.map { ($0.currentUTF8Range(in: storage), $0.text) }
            parts.sort { $0.0.lowerBound < $1.0.lowerBound }
            if zip(parts, parts.dropFirst()).contains(where: { $0.0.upperBound > $1.0.lowerBound }) {
                emit(.queuedEditFailed(edit.ticket, .invalidState("the ranges of queued edit \(edit.ticket.id) overlap after the composition")))
                continue
            }
            let records: [ChangeRecord]
            if let view = edit.view {
                records = view.applyParts(parts, cause: edit.cause, registersUndo: edit.registersUndo, cursorAfter: edit.cursorAfter)
            } else {
                records = parts.reversed().map { applyEdit(utf8Range: $0.0, with: $0.1, cause: edit.cause, viewID: nil) }
            }
            emit(.queuedEditApplied(edit.ticket, records))
        }
    }

    /// A document-level edit (an application's own change, a load): no view, no
    /// undo step. Queued behind a composition (or `Busy` with `.failIfBusy`).
    @discardableResult
    public func replace(
        start: Int, length: Int, in unit: OffsetUnit, with text: String, expectedRevision: UInt64 = 0,
        cause: EditCause = .external, policy: QueuePolicy = .queue
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        try checkRevision(expectedRevision)
        return try collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if mustQueue(for: nil) {
                guard policy == .queue else {
                    throw .busy("\(composingViewID.map(String.init(describing:)) ?? "a view") is composing")
                }
                return enqueue(view: nil, parts: [(utf8Range, text)], cause: cause, registersUndo: false, cursorAfter: false)
            }
            applyEdit(utf8Range: utf8Range, with: text, cause: cause, viewID: nil)
            return nil
        }
    }
}
