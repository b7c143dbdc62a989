import InkstoneText
import Testing

@Suite("Marked text")
struct MarkedTextTests {
    @Test func settingTheSameMarkedTextTwiceChangesNothing() throws {
        let document = Document(text: "ab")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        let segments = [MarkedSegment(range: UnitRange(start: 0, length: 2, unit: .utf16), style: .underline)]
        let first = try view.setMarkedText("かん", selectedStart: 2, selectedLength: 0, segments: segments)
        #expect(first.changeRecords.count == 1)
        #expect(first.changeRecords.first?.cause == .composition)
        let revision = document.revision
        let second = try view.setMarkedText("かん", selectedStart: 2, selectedLength: 0, segments: segments)
        #expect(second.events.isEmpty)
        #expect(document.revision == revision)
        #expect(document.text == "aかんb")
        #expect(view.markedRange == TextRange(start: 1, length: 2, unit: .utf16))
        #expect(view.markedSegments == segments)
    }

    @Test func selectionIsRelativeToTheMarkedText() throws {
        let document = Document(text: "xy")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        try view.setMarkedText("漢字かな", selectedStart: 1, selectedLength: 2)
        #expect(view.markedSelection == TextRange(start: 1, length: 2, unit: .utf16))
        #expect(view.selectedRange == TextRange(start: 2, length: 2, unit: .utf16))
        // Only the selection changes: no text change, no revision bump.
        let revision = document.revision
        let update = try view.setMarkedText("漢字かな", selectedStart: 4, selectedLength: 0)
        #expect(update.changeRecords.isEmpty)
        #expect(document.revision == revision)
        #expect(view.selectedRange == TextRange(start: 5, length: 0, unit: .utf16))
    }

    @Test func unmarkCommitsAsOneUndoStep() throws {
        let document = Document(text: "ab")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        for text in ["k", "か", "かn", "かん", "漢"] {
            try view.setMarkedText(text, selectedStart: text.utf16.count, selectedLength: 0)
        }
        let result = view.unmarkText()
        #expect(result.changeRecords.isEmpty)
        #expect(view.markedRange == nil)
        #expect(document.text == "a漢b")
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "ab")
        #expect(view.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
        try view.redo()
        #expect(document.text == "a漢b")
    }

    @Test func discardRemovesTheMarkedText() throws {
        let document = Document(text: "ab")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        try view.setMarkedText("かん", selectedStart: 2, selectedLength: 0)
        let result = view.discardMarkedText()
        #expect(document.text == "ab")
        #expect(result.changeRecords.count == 1)
        #expect(view.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
        #expect(view.markedRange == nil)
        #expect(!view.canUndo)
    }

    @Test func replacementRangeReopensCommittedText() throws {
        let document = Document(text: "今日は")
        let view = document.makeView()
        try view.setSelectedRange(start: 3, length: 0)
        // Reconvert "今日" (committed text) back into composition.
        try view.setMarkedText("きょう", selectedStart: 3, selectedLength: 0, replacementStart: 0, replacementLength: 2)
        #expect(document.text == "きょうは")
        #expect(view.markedRange == TextRange(start: 0, length: 3, unit: .utf16))
        #expect(view.selectedRange == TextRange(start: 3, length: 0, unit: .utf16))
        // Discard restores what the replacement range replaced.
        view.discardMarkedText()
        #expect(document.text == "今日は")
        #expect(view.selectedRange == TextRange(start: 3, length: 0, unit: .utf16))
        // Reconvert again and commit a different result: one undo step back to the original.
        try view.setMarkedText("きょう", selectedStart: 3, selectedLength: 0, replacementStart: 0, replacementLength: 2)
        try view.setMarkedText("京", selectedStart: 1, selectedLength: 0)
        view.unmarkText()
        #expect(document.text == "京は")
        try view.undo()
        #expect(document.text == "今日は")
    }

    @Test func replacementRangeMustContainTheMarkedRange() throws {
        let document = Document(text: "abcd")
        let view = document.makeView()
        try view.setSelectedRange(start: 2, length: 0)
        try view.setMarkedText("x", selectedStart: 1, selectedLength: 0)
        let error = #expect(throws: InkstoneError.self) {
            try view.setMarkedText("y", selectedStart: 1, selectedLength: 0, replacementStart: 0, replacementLength: 1)
        }
        #expect(error?.code == .invalidRange)
        #expect(document.text == "abxcd")
        // Widening over neighbours is allowed; discard restores all of it.
        try view.setMarkedText("Y", selectedStart: 1, selectedLength: 0, replacementStart: 1, replacementLength: 3)
        #expect(document.text == "aYd")
        view.discardMarkedText()
        #expect(document.text == "abcd")
    }

    @Test func insertTextReplacesAndCommitsMarkedText() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        try view.setMarkedText("にほん", selectedStart: 3, selectedLength: 0)
        let result = try view.insertText("日本")
        #expect(result.changeRecords.map(\.cause) == [.commit])
        #expect(document.text == "日本")
        #expect(view.selectedRange == TextRange(start: 2, length: 0, unit: .utf16))
        #expect(!document.isComposing)
        try view.undo()
        #expect(document.text == "")
    }

    @Test func invalidRelativeSelectionIsRejected() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        #expect(throws: InkstoneError.self) { try view.setMarkedText("😀", selectedStart: 1, selectedLength: 0) }
        #expect(throws: InkstoneError.self) { try view.setMarkedText("ab", selectedStart: 1, selectedLength: 5) }
        #expect(document.revision == 0)
    }
}

/// Marked-text calls that must match their contract.
@Suite("Marked text contract")
struct MarkedTextContractTests {
    @Test func emptyMarkedTextEndsTheCompositionAndReleasesQueuedEdits() throws {
        let document = Document(text: "ab")
        let (composer, other) = try composingPair(document, marked: "x", otherCaret: 2)
        try other.insertText("!")
        let result = try composer.setMarkedText("", selectedStart: 0, selectedLength: 0)
        #expect(composer.markedText == nil)
        #expect(!document.isComposing)
        #expect(document.text == "ab!")
        let markedEvents = result.events.filter { if case .markedTextChanged = $0 { true } else { false } }
        #expect(markedEvents.count == 1)
        #expect(document.invariantViolations() == [])
    }

    @Test func emptyMarkedTextWithNothingOpenChangesNothing() throws {
        let document = Document(text: "ab")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        let result = try view.setMarkedText("", selectedStart: 0, selectedLength: 0)
        #expect(result.events.isEmpty)
        #expect(!document.isComposing)
    }

    @Test func overlappingSegmentsAreInvalidArgument() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        let error = #expect(throws: InkstoneError.self) {
            try view.setMarkedText(
                "abcd", selectedStart: 4, selectedLength: 0,
                segments: [
                    MarkedSegment(range: UnitRange(start: 0, length: 3, unit: .utf16), style: .underline),
                    MarkedSegment(range: UnitRange(start: 2, length: 2, unit: .utf16), style: .highlight),
                ])
        }
        #expect(error?.code == .invalidArgument)
        #expect(document.text == "")
        try view.setMarkedText(
            "abcd", selectedStart: 4, selectedLength: 0,
            segments: [
                MarkedSegment(range: UnitRange(start: 2, length: 2, unit: .utf16), style: .highlight),
                MarkedSegment(range: UnitRange(start: 0, length: 2, unit: .utf16), style: .underline),
            ])
        #expect(view.markedSegments.count == 2)
    }
}
