import InkstoneText
import Testing

@Suite("Undo and redo")
struct UndoTests {
    @Test func typingCoalescesUntilAPause() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration(typingPause: 1.0))
        try view.setSelectedRange(start: 0, length: 0)
        for character in "Hello" {
            try view.insertText(String(character))
            clock.advance(by: 0.2)
        }
        clock.advance(by: 1.5)
        for character in " world" {
            try view.insertText(String(character))
            clock.advance(by: 0.2)
        }
        #expect(view.undoLevelCount == 2)
        try view.undo()
        #expect(document.text == "Hello")
        #expect(view.selectedRange == TextRange(start: 5, length: 0, unit: .utf16))
        try view.undo()
        #expect(document.text == "")
        #expect(view.selectedRange == TextRange(start: 0, length: 0, unit: .utf16))
        try view.redo()
        try view.redo()
        #expect(document.text == "Hello world")
        #expect(view.selectedRange == TextRange(start: 11, length: 0, unit: .utf16))
    }

    @Test func cursorMoveAndNonAdjacentEditSplitTyping() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("ab")
        try view.insertText("cd")
        #expect(view.undoLevelCount == 1)
        try view.setSelectedRange(start: 4, length: 0)  // a cursor move, even to the same place
        try view.insertText("e")
        #expect(view.undoLevelCount == 2)
        try view.replace(start: 0, length: 0, with: "_", cause: .typing)  // non-adjacent
        #expect(view.undoLevelCount == 3)
        try view.replace(start: 1, length: 0, with: "P", cause: .programmatic)  // different cause
        #expect(view.undoLevelCount == 4)
    }

    @Test func backspacesCoalesceWithTyping() throws {
        let clock = ManualClock()
        let document = Document(text: "x")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.setSelectedRange(start: 1, length: 0)
        try view.insertText("e\u{301}😀")
        try view.deleteBackward()
        try view.deleteBackward()
        try view.deleteBackward()  // deletes the original "x" too
        #expect(document.text == "")
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "x")
        #expect(view.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
    }

    @Test func explicitGroupsFoldNestedGroups() throws {
        let document = Document(text: "one two one")
        let view = document.makeView()
        view.beginUndoGroup()
        try view.replace(start: 0, length: 3, with: "1")
        view.beginUndoGroup()
        try view.replace(start: 2, length: 3, with: "2")
        try view.endUndoGroup()
        try view.replace(start: 4, length: 3, with: "1")
        #expect(throws: InkstoneError.self) { try view.undo() }
        try view.endUndoGroup()
        #expect(document.text == "1 2 1")
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "one two one")
        #expect(throws: InkstoneError.self) { try view.endUndoGroup() }
    }

    @Test func replaceAllIsOneGroup() throws {
        let document = Document(text: "a-b-c-d")
        let view = document.makeView()
        try view.replaceAll(
            [
                TextRange(start: 5, length: 1, unit: .utf16), TextRange(start: 1, length: 1, unit: .utf16),
                TextRange(start: 3, length: 1, unit: .utf16),
            ], with: "--")
        #expect(document.text == "a--b--c--d")
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "a-b-c-d")
        #expect(throws: InkstoneError.self) {
            try view.replaceAll(
                [TextRange(start: 0, length: 2, unit: .utf16), TextRange(start: 1, length: 2, unit: .utf16)], with: "")
        }
    }

    @Test func editsWithoutUndoShiftExistingRecords() throws {
        let document = Document(text: "world")
        let view = document.makeView()
        try view.setSelectedRange(start: 5, length: 0)
        try view.insertText("!")
        try view.replace(start: 0, length: 0, with: "Hello ", registersUndo: false)
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "Hello world")
        #expect(view.selectedRange == TextRange(start: 11, length: 0, unit: .utf16))
    }

    @Test func undoFailsWhenAnotherViewChangedTheRecord() throws {
        let document = Document(text: "")
        let mine = document.makeView()
        let theirs = document.makeView()
        try mine.setSelectedRange(start: 0, length: 0)
        try mine.insertText("hello")
        try theirs.replace(start: 1, length: 3, with: "ipp")
        let error = #expect(throws: InkstoneError.self) { try mine.undo() }
        #expect(error?.code == .invalidState)
        #expect(document.text == "hippo")
        #expect(mine.canUndo)
    }

    @Test func undoSurvivesEditsElsewhere() throws {
        let document = Document(text: "abc")
        let mine = document.makeView(unit: .graphemes)
        let theirs = document.makeView(unit: .utf8)
        try mine.setSelectedRange(start: 3, length: 0)
        try mine.insertText("def")
        try theirs.replace(start: 0, length: 0, with: "👩‍👩‍👧")
        try mine.undo()
        #expect(document.text == "👩‍👩‍👧abc")
        #expect(mine.selectedRange == TextRange(start: 4, length: 0, unit: .graphemes))
    }

    @Test func levelLimitDropsOldestGroups() throws {
        let document = Document(text: "")
        let view = document.makeView(undo: UndoConfiguration(levelLimit: 3))
        for index in 0..<5 {
            try view.replace(start: index, length: 0, with: "\(index)")
        }
        #expect(view.undoLevelCount == 3)
        try view.undo()
        try view.undo()
        try view.undo()
        #expect(document.text == "01")
        let error = #expect(throws: InkstoneError.self) { try view.undo() }
        #expect(error?.code == .invalidState)
    }

    @Test func newEditClearsRedo() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.replace(start: 0, length: 0, with: "a")
        try view.undo()
        #expect(view.canRedo)
        try view.replace(start: 0, length: 0, with: "b")
        #expect(!view.canRedo)
    }

    @Test func undoWhileComposingIsRefused() throws {
        let document = Document(text: "")
        let composer = document.makeView()
        let other = document.makeView()
        try other.replace(start: 0, length: 0, with: "x")
        try composer.setSelectedRange(start: 1, length: 0)
        try composer.setMarkedText("y", selectedStart: 1, selectedLength: 0)
        #expect((#expect(throws: InkstoneError.self) { try other.undo() })?.code == .busy)
        #expect((#expect(throws: InkstoneError.self) { try composer.undo() })?.code == .invalidState)
    }

    @Test func undoingRestoresRecordsALaterEditCollapsed() throws {
        // Bias alone would put "X" after the restored "Y": both records sit at 0.
        let document = Document(text: "XYZ")
        let view = document.makeView()
        try view.replace(start: 0, length: 1, with: "")
        try view.replace(start: 0, length: 1, with: "")
        #expect(document.text == "Z")
        try view.undo()
        try view.undo()
        #expect(document.text == "XYZ")
        try view.redo()
        try view.redo()
        #expect(document.text == "Z")
        try view.undo()
        try view.undo()
        #expect(document.text == "XYZ")
    }

    @Test func redoAfterUndoingTwoTypingRunsKeepsTheirOrder() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("ab")
        clock.advance(by: 5)
        try view.insertText("cd")
        try view.undo()
        try view.undo()
        try view.redo()
        try view.redo()
        #expect(document.text == "abcd")
    }
}
