import InkstoneText
import Testing

/// The undo stack's memory is bounded, and failed undos change nothing.
@Suite("Undo limits")
struct UndoLimitTests {
    private static func replacingView(byteLimit: Int, groupLimit: Int = 1 << 20) throws -> (Document, DocumentView) {
        let clock = ManualClock()
        var configuration = clock.undoConfiguration()
        configuration.utf8ByteLimit = byteLimit
        configuration.openGroupUTF8ByteLimit = groupLimit
        let document = Document(text: String(repeating: "x", count: 1_000))
        return (document, document.makeView(undo: configuration))
    }

    @Test func theOldestGroupsAreDroppedPastTheByteLimit() throws {
        let (document, view) = try Self.replacingView(byteLimit: 250)
        // Each replacement keeps 100 replaced bytes.
        for index in 0..<5 {
            try view.replace(start: index * 100, length: 100, with: String(repeating: "y", count: 100))
        }
        #expect(view.undoLevelCount == 2)
        try view.undo()
        try view.undo()
        #expect(!view.canUndo)
        #expect(document.text == String(repeating: "y", count: 300) + String(repeating: "x", count: 700))
        #expect(document.invariantViolations() == [])
    }

    @Test func aGroupLargerThanTheLimitIsNotKept() throws {
        let (document, view) = try Self.replacingView(byteLimit: 50)
        try view.replace(start: 0, length: 100, with: "")
        #expect(!view.canUndo)
        #expect(document.invariantViolations() == [])
    }

    @Test func redoGroupsCountTowardTheLimit() throws {
        let (document, view) = try Self.replacingView(byteLimit: 250)
        try view.replace(start: 0, length: 100, with: "a")
        try view.replace(start: 1, length: 100, with: "b")
        try view.undo()
        // The redo group holds "b" (1 byte); the undo group 100 bytes: both kept.
        #expect(view.canRedo && view.canUndo)
        try view.replace(start: 500, length: 200, with: "c")
        // A new edit clears redo; 100 + 200 bytes pass 250: the oldest group goes.
        #expect(view.undoLevelCount == 1)
        #expect(document.invariantViolations() == [])
    }

    @Test func anOpenExplicitGroupIsSplitAtItsLimit() throws {
        let (document, view) = try Self.replacingView(byteLimit: 1 << 20, groupLimit: 250)
        view.beginUndoGroup()
        for index in 0..<5 {
            try view.replace(start: index * 100, length: 100, with: String(repeating: "y", count: 100))
        }
        try view.endUndoGroup()
        // 100 + 100 fit, a third would pass 250: closed as a step, a new group goes on.
        #expect(view.undoLevelCount == 3)
        try view.undo()
        #expect(document.text == String(repeating: "y", count: 400) + String(repeating: "x", count: 600))
        try view.undo()
        try view.undo()
        #expect(document.text == String(repeating: "x", count: 1_000))
        #expect(document.invariantViolations() == [])
    }

    /// An undo that meets another view's change after reverting part of its
    /// group leaves text, revision, selection and events untouched.
    @Test func aFailedUndoChangesNothing() throws {
        let document = Document(text: "")
        let view = document.makeView()
        let other = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        view.beginUndoGroup()
        try view.insertText("abc")
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("xyz")
        try view.endUndoGroup()
        try other.replace(start: 4, length: 1, with: "B")
        let revision = document.revision
        let selection = view.selection
        var events: [DocumentEvent] = []
        document.addObserver { events.append($0) }
        let error = #expect(throws: InkstoneError.self) { try view.undo() }
        #expect(error?.code == .invalidState)
        #expect(document.text == "xyzaBc")
        #expect(document.revision == revision)
        #expect(view.selection == selection)
        #expect(events.isEmpty)
        #expect(view.canUndo)
        #expect(document.invariantViolations() == [])
    }

    @Test func canUndoIsFalseWhileComposingOrInsideAGroup() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("abc")
        #expect(view.canUndo)
        try view.setMarkedText("x", selectedStart: 1, selectedLength: 0)
        #expect(!view.canUndo)
        #expect(throws: InkstoneError.self) { try view.undo() }
        view.unmarkText()
        #expect(view.canUndo)
        view.beginUndoGroup()
        #expect(!view.canUndo)
        try view.endUndoGroup()
        #expect(view.canUndo)
    }

    @Test func aSnapshotRestoresTextSelectionMarkedTextAndUndo() throws {
        let document = Document(text: "hello")
        let view = document.makeView()
        try view.setSelectedRange(start: 5, length: 0)
        try view.insertText("!")
        let snapshot = document.snapshot()
        let revision = document.revision
        try view.insertText("?")
        try view.setMarkedText("에", selectedStart: 1, selectedLength: 0)
        try document.setAttribute("k", value: .string("v"), start: 0, length: 3, in: .utf16)
        document.restore(snapshot)
        #expect(document.text == "hello!")
        #expect(document.revision == revision)
        #expect(view.selectedRange == TextRange(start: 6, length: 0, unit: .utf16))
        #expect(view.markedText == nil)
        #expect(!document.isComposing)
        #expect(try document.attributes(at: 0, in: .utf16).isEmpty)
        try view.undo()
        #expect(document.text == "hello")
        #expect(document.invariantViolations() == [])
    }
}
