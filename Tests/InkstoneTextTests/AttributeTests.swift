import InkstoneText
import Testing

@Suite("Attribute runs")
struct AttributeTests {
    @Test func equalNeighboursCoalesce() throws {
        let document = Document(text: "abcdef")
        try document.setAttribute("style", value: "bold", start: 0, length: 2, in: .utf16)
        try document.setAttribute("style", value: "bold", start: 2, length: 2, in: .utf16)
        try document.setAttribute("style", value: "italic", start: 4, length: 2, in: .utf16)
        #expect(try document.attributeRuns("style", start: 0, length: 6, in: .utf16) == [
            AttributeRun(start: 0, length: 4, value: "bold"), AttributeRun(start: 4, length: 2, value: "italic"),
        ])
        try document.setAttribute("style", value: nil, start: 1, length: 4, in: .utf16)
        #expect(try document.attributeRuns("style", start: 0, length: 6, in: .utf16) == [
            AttributeRun(start: 0, length: 1, value: "bold"), AttributeRun(start: 5, length: 1, value: "italic"),
        ])
        #expect(try document.attributes(at: 5, in: .utf16) == ["style": "italic"])
    }

    @Test func runsShiftSplitAndInheritOnEdits() throws {
        let document = Document(text: "abcdef")
        let view = document.makeView(unit: .utf16)
        try document.setAttribute("lang", value: "ja", start: 2, length: 2, in: .utf16)
        // Before the run: shifts it.
        try view.replace(start: 0, length: 0, with: "😀")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
            AttributeRun(start: 4, length: 2, value: "ja"),
        ])
        // Inside the run: inherits (the character before is in the run).
        try view.replace(start: 5, length: 0, with: "X")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
            AttributeRun(start: 4, length: 3, value: "ja"),
        ])
        // Right after the run: typing attributes extend it.
        try view.replace(start: 7, length: 0, with: "Y")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
            AttributeRun(start: 4, length: 4, value: "ja"),
        ])
        // Right before the run: the new text does not join it.
        try view.replace(start: 4, length: 0, with: "Z")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
            AttributeRun(start: 5, length: 4, value: "ja"),
        ])
        // Deleting across its start shrinks it.
        try view.replace(start: 3, length: 3, with: "")
        #expect(document.text == "😀aXdYef")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
            AttributeRun(start: 3, length: 3, value: "ja"),
        ])
        // Deleting the whole run removes it.
        try view.replace(start: 3, length: 3, with: "")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16).isEmpty)
        #expect(document.revision == 6)
    }
}
