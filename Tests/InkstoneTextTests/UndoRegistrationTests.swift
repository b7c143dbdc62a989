import InkstoneText
import Testing

@Suite("Undo registration")
struct UndoRegistrationTests {
    @Test func editsAndCommitsWhileDisabledRegisterNothing() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.setSelectedRange(start: 0, length: 0)
        view.setUndoRegistration(false)
        #expect(!view.isUndoRegistrationEnabled)
        try view.insertText("ab")
        try view.replace(start: 0, length: 0, with: "_")
        try view.setMarkedText("x", selectedStart: 1, selectedLength: 0)
        view.unmarkText()
        #expect(document.text == "_abx")
        #expect(view.undoLevelCount == 0)
        #expect(!view.canUndo)
        view.setUndoRegistration(true)
        try view.insertText("y")
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "_abx")
        #expect(!view.canUndo)
    }

    @Test func stepsMadeBeforeAreKeptAndFollowTheUnregisteredEdit() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.replace(start: 0, length: 0, with: "world")
        view.setUndoRegistration(false)
        try view.replace(start: 0, length: 0, with: "hello ")
        view.setUndoRegistration(true)
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(document.text == "hello ")
        try view.redo()
        #expect(document.text == "hello world")
    }

    @Test func aStepWhoseTextAnUnregisteredEditChangedFailsAndChangesNothing() throws {
        let clock = ManualClock()
        let document = Document(text: "")
        let view = document.makeView(undo: clock.undoConfiguration())
        try view.replace(start: 0, length: 0, with: "draft")
        view.setUndoRegistration(false)
        try view.replace(start: 0, length: 5, with: "final")
        #expect(view.undoLevelCount == 1)
        #expect(throws: InkstoneError.self) { try view.undo() }
        #expect(document.text == "final")
        #expect(view.undoLevelCount == 1)
    }
}
