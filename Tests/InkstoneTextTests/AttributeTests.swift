import InkstoneText
import Testing

@Suite("Attribute runs")
struct AttributeTests {
    @Test func equalNeighboursCoalesce() throws {
        let document = Document(text: "abcdef")
        try document.setAttribute("style", value: .string("bold"), start: 0, length: 2, in: .utf16)
        try document.setAttribute("style", value: .string("bold"), start: 2, length: 2, in: .utf16)
        try document.setAttribute("style", value: .string("italic"), start: 4, length: 2, in: .utf16)
        #expect(
            try document.attributeRuns("style", start: 0, length: 6, in: .utf16) == [
                AttributeRun(start: 0, length: 4, unit: .utf16, value: .string("bold")),
                AttributeRun(start: 4, length: 2, unit: .utf16, value: .string("italic")),
            ])
        #expect(document.attributeRunCount == 2)
        try document.setAttribute("style", value: nil, start: 1, length: 4, in: .utf16)
        #expect(
            try document.attributeRuns("style", start: 0, length: 6, in: .utf16) == [
                AttributeRun(start: 0, length: 1, unit: .utf16, value: .string("bold")),
                AttributeRun(start: 5, length: 1, unit: .utf16, value: .string("italic")),
            ])
        #expect(try document.attributes(at: 5, in: .utf16) == ["style": .string("italic")])
        #expect(document.attributeRunCount == 3)
    }

    @Test func runsShiftSplitAndInheritOnEdits() throws {
        let document = Document(text: "abcdef")
        let view = document.makeView(unit: .utf16)
        let ja = AttributeValue.string("ja")
        try document.setAttribute("lang", value: ja, start: 2, length: 2, in: .utf16)
        // Before the run: shifts it.
        try view.replace(start: 0, length: 0, with: "😀")
        #expect(
            try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
                AttributeRun(start: 4, length: 2, unit: .utf16, value: ja)
            ])
        // Inside the run: inherits (the character before is in the run).
        try view.replace(start: 5, length: 0, with: "X")
        #expect(
            try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
                AttributeRun(start: 4, length: 3, unit: .utf16, value: ja)
            ])
        // Right after the run: typing attributes extend it.
        try view.replace(start: 7, length: 0, with: "Y")
        #expect(
            try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
                AttributeRun(start: 4, length: 4, unit: .utf16, value: ja)
            ])
        // Right before the run: the new text does not join it.
        try view.replace(start: 4, length: 0, with: "Z")
        #expect(
            try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
                AttributeRun(start: 5, length: 4, unit: .utf16, value: ja)
            ])
        // Deleting across its start shrinks it.
        try view.replace(start: 3, length: 3, with: "")
        #expect(document.text == "😀aXdYef")
        #expect(
            try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16) == [
                AttributeRun(start: 3, length: 3, unit: .utf16, value: ja)
            ])
        // Deleting the whole run removes it.
        try view.replace(start: 3, length: 3, with: "")
        #expect(try document.attributeRuns("lang", start: 0, length: view.length, in: .utf16).isEmpty)
        #expect(document.attributeRunCount == 1)
        #expect(document.revision == 6)
    }

    @Test func valuesAreTyped() throws {
        let document = Document(text: "abcd")
        let red = AttributeColor(red: 1, green: 0, blue: 0)
        try document.setAttributes(
            ["bold": .bool(true), "font_size": .double(12.5), "weight": .int(700), "foreground": .color(red)],
            removing: [], start: 1, length: 2, in: .utf8)
        #expect(
            try document.attributes(at: 1, in: .utf8) == [
                "bold": .bool(true), "font_size": .double(12.5), "weight": .int(700), "foreground": .color(red),
            ])
        // The same key with another type is another value: the run splits.
        try document.setAttribute("weight", value: .double(700), start: 2, length: 1, in: .utf8)
        #expect(
            try document.attributeRuns("weight", start: 0, length: 4, in: .utf8) == [
                AttributeRun(start: 1, length: 1, unit: .utf8, value: .int(700)),
                AttributeRun(start: 2, length: 1, unit: .utf8, value: .double(700)),
            ])
        try document.setAttributes([:], removing: ["bold", "font_size"], start: 0, length: 4, in: .utf8)
        #expect(try document.attributes(at: 1, in: .utf8) == ["weight": .int(700), "foreground": .color(red)])
        #expect(document.attributeKeys == ["foreground", "weight"])
    }

    @Test func attributedRunsCoverTheRangeInTheCallersUnit() throws {
        let document = Document(text: "a😀bc")
        try document.setAttribute("bold", value: .bool(true), start: 1, length: 2, in: .utf16)
        let expected = [
            AttributedRun(start: 0, length: 1, unit: .graphemes, attributes: [:]),
            AttributedRun(start: 1, length: 1, unit: .graphemes, attributes: ["bold": .bool(true)]),
            AttributedRun(start: 2, length: 2, unit: .graphemes, attributes: [:]),
        ]
        #expect(try document.attributedRuns(start: 0, length: 4, in: .graphemes) == expected)
        #expect(
            try document.attributedRuns(start: 1, length: 4, in: .utf8) == [
                AttributedRun(start: 1, length: 4, unit: .utf8, attributes: ["bold": .bool(true)])
            ])
        #expect(try document.attributedRuns(start: 0, length: 0, in: .utf16).isEmpty)
    }

    @Test func aRangeInsideAGraphemeIsRefusedAndChangesNothing() throws {
        let document = Document(text: "e\u{301}x")
        #expect(throws: InkstoneError.self) {
            try document.setAttribute("bold", value: .bool(true), start: 0, length: 1, in: .scalars)
        }
        #expect(document.attributeKeys.isEmpty)
        #expect(document.attributeRunCount == 1)
    }

    @Test func linksAreNotExtendedByTextTypedAtTheirEdgesButAreInside() throws {
        let document = Document(text: "see here now")
        let view = document.makeView(unit: .utf8)
        let url = AttributeValue.string("https://x.org")
        try document.setAttribute("link", value: url, start: 4, length: 4, in: .utf8)
        #expect(document.attributePolicy(for: "link").inheritedByAddedText == false)
        try view.replace(start: 8, length: 0, with: "!")  // after the run
        try view.replace(start: 4, length: 0, with: "[")  // before the run
        #expect(
            try document.attributeRuns("link", start: 0, length: view.length, in: .utf8) == [
                AttributeRun(start: 5, length: 4, unit: .utf8, value: url)
            ])
        try view.replace(start: 7, length: 0, with: "X")  // inside the run
        #expect(document.text == "see [heXre! now")
        #expect(
            try document.attributeRuns("link", start: 0, length: view.length, in: .utf8) == [
                AttributeRun(start: 5, length: 5, unit: .utf8, value: url)
            ])
        // Ordinary keys still extend at the end; an edit replacing the run's last
        // characters inside does too.
        try document.setAttribute("bold", value: .bool(true), start: 5, length: 5, in: .utf8)
        try view.replace(start: 10, length: 0, with: "?")
        #expect(try document.attributes(at: 10, in: .utf8) == ["bold": .bool(true)])
    }

    @Test func anUnsplittableRunIsRemovedWholeWhenAnEditCutsIt() throws {
        let document = Document(text: "hi @anna and @bob")
        let view = document.makeView(unit: .utf8)
        document.setAttributePolicy(AttributePolicy(inheritedByAddedText: false, splittable: false), for: "mention")
        try document.setAttribute("mention", value: .string("anna"), start: 3, length: 5, in: .utf8)
        try document.setAttribute("mention", value: .string("bob"), start: 13, length: 4, in: .utf8)
        // Typing at its edges leaves it whole.
        try view.replace(start: 8, length: 0, with: ",")
        try view.replace(start: 3, length: 0, with: " ")
        #expect(
            try document.attributeRuns("mention", start: 0, length: view.length, in: .utf8) == [
                AttributeRun(start: 4, length: 5, unit: .utf8, value: .string("anna")),
                AttributeRun(start: 15, length: 4, unit: .utf8, value: .string("bob")),
            ])
        // Typing inside removes the whole run; deleting part of the other does too.
        try view.replace(start: 6, length: 0, with: "X")
        try view.replace(start: 18, length: 2, with: "")
        #expect(document.text == "hi  @aXnna, and @b")
        #expect(try document.attributeRuns("mention", start: 0, length: view.length, in: .utf8).isEmpty)
        #expect(document.attributeRunCount == 1)
    }

    @Test func aSnapshotRestoresTheRuns() throws {
        let document = Document(text: "abcdef")
        let view = document.makeView()
        try document.setAttribute("bold", value: .bool(true), start: 1, length: 3, in: .utf16)
        let snapshot = document.snapshot()
        try view.replace(start: 2, length: 0, with: "XYZ")
        try document.setAttribute("italic", value: .bool(true), start: 0, length: 9, in: .utf16)
        document.restore(snapshot)
        #expect(
            try document.attributedRuns(start: 0, length: 6, in: .utf16) == [
                AttributedRun(start: 0, length: 1, unit: .utf16, attributes: [:]),
                AttributedRun(start: 1, length: 3, unit: .utf16, attributes: ["bold": .bool(true)]),
                AttributedRun(start: 4, length: 2, unit: .utf16, attributes: [:]),
            ])
    }
}
