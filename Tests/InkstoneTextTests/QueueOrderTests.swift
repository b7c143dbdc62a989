import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Edits of one view queued behind another view's composition apply in the
/// order they were made, each against the text its predecessors produced.
@Suite("Queued edits keep their order")
struct QueueOrderTests {
    /// View A composes 한 while view B (`ab`, caret at the end) types X, BackSpace, Y.
    @Test func typingDeletingTypingAppliesInOrder() throws {
        let document = Document(text: "ab")
        let (composer, typist) = try composingPair(document, marked: "한", otherCaret: 2, unit: .utf16)
        try typist.insertText("X")
        try typist.deleteBackward()
        try typist.insertText("Y")
        #expect(document.text == "한ab")
        #expect(document.queuedTickets.count == 3)
        composer.unmarkText()
        #expect(document.text == "한abY")
        #expect(typist.selectedRange == TextRange(start: 4, length: 0, unit: .utf16))
        #expect(document.queuedEditCount == 0)
        #expect(document.queuedUTF8Bytes == 0)
        #expect(document.invariantViolations().isEmpty)
    }

    /// A selection move made behind queued typing waits for it, so typing after the move lands there.
    @Test func aSelectionMoveWaitsBehindTheViewsQueuedEdits() throws {
        let document = Document(text: "abc")
        let composer = document.makeView()
        let typist = document.makeView()
        try composer.setSelectedRange(start: 3, length: 0)
        try typist.setSelectedRange(start: 1, length: 0)
        try composer.setMarkedText("한", selectedStart: 1, selectedLength: 0)
        try typist.insertText("X")
        let move = try typist.setSelectedRange(start: 0, length: 0)
        #expect(move.ticket == nil)
        #expect(move.events.isEmpty)
        #expect(typist.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
        try typist.insertText("Y")
        composer.unmarkText()
        #expect(document.text == "YaXbc한")
        #expect(typist.selectedRange == TextRange(start: 1, length: 0, unit: .utf16))
    }

    /// Without queued edits of its own, a view's selection moves at once while another view composes.
    @Test func aSelectionMoveWithoutQueuedEditsIsImmediate() throws {
        let document = Document(text: "abc")
        let composer = document.makeView()
        let other = document.makeView()
        try composer.setSelectedRange(start: 3, length: 0)
        try composer.setMarkedText("x", selectedStart: 1, selectedLength: 0)
        try other.setSelectedRange(start: 1, length: 1)
        #expect(other.selectedRange == TextRange(start: 1, length: 1, unit: .utf16))
        #expect(document.queuedEditCount == 0)
    }

    /// A thousand queued keystrokes apply in order.
    @Test func manyQueuedKeystrokesApplyInOrder() throws {
        let document = Document(text: "")
        let (composer, typist) = try composingPair(document, marked: "가", otherCaret: 0)
        let letters = (0..<1_000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        for letter in letters { try typist.insertText(letter) }
        composer.unmarkText()
        // The typist's caret sat where the composition began: its typing stays before it.
        #expect(document.text == letters.joined() + "가")
    }

    @Test func theEditCountLimitRefusesAndQueuesNothing() throws {
        let document = Document(text: "ab")
        document.queueLimits = QueueLimits(edits: 2, utf8Bytes: 100)
        let (composer, typist) = try composingPair(document, marked: "x", otherCaret: 2)
        try typist.insertText("1")
        try typist.insertText("2")
        var events: [DocumentEvent] = []
        document.addObserver { events.append($0) }
        let error = #expect(throws: InkstoneError.self) { try typist.insertText("3") }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("limit 2") == true)
        #expect(events.isEmpty)
        #expect(document.queuedTickets.count == 2)
        // A selection move behind queued edits counts too.
        #expect(throws: InkstoneError.self) { try typist.setSelectedRange(start: 0, length: 0) }
        composer.unmarkText()
        #expect(document.text == "xab12")
    }

    @Test func theByteLimitRefusesAndQueuesNothing() throws {
        let document = Document(text: "ab")
        document.queueLimits = QueueLimits(edits: 100, utf8Bytes: 7)
        let (composer, typist) = try composingPair(document, marked: "x", otherCaret: 2)
        try typist.insertText("한")
        try typist.insertText("ab")
        #expect(document.queuedUTF8Bytes == 5)
        let error = #expect(throws: InkstoneError.self) { try typist.insertText("한") }
        #expect(error?.code == .limitExceeded)
        let documentError = #expect(throws: InkstoneError.self) {
            try document.replace(start: 0, length: 0, in: .utf16, with: "abcd")
        }
        #expect(documentError?.code == .limitExceeded)
        #expect(document.queuedUTF8Bytes == 5)
        composer.unmarkText()
        #expect(document.text == "xab한ab")
        #expect(document.queuedUTF8Bytes == 0)
    }

