import InkstoneText
import Testing

/// Attribute changes as undo steps: setting, toggling, pasting attributed
/// text, normalising by a formatting definition, and the runs of deleted text.
@Suite("Attribute changes are undo steps")
struct AttributeUndoTests {
    /// Each run as "text:key=value,…" (plain runs as "text:").
    static func describe(_ document: Document) throws -> [String] {
        let text = document.text
        return try document.attributedRuns(start: 0, length: text.utf8.count, in: .utf8).map { run in
            let bytes = Array(text.utf8)[run.start..<run.start + run.length]
            let keys = run.attributes.keys.sorted().map { "\($0)=\(run.attributes[$0]!)" }
            return String(decoding: bytes, as: UTF8.self) + ":" + keys.joined(separator: ",")
        }
    }

    @Test func setAttributesIsUndoneAndRedone() throws {
        let document = Document(text: "hello world")
        let view = document.makeView(unit: .utf8)
        try view.setAttributes(["bold": .bool(true)], removing: [], start: 0, length: 5)
        try view.setAttributes(["italic": .bool(true)], removing: ["bold"], start: 3, length: 5)
        let final = try Self.describe(document)
        #expect(view.undoLevelCount == 2)
        try view.undo()
        #expect(try Self.describe(document) == ["hello:bold=true", " world:"])
        try view.undo()
        #expect(try Self.describe(document) == ["hello world:"])
        #expect(!view.canUndo)
        try view.redo()
        try view.redo()
        #expect(try Self.describe(document) == final)
        #expect(document.revision == 0)
    }

    @Test func aCallThatChangesNothingRegistersNothing() throws {
        let document = Document(text: "hello")
        let view = document.makeView(unit: .utf8)
        try view.setAttributes([:], removing: ["bold"], start: 0, length: 5)
        #expect(view.undoLevelCount == 0)
    }

    @Test func undoOfADeletionBringsBackTheRunsOfTheDeletedText() throws {
        // Regression: undo used to restore deleted text with the attributes its neighbour passed on.
        let document = Document(text: "plain bold plain")
        let view = document.makeView(unit: .utf8)
        try document.setAttribute("bold", value: .bool(true), start: 6, length: 4, in: .utf8)
        try view.replace(start: 4, length: 8, with: "")
        #expect(document.text == "plailain")
        try view.undo()
        #expect(try Self.describe(document) == ["plain :", "bold:bold=true", " plain:"])
        try view.redo()
        try view.undo()
        #expect(try Self.describe(document) == ["plain :", "bold:bold=true", " plain:"])
    }

    @Test func toggleOverASelectionIsOneStep() throws {
        let document = Document(text: "abcdef")
        let view = document.makeView(unit: .utf8)
        try document.setAttribute("bold", value: .bool(true), start: 0, length: 2, in: .utf8)
        try view.setSelectedRange(start: 0, length: 4)
        #expect(try view.toggleAttribute("bold", value: .bool(true)).set)
        #expect(try Self.describe(document) == ["abcd:bold=true", "ef:"])
        try view.undo()
        #expect(try Self.describe(document) == ["ab:bold=true", "cdef:"])
        #expect(view.selectedRange?.length == 4)
    }

    @Test func anAttributedPasteIsOneStepForTextAndRuns() throws {
        let document = Document(text: "one two")
        let view = document.makeView(unit: .utf8)
        try document.setAttribute("italic", value: .bool(true), start: 4, length: 3, in: .utf8)
        try view.replace(
            start: 4, length: 3, with: "2 B",
            runs: [AttributedRun(start: 2, length: 1, unit: .utf8, attributes: ["bold": .bool(true)])])
        let pasted = try Self.describe(document)
        #expect(pasted == ["one 2 :", "B:bold=true"])
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(try Self.describe(document) == ["one :", "two:italic=true"])
        try view.redo()
        #expect(try Self.describe(document) == pasted)
    }

