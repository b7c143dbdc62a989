/// What a durable document's journal records of each event, and how a record
/// is replayed into a document being restored (see ``DocumentJournal``).
extension Document {
    /// The journal record of an event (nil for events that change no state
    /// the journal keeps: queue bookkeeping, marked-text details, selections,
    /// which are recorded per call). Read at the moment of the event, so the
    /// runs are those right after the change.
    func journalRecord(for event: DocumentEvent) -> JournalRecord? {
        switch event {
        case .textChanged(let change):
            let start = change.start.utf8
            return .edit(
                revision: change.revision, utf8Start: start, utf8OldLength: change.oldLength.utf8,
                text: change.insertedText, runs: journalRuns(in: start..<start + change.newLength.utf8))
        case .attributesChanged(let change):
            let start = change.start(in: .utf8)
            return .attributes(utf8Start: start, runs: journalRuns(in: start..<start + change.length(in: .utf8)))
        default:
            return nil
        }
    }

    /// The whole document as one record: the text inserted into an empty
    /// document, its runs, and the present revision.
    func snapshotRecord() -> JournalRecord {
        .edit(
            revision: revision, utf8Start: 0, utf8OldLength: 0, text: storage.string,
            runs: journalRuns(in: 0..<storage.utf8Count))
    }

    /// The spans over a UTF-8 range, as journal runs.
    private func journalRuns(in utf8Range: Range<Int>) -> [JournalRun] {
        attributeStore.spans(in: utf8Range).map {
            JournalRun(utf8Length: $0.range.count, attributes: $0.attributes)
        }
    }

    /// Applies one record to a document being restored (no view, no event);
    /// false when the record does not fit the text (a damaged journal: replay stops).
    func replay(_ record: JournalRecord, selections: inout [(ViewID, JournaledSelection)]) -> Bool {
        switch record {
        case .header, .commit:
            return false
        case .edit(let newRevision, let start, let oldLength, let text, let runs):
            let (end, overflow) = start.addingReportingOverflow(oldLength)
            guard !overflow, storage.isScalarBoundary(utf8Offset: start), storage.isScalarBoundary(utf8Offset: end),
                newRevision >= revision
            else { return false }
            storage.replace(utf8Range: start..<end, with: text)
            revision = newRevision
            attributeStore.adjust(replacing: start..<end, newUTF8Length: text.utf8.count)
            applyRuns(runs, from: start)
            return true
        case .attributes(let start, let runs):
            let length = runs.reduce(0) { $0 + $1.utf8Length }
            guard storage.isScalarBoundary(utf8Offset: start), storage.isScalarBoundary(utf8Offset: start + length)
            else { return false }
            applyRuns(runs, from: start)
            return true
        case .selection(let view, let anchor, let head):
            if let anchor, let head {
                guard storage.isScalarBoundary(utf8Offset: anchor), storage.isScalarBoundary(utf8Offset: head) else {
                    return false
                }
            }
            selections.append((ViewID(rawValue: view), JournaledSelection(anchor: anchor, head: head)))
            return true
        }
    }

    /// Gives consecutive stretches from `start` exactly the runs' attributes.
    private func applyRuns(_ runs: [JournalRun], from start: Int) {
        var offset = start
        for run in runs {
            let attributes = run.attributes
            attributeStore.update(offset..<offset + run.utf8Length) { $0 = attributes }
            offset += run.utf8Length
        }
    }
}

extension DocumentView {
    /// Puts back the selection a journal recorded (ignored when it no longer fits the text).
    public func restoreSelection(_ selection: JournaledSelection) {
        guard let anchor = selection.anchor, let head = selection.head else {
            selectionAnchors = nil
            return
        }
        guard storage.isScalarBoundary(utf8Offset: anchor), storage.isScalarBoundary(utf8Offset: head) else { return }
        setSelection(utf8Anchor: anchor, utf8Head: head)
        reportedSelection = self.selection
    }
}
