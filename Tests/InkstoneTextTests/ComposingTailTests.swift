import Testing

@testable import InkstoneText

/// Where edits at the end of the text go: the storage's tail changes in place and the rope
/// keeps its text until the tail outgrows its capacity or would join the rope's last cluster.
@Suite("The composing tail")
struct ComposingTailTests {
    /// A document of many rope chunks.
    static func largeDocument() -> Document {
        Document(storage: TextStorage(pieces: Array(repeating: "한국어 텍스트 ", count: 2_000)))
    }

    @Test func aCompositionAtTheEndStaysInTheTail() throws {
        let document = Self.largeDocument()
        let ropeBytes = document.storage.rope.utf8.count
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: ropeBytes, length: 0)
        for composed in ["ㅎ", "하", "한"] {
            try view.setMarkedText(composed, selectedStart: composed.utf8.count, selectedLength: 0)
            #expect(document.storage.tail.text == composed)
            #expect(document.storage.rope.utf8.count == ropeBytes, "the rope is not edited")
        }
        view.unmarkText()
        try view.insertText(" ")
        #expect(document.storage.tail.text == "한 ")
        #expect(document.text.hasSuffix("텍스트 한 "))
        #expect(document.invariantViolations() == [])
    }

    @Test func textBeforeAnEditMovesIntoTheRopeWhenTheTailIsFull() throws {
        let document = Self.largeDocument()
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: document.storage.utf8Count, length: 0)
        for _ in 0..<40 {
            try view.setMarkedText("하", selectedStart: 3, selectedLength: 0)
            try view.setMarkedText("한", selectedStart: 3, selectedLength: 0)
            view.unmarkText()
            #expect(document.storage.tail.utf8Count <= TextStorage.tailCapacity)
            #expect(document.storage.tail.utf8Count > 0)
        }
        #expect(document.text.hasSuffix(String(repeating: "한", count: 40)))
        #expect(document.invariantViolations() == [])
    }

    @Test func aMarkJoiningTheRopesLastClusterMovesTheTailIntoTheRope() throws {
        let document = Document(storage: TextStorage(pieces: Array(repeating: "cafe", count: 1_000)))
        let view = document.makeView(unit: .scalars)
        let end = document.storage.count(in: .scalars)
        try view.replace(start: end, length: 0, with: "\u{301}")
        #expect(document.storage.tail.isEmpty)
        #expect(document.storage.count(in: .graphemes) == 4_000)
        // After a whole cluster, a new one starts the tail again.
        try view.replace(start: end + 1, length: 0, with: "x")
        #expect(document.storage.tail.text == "x")
        #expect(document.invariantViolations() == [])
    }

    /// Marked text that starts with a joiner belongs to the cluster before it. When the
    /// tail is too full to replace it in place, only whole clusters move into the rope, so
    /// the old text's clusters are measured whole: the change starts at the emoji before
    /// the joiner, in every unit a view counts in.
    @Test func markedTextJoiningTheClusterBeforeItIsMeasuredWholeWhenTheTailFills() throws {
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let document = Document(text: "")
        let view = document.makeView(unit: .graphemes)
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("\né\u{200D}a\n\u{200D} " + family)
        let joined = "\u{200D}\r\n" + family
        try view.setMarkedText(joined, selectedStart: 2, selectedLength: 0)
        #expect(document.storage.rope.isEmpty, "the composition is in the tail")
        let before = document.text
        let result = try view.setMarkedText(family + "한" + family, selectedStart: 0, selectedLength: 0)
        let records = result.changeRecords
        #expect(records.count == 1)
        #expect(records.first?.start(in: .graphemes) == 6)
        #expect(records.first?.oldLength(in: .graphemes) == 3)
        #expect(records.first?.newLength(in: .graphemes) == 4)
        ComposingTailPropertyTests.checkReplay(records, before: before, after: document.text, context: "replaced")
        #expect(view.length == 10)
        #expect(document.invariantViolations() == [])
    }

    @Test func anEditBeforeTheTailMovesItIntoTheRope() throws {
        let document = Self.largeDocument()
        let view = document.makeView(unit: .utf8)
        try view.replace(start: document.storage.utf8Count, length: 0, with: "끝")
        #expect(document.storage.tail.text == "끝")
        try view.replace(start: 0, length: 0, with: "시작")
        #expect(document.storage.tail.isEmpty)
        #expect(document.text.hasPrefix("시작한국어") && document.text.hasSuffix("끝"))
        #expect(document.invariantViolations() == [])
    }

    @Test func aSnapshotKeepsTheTail() throws {
        let document = Self.largeDocument()
        let view = document.makeView(unit: .utf8)
        try view.replace(start: document.storage.utf8Count, length: 0, with: "끝")
        let text = document.text
        let snapshot = document.snapshot()
        try view.replace(start: document.storage.utf8Count - 3, length: 3, with: "ㄲ")
        try view.replace(start: 0, length: 3, with: "")
        document.restore(snapshot)
        #expect(document.text == text)
        #expect(document.storage.tail.text == "끝")
        #expect(document.invariantViolations() == [])
    }

    @Test func aTailJoiningTheRopeIsReported() {
        let joined = TextStorage(rope: "cafe", tail: Self.tail("\u{301}"))
        #expect(joined.invariantViolations().contains { $0.contains("joins the rope's last cluster") })
        let sound = TextStorage(rope: "cafe", tail: Self.tail("s"))
        #expect(sound.invariantViolations() == [])
        var miscounted = Self.tail("s")
        miscounted.knownGraphemeCount = 2
        #expect(
            TextStorage(rope: "cafe", tail: miscounted).invariantViolations().contains {
                $0.contains("tail grapheme count 2")
            })
    }

    static func tail(_ text: String) -> TextTail {
        var tail = TextTail()
        tail.replace(0..<0, with: text)
        return tail
    }
}
