import InkstoneText
import Testing

@Suite("Edits queued behind a composition")
struct QueueTests {
    @Test func secondViewEditLandsAfterUnmark() throws {
        let document = Document(text: "Hello world")
        let composer = document.makeView(unit: .utf16)
        let other = document.makeView(unit: .graphemes)
        try composer.setSelectedRange(start: 5, length: 0)
        try other.setSelectedRange(start: 11, length: 0)
        try composer.setMarkedText("ñ😀", selectedStart: 3, selectedLength: 0)
        let revision = document.revision

        let queued = try other.insertText("!")
        let ticket = try #require(queued.ticket)
        #expect(queued.changeRecords.isEmpty)
        #expect(document.revision == revision)
        #expect(document.text == "Helloñ😀 world")
        #expect(document.queuedTickets == [ticket])

        let commit = composer.unmarkText()
        #expect(document.text == "Helloñ😀 world!")
        let records = commit.changeRecords
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.viewID == other.id)
        #expect(record.revision == revision + 1)
        #expect(record.cause == .typing)
        // The record is in every unit: graphemes for `other`, UTF-16 for `composer`.
        #expect(record.start(in: .graphemes) == 13)
        #expect(record.start(in: .utf16) == 14)
        #expect(record.oldLength(in: .utf16) == 0)
        #expect(record.newLength(in: .utf16) == 1)
        #expect(commit.events.contains { if case .queuedEditApplied(ticket, [record]) = $0 { true } else { false } })
        #expect(other.selectedRange == TextRange(start: 14, length: 0, unit: .graphemes))
        #expect(composer.selectedRange == TextRange(start: 8, length: 0, unit: .utf16))
    }

    @Test func queuedEditInsideDiscardedMarkedTextCollapsesToItsStart() throws {
        let document = Document(text: "abc")
        let composer = document.makeView()
        try composer.setSelectedRange(start: 1, length: 0)
        try composer.setMarkedText("XYZ", selectedStart: 3, selectedLength: 0)
        let result = try document.replace(start: 2, length: 1, in: .utf16, with: "-", cause: .external)
        #expect(result.ticket != nil)
        composer.discardMarkedText()
        #expect(document.text == "a-bc")
    }

    @Test func failIfBusyThrowsBusy() throws {
        let document = Document(text: "abc")
        let (composer, other) = try composingPair(document, marked: "x", otherCaret: 3)
        defer { withExtendedLifetime(composer) {} }  // the document holds views weakly
        let error = #expect(throws: InkstoneError.self) { try other.insertText("y", policy: .failIfBusy) }
        #expect(error?.code == .busy)
        #expect(throws: InkstoneError.self) { try other.setMarkedText("z", selectedStart: 1, selectedLength: 0) }
        #expect(throws: InkstoneError.self) {
            try document.replace(start: 0, length: 0, in: .utf16, with: "q", policy: .failIfBusy)
        }
        #expect(document.text == "xabc")
    }

    @Test func staleRevisionIsRejected() throws {
        let document = Document(text: "abc")
        let view = document.makeView()
        #expect(document.revision == 0)
        try view.replace(start: 0, length: 1, with: "A", expectedRevision: 0)
        #expect(document.revision == 1)
        try view.replace(start: 1, length: 1, with: "B", expectedRevision: 1)
        let error = #expect(throws: InkstoneError.self) {
            try view.replace(start: 2, length: 1, with: "C", expectedRevision: 1)
        }
        #expect(error?.code == .stale)
        #expect(document.text == "ABc")
        #expect(document.revision == 2)
    }

    @Test func observersSeeEveryEventInOrder() throws {
        let document = Document(text: "")
        let view = document.makeView()
        var seen: [String] = []
        document.addObserver { event in
            switch event {
            case .textChanged(let record): seen.append("text@\(record.revision)")
            case .selectionChanged: seen.append("selection")
            case .markedTextChanged: seen.append("marked")
            default: seen.append("other")
            }
        }
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("a")
        #expect(seen == ["selection", "text@1", "selection"])
    }

    @Test func closingTheComposingViewReleasesTheQueue() throws {
        let document = Document(text: "ab")
        let other = document.makeView()
        try other.setSelectedRange(start: 2, length: 0)
        do {
            let composer = document.makeView()
            try composer.setSelectedRange(start: 0, length: 0)
            try composer.setMarkedText("x", selectedStart: 1, selectedLength: 0)
            let queued = try other.insertText("!")
            #expect(queued.ticket != nil)
            #expect(document.text == "xab")
        }
        #expect(!document.isComposing)
        #expect(document.text == "xab!")
        #expect(document.queuedTickets.isEmpty)
    }
}

@Suite("Converting marked text with edits queued behind it")
struct ConvertMarkedTextTests {
    /// A deletion queued before the composition moves it: the conversion replaces the
    /// composition where it is after that deletion, not where it was.
    @Test func theConversionFollowsTheCompositionAcrossQueuedEdits() throws {
        let document = Document(text: "한")
        let composer = document.makeView(unit: .utf8)
        let other = document.makeView(unit: .graphemes)
        try composer.setSelectedRange(start: 3, length: 0)
        try other.setSelectedRange(start: 1, length: 0)
        try composer.setMarkedText("é👩‍👩‍👧x", selectedStart: 21, selectedLength: 0)
        #expect(try other.deleteBackward().ticket != nil)

        let result = try composer.convertMarkedText(to: "漢")
        #expect(document.text == "漢")
        #expect(composer.markedRange == nil)
        #expect(composer.selectedRange == TextRange(start: 3, length: 0, unit: .utf8))
        #expect(result.changeRecords.count == 2)
        // Undo returns to the composed text, then to before it.
        try composer.undo()
        #expect(document.text == "é👩‍👩‍👧x")
    }

    @Test func withoutMarkedTextNothingChanges() throws {
        let document = Document(text: "abc")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        let revision = document.revision
        let error = #expect(throws: InkstoneError.self) { try view.convertMarkedText(to: "x") }
        #expect(error?.code == .invalidState)
        #expect(document.text == "abc")
        #expect(document.revision == revision)
        #expect(view.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
    }
}
