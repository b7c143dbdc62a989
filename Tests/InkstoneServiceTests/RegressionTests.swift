import InkstoneService
import InkstoneText
import Testing

/// Cases the random scripts found, kept as plain tests.
@Suite struct RegressionTests {
    /// "e\u{301}" and "é" are equal as Swift strings but not as text: marked
    /// text must be compared by code units, or its range ends inside a scalar.
    @Test func canonicallyEquivalentMarkedTextIsReplaced() throws {
        let service = InkstoneService()
        let context = try service.createContext(owner: ":1.1", options: contextOptions(unit: .scalars))
        _ = try context.insertText("a\n")
        try context.setMarkedText(
            "e\u{301}", selectionStart: 0, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        try context.setMarkedText(
            "\u{E9}", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        #expect(context.view.text.unicodeScalars.map(\.value) == [0x61, 0x0A, 0xE9])
        #expect(context.view.markedRange == TextRange(start: 2, length: 1, unit: .scalars))
        context.discardMarkedText()
        #expect(context.view.text == "a\n")
    }

    /// Selecting outside the marked text commits it, which releases queued
    /// edits; the new selection must follow them.
    @Test func selectingAfterQueuedEditsLand() throws {
        let service = InkstoneService()
        let composer = try service.createContext(owner: ":1.1", options: contextOptions())
        let other = try service.createContext(owner: ":1.1", options: contextOptions(document: composer.shared))
        _ = try composer.insertText("abcdef")
        try composer.setMarkedText(
            "xy", selectionStart: 2, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        _ = try other.replaceRange(start: 0, length: 6, with: "", expectedRevision: 0)
        try composer.setSelectedRange(start: 3, length: 0)
        #expect(composer.view.text == "xy")
        let selection = try #require(composer.view.selectedRange)
        #expect(selection == TextRange(start: 0, length: 0, unit: .utf16))
    }

    /// Backspacing over typed text after another context edited inside it.
    @Test func backspaceAfterAnEditInsideTypedText() throws {
        let service = InkstoneService()
        let typist = try service.createContext(owner: ":1.1", options: contextOptions())
        let other = try service.createContext(owner: ":1.1", options: contextOptions(document: typist.shared))
        for letter in ["a", "b", "c", "d"] { _ = try typist.insertText(letter) }
        _ = try other.replaceRange(start: 1, length: 2, with: "", expectedRevision: 0)
        _ = try typist.deleteBackward()
        _ = try typist.deleteBackward()
        #expect(typist.view.text.isEmpty)
        try typist.undo()
        #expect(typist.view.text == "ad")
    }
}
