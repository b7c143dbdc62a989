import Testing

@testable import InkstoneText

/// The invariant checks see broken state (they are not vacuous).
@Suite("Invariant checks")
struct InvariantCheckTests {
    @Test func aSoundDocumentHasNoViolations() throws {
        let document = Document(text: "héllo 😀 wörld")
        let view = document.makeView()
        try view.setSelectedRange(start: 2, length: 3)
        try document.setAttribute("k", value: .string("v"), start: 0, length: 4, in: .utf16)
        #expect(document.invariantViolations() == [])
    }

    @Test func anAnchorInsideACodePointIsReported() {
        let document = Document(text: "😀")
        let anchor = document.makeAnchor(utf8Offset: 0, bias: .left)
        anchor.utf8Offset = 2
        #expect(document.invariantViolations().contains { $0.contains("not a code-point boundary") })
    }

    @Test func aMiscountedQueueIsReported() throws {
        let document = Document(text: "ab")
        let (composer, other) = try composingPair(document, marked: "x", otherCaret: 2)
        defer { withExtendedLifetime(composer) {} }  // the document holds views weakly
        try other.insertText("123")
        document.queuedUTF8Bytes = 1
        #expect(document.invariantViolations().contains { $0.contains("the queue counts 1 bytes but holds 3") })
        document.queuedUTF8Bytes = 3
        #expect(document.invariantViolations() == [])
    }

    @Test func aSelectionInsideAClusterIsReported() throws {
        let document = Document(text: "e\u{301}x")
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: 0, length: 0)
        view.selectionAnchors = SelectionAnchors(document: document, utf8Anchor: 1, utf8Head: 1)
        #expect(document.invariantViolations().contains { $0.contains("splits a grapheme cluster") })
    }

    @Test func brokenAttributeRunsAreReported() {
        var store = AttributeStore(utf8Count: 4)
        store.set("k", value: .string("v"), utf8Range: 0..<2)
        #expect(store.invariantViolations(utf8Count: 4) == [])
        #expect(store.invariantViolations(utf8Count: 2).contains { $0.contains("cover 4 bytes of a text of 2") })
    }
}