    @Test func typingWithTypingAttributesIsUndoneWithTheTyping() throws {
        let document = Document(text: "ab")
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: 1, length: 0)
        try view.setTypingAttributes(["bold": .bool(true)])
        try view.insertText("X")
        try view.insertText("Y")
        #expect(try Self.describe(document) == ["a:", "XY:bold=true", "b:"])
        #expect(view.undoLevelCount == 1)
        try view.undo()
        #expect(try Self.describe(document) == ["ab:"])
        try view.redo()
        #expect(try Self.describe(document) == ["a:", "XY:bold=true", "b:"])
    }

    @Test func normalisationByADefinitionIsUndoneThroughTheDefinitionInForce() throws {
        for removesTheDefinition in [false, true] {
            let document = Document(text: "sized")
            let view = document.makeView(unit: .utf8)
            try view.setAttributes(
                ["font_size": .double(30), "bold": .bool(true)], removing: [], start: 0, length: 5)
            view.setFormattingDefinition(try FormattingDefinition(["bold": .any]))
            #expect(try Self.describe(document) == ["sized:bold=true"])
            #expect(view.undoLevelCount == 2)
            if removesTheDefinition {
                // Without the definition, undo brings the refused value back.
                view.setFormattingDefinition(nil)
                try view.undo()
                #expect(try Self.describe(document) == ["sized:bold=true,font_size=30.0"])
            } else {
                // Under the definition, undo cannot bring the refused key back.
                try view.undo()
                #expect(try Self.describe(document) == ["sized:bold=true"])
            }
        }
    }

    @Test func anAttributeStepWhoseRangeAnotherViewChangedFailsAndChangesNothing() throws {
        let document = Document(text: "hello world")
        let mine = document.makeView(unit: .utf8)
        let theirs = document.makeView(unit: .utf8)
        try mine.setAttributes(["bold": .bool(true)], removing: [], start: 0, length: 5)
        try theirs.replace(start: 2, length: 0, with: "XX")
        let before = try Self.describe(document)
        #expect(throws: InkstoneError.self) { try mine.undo() }
        #expect(try Self.describe(document) == before)
        #expect(mine.canUndo)
    }

    @Test func anEditCuttingAnAtomicRunIsUndoneWithThatRun() throws {
        let document = Document(text: "see @token here")
        document.setAttributePolicy(AttributePolicy(inheritedByAddedText: false, splittable: false), for: "token")
        let view = document.makeView(unit: .utf8)
        try document.setAttribute("token", value: .string("t"), start: 4, length: 6, in: .utf8)
        try view.replace(start: 6, length: 2, with: "")
        #expect(try Self.describe(document) == ["see @ten here:"])
        try view.undo()
        #expect(try Self.describe(document) == ["see :", "@token:token=\"t\"", " here:"])
        try view.redo()
        #expect(try Self.describe(document) == ["see @ten here:"])
    }

    /// Text typed between two runs of the same unsplittable value joins them into one run;
    /// undoing the typing cuts that run, but what undo puts back was there with both runs
    /// before, so they stay (and redo joins them again).
    @Test func undoingTextThatJoinedTwoAtomicRunsKeepsBothRuns() throws {
        let document = Document(text: "see @token here")
        document.setAttributePolicy(AttributePolicy(inheritedByAddedText: false, splittable: false), for: "token")
        let view = document.makeView(unit: .utf8)
        try document.setAttribute("token", value: .string("t"), start: 4, length: 6, in: .utf8)
        try document.setAttribute("token", value: .string("x"), start: 6, length: 2, in: .utf8)
        let before = try Self.describe(document)
        #expect(before == ["see :", "@t:token=\"t\"", "ok:token=\"x\"", "en:token=\"t\"", " here:"])
        try view.replace(start: 6, length: 2, with: "OK")
        let joined = ["see :", "@tOKen:token=\"t\"", " here:"]
        #expect(try Self.describe(document) == joined)
        try view.undo()
        #expect(try Self.describe(document) == before)
        try view.redo()
        #expect(try Self.describe(document) == joined)
    }
}