    /// Random interleavings of a composing view and two typing views against a
    /// reference model that applies each queued operation in order after the composition.
    @Test func randomInterleavingsMatchTheReferenceModel() async {
        await propertyCheck(count: 80, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkInterleaving(seed: seed)
        }
    }

    static let pieces = ["a", "b", "Hello", "漢", "😀", "é", " ", "한", "xy"]

    static func checkInterleaving(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func piece() -> String { pieces.randomElement(using: &random)! }
        let initial = (0..<Int.random(in: 0...4, using: &random)).map { _ in piece() }.joined()
        let document = Document(text: initial)
        let views = (0..<3).map { _ in document.makeView(unit: .graphemes) }
        let model = QueueReferenceModel(text: initial, views: 3)
        for (index, view) in views.enumerated() {
            let caret = Int.random(in: 0...initial.count, using: &random)
            try view.setSelectedRange(start: caret, length: 0)
            model.selections[index] = model.makeSelection(caret, caret)
        }
        for step in 0..<40 {
            let context = "seed \(seed) step \(step)"
            let index = Int.random(in: 0..<3, using: &random)
            let view = views[index]
            let length = document.text.count
            if index == 0 {
                // The composer: compose, commit, discard, or type and move while not composing.
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1:
                    let text = piece()
                    try view.setMarkedText(text, selectedStart: text.count, selectedLength: 0)
                    model.setMarked(0, text)
                case 2:
                    view.unmarkText()
                    model.commit()
                case 3:
                    view.discardMarkedText()
                    model.discard()
                    try view.setSelectedRange(start: 0, length: 0)
                    model.selections[0] = model.makeSelection(0, 0)
                default:
                    guard !document.isComposing else { continue }
                    let text = piece()
                    try view.insertText(text)
                    model.type(0, text)
                }
            } else {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let text = piece()
                    try view.insertText(text)
                    model.type(index, text)
                case 1:
                    try view.deleteBackward()
                    model.backspace(index)
                case 2:
                    let a = Int.random(in: 0...length, using: &random)
                    let b = Int.random(in: 0...length, using: &random)
                    try view.setSelectedRange(start: min(a, b), length: abs(a - b))
                    model.select(index, min(a, b), max(a, b))
                default:
                    let a = Int.random(in: 0...length, using: &random)
                    let b = Int.random(in: 0...length, using: &random)
                    let text = piece()
                    try view.replace(start: min(a, b), length: abs(a - b), with: text)
                    model.replace(index, min(a, b), max(a, b), with: text)
                }
            }
            #expect(document.text == String(model.text), "\(context)")
            for (offset, view) in views.enumerated() {
                let expected = model.selections[offset].map {
                    TextRange(start: $0.range.lowerBound, length: $0.range.count, unit: .graphemes)
                }
                #expect(view.selectedRange == expected, "\(context) view \(offset)")
            }
            #expect(document.queuedEditCount == model.queue.count, "\(context)")
            #expect(document.invariantViolations() == [], "\(context)")
        }
        views[0].unmarkText()
        model.commit()
        #expect(document.text == String(model.text), "seed \(seed) end")
    }
}
