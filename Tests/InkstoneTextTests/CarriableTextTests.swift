import InkstoneText
import Testing

/// No document ever holds U+0000: a D-Bus string cannot carry it.
@Suite struct CarriableTextTests {
    static let withNUL = "a\u{0}b"

    /// Every way text enters a document refuses U+0000 with `InvalidArgument`, and changes nothing.
    @Test func everyEntryPointRefusesNUL() throws {
        let document = Document(text: "xyz")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 1)
        let revision = document.revision
        let attempts: [(String, () throws(InkstoneError) -> Void)] = [
            ("insertText", { () throws(InkstoneError) in _ = try view.insertText(Self.withNUL) }),
            ("replace", { () throws(InkstoneError) in _ = try view.replace(start: 0, length: 1, with: Self.withNUL) }),
            (
                "replaceAll",
                { () throws(InkstoneError) in
                    _ = try view.replaceAll([TextRange(start: 0, length: 1, unit: .utf16)], with: Self.withNUL)
                }
            ),
            (
                "setMarkedText",
                { () throws(InkstoneError) in
                    _ = try view.setMarkedText(Self.withNUL, selectedStart: 0, selectedLength: 0)
                }
            ),
            (
                "document.replace",
                { () throws(InkstoneError) in
                    _ = try document.replace(start: 0, length: 0, in: .utf16, with: "\u{0}")
                }
            ),
        ]
        for (name, attempt) in attempts {
            do {
                try attempt()
                Issue.record("\(name) accepted U+0000")
            } catch {
                #expect(error.code == .invalidArgument, "\(name): \(error)")
                #expect(error.message.contains("U+0000"), "\(name): \(error)")
            }
            #expect(document.text == "xyz", "\(name)")
            #expect(document.revision == revision, "\(name)")
            #expect(view.selectedRange == TextRange(start: 1, length: 1, unit: .utf16), "\(name)")
            #expect(view.markedText == nil, "\(name)")
        }
    }

    /// Other control characters are text like any other.
    @Test func otherControlCharactersAreAccepted() throws {
        let document = Document(text: "")
        let view = document.makeView()
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("\u{1}\t\u{7f}")
        #expect(document.text == "\u{1}\t\u{7f}")
    }

    /// Selection arithmetic never overflows: `start + length` past `Int.max` is `InvalidRange`.
    @Test(arguments: [(Int.max, 1), (Int.max - 1, 2), (1, Int.max), (Int.min, Int.max)])
    func overflowingSelectionIsInvalidRange(start: Int, length: Int) throws {
        let document = Document(text: "abc")
        let view = document.makeView()
        try view.setSelectedRange(start: 1, length: 0)
        do {
            try view.setSelectedRange(start: start, length: length)
            Issue.record("{\(start), \(length)} was accepted")
        } catch {
            #expect(error.code == .invalidRange, "\(error)")
        }
        #expect(view.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
    }
}
