import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random edit scripts on texts of 100 KB and more (many rope nodes), mixing
/// scripts, emoji and combining marks, checked against a `String` model and
/// the document's invariants (storage, anchors, attribute runs, undo stacks,
/// queue) after every step.
@Suite("Random edit scripts on large texts")
struct LargeTextPropertyTests {
    @Test func largeTextsStaySound() async {
        await propertyCheck(count: 6, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkLargeScript(seed: seed)
        }
    }

    static func largeText(_ random: inout SplitMix64, utf8Bytes: Int) -> String {
        var text = ""
        while text.utf8.count < utf8Bytes { text += random.randomText(maxPieces: 12) }
        return text
    }

    static func checkLargeScript(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var model = largeText(&random, utf8Bytes: 100_000 + Int.random(in: 0...60_000, using: &random))
        let document = Document(storage: TextStorage(pieces: [model]))
        let writer = document.makeView(unit: .utf16)
        let other = document.makeView(unit: .utf8)
        try writer.setSelectedRange(start: 0, length: 0)
        try other.setSelectedRange(start: 0, length: 0)
        let anchors = (0..<20).map { index in
            document.makeAnchor(
                utf8Offset: model.offset(ofGrapheme: index * model.count / 20, in: .utf8),
                bias: index % 2 == 0 ? .left : .right)
        }
        for step in 0..<40 {
            let context = "seed \(seed) step \(step)"
            let view = Bool.random(using: &random) ? writer : other
            let count = model.count
            let lower = Int.random(in: 0...count, using: &random)
            let upper = Int.random(in: lower...min(count, lower + 40), using: &random)
            let start = model.offset(ofGrapheme: lower, in: view.unit)
            let end = model.offset(ofGrapheme: upper, in: view.unit)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let text = random.randomText(maxPieces: 5)
                try view.replace(start: start, length: end - start, with: text)
                model.replaceSubrange(
                    model.index(model.startIndex, offsetBy: lower)..<model.index(model.startIndex, offsetBy: upper),
                    with: text)
            case 5:
                // A large paste, then its deletion by a second edit somewhere inside.
                let text = largeText(&random, utf8Bytes: 5_000)
                try view.replace(start: start, length: 0, with: text)
                model.insert(contentsOf: text, at: model.index(model.startIndex, offsetBy: lower))
            case 6:
                try document.setAttribute(
                    "k\(Int.random(in: 0..<3, using: &random))",
                    value: Bool.random(using: &random) ? .string("v") : nil,
                    start: start, length: end - start, in: view.unit)
            case 7:
                let text = random.randomText(maxPieces: 2)
                try writer.setSelectedRange(
                    start: model.offset(ofGrapheme: lower, in: .utf16), length: 0)
                try writer.setMarkedText(text, selectedStart: text.utf16.count, selectedLength: 0)
                try other.insertText("q")
                writer.unmarkText()
                model = document.text
            default:
                guard view.canUndo else { continue }
                let before = document.text
                try view.undo()
                let undone = document.text
                try view.redo()
                #expect(document.text == before, "\(context) redo")
                try view.undo()
                #expect(document.text == undone, "\(context) undo again")
                model = undone
            }
            #expect(document.text.utf8.elementsEqual(model.utf8), "\(context)")
            for unit in OffsetUnit.allCases {
                #expect(document.storage.count(in: unit) == model.count(in: unit), "\(context) \(unit)")
            }
            #expect(document.invariantViolations() == [], "\(context)")
            for anchor in anchors {
                #expect(anchor.utf8Offset >= 0 && anchor.utf8Offset <= model.utf8.count, "\(context) anchor")
            }
        }
    }
}
