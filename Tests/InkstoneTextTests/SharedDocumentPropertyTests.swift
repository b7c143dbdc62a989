import Glibc
import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random scripts over two views sharing a document, with compositions,
/// queued edits and document-level edits. Checked through invariants: every
/// change record, replayed from the first text in any unit, gives the current
/// text; revisions count up by one per record; marked text is where it says it is.
@Suite("Shared document scripts")
struct SharedDocumentPropertyTests {
    @Test func recordsReplayAndStateStaysConsistent() async {
        await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkSharedScript(seed: seed)
        }
    }

    static func checkSharedScript(seed: UInt64, trace: Bool = false) throws {
        var random = SplitMix64(seed: seed)
        let initialText = random.randomText(maxPieces: 6)
        let document = Document(text: initialText)
        var records: [ChangeRecord] = []
        document.addObserver { event in
            if let record = event.changeRecord { records.append(record) }
        }
        let views = [document.makeView(unit: .utf16), document.makeView(unit: .graphemes)]
        for view in views { try view.setSelectedRange(start: 0, length: 0) }
        func randomBoundary(_ view: DocumentView) -> Int {
            let text = document.text
            return text.offset(ofGrapheme: Int.random(in: 0...text.count, using: &random), in: view.unit)
        }
        for step in 0..<30 {
            let context = "seed \(seed) step \(step)"
            let view = views[Int.random(in: 0..<2, using: &random)]
            let composingElsewhere = document.isComposing && document.composingViewID != view.id
            let operation = Int.random(in: 0..<8, using: &random)
            if trace {
                print(
                    "step \(step) view \(view.id) op \(operation) text \(Array(document.text.unicodeScalars).map { String($0.value, radix: 16) }) sel \(String(describing: view.selection)) marked \(String(describing: view.markedRange))"
                )
                fflush(nil)
            }
            switch operation {
            case 0:
                try view.insertText(random.randomText(maxPieces: 2))
            case 1:
                try view.deleteBackward()
            case 2:
                let lower = randomBoundary(view)
                let upper = randomBoundary(view)
                try view.replace(start: min(lower, upper), length: abs(upper - lower), with: random.randomText())
            case 3:
                let lower = randomBoundary(view)
                try document.replace(
                    start: lower, length: 0, in: view.unit, with: random.randomText(), cause: .external)
            case 4 where !composingElsewhere:
                let text = random.randomText(maxPieces: 2)
                try view.setMarkedText(
                    text, selectedStart: text.count(in: view.unit), selectedLength: 0,
                    segments: [
                        MarkedSegment(
                            range: UnitRange(start: 0, length: text.count(in: view.unit), unit: view.unit),
                            style: .underline)
                    ])
            case 5:
                view.unmarkText()
            case 6:
                view.discardMarkedText()
            default:
                if !view.canUndo || composingElsewhere || view.markedRange != nil { break }
                do {
                    try view.undo()
                } catch {
                    // Only refused when another view changed the text this step would revert.
                    #expect(error.code == .invalidState, "\(context)")
                }
            }
            // Replay every record from the first text, in every unit.
            for unit in OffsetUnit.allCases {
                var elements = initialText.elements(in: unit)
                for record in records {
                    let lower = record.start(in: unit)
                    elements.replaceSubrange(
                        lower..<(lower + record.oldLength(in: unit)), with: record.newText(in: unit).elements(in: unit))
                }
                #expect(elements == document.text.elements(in: unit), "\(context) replay in \(unit)")
            }
            #expect(records.enumerated().allSatisfy { $0.element.revision == UInt64($0.offset + 1) }, "\(context)")
            #expect(document.revision == UInt64(records.count), "\(context)")
            for view in views {
                if let marked = view.markedRange, let markedText = view.markedText {
                    let shown = try view.text(start: marked.start, length: marked.length)
                    if view.unit == .graphemes {
                        // Widened to whole clusters when the marked text joins a neighbour.
                        #expect(shown.unicodeScalars.count >= markedText.unicodeScalars.count, "\(context)")
                    } else {
                        #expect(shown == markedText, "\(context)")
                    }
                    #expect(document.composingViewID == view.id, "\(context)")
                }
                if let selection = view.selection {
                    #expect(
                        try view.isGraphemeBoundary(selection.anchor) && view.isGraphemeBoundary(selection.head),
                        "\(context)")
                }
            }
            if !document.isComposing { #expect(document.queuedTickets.isEmpty, "\(context)") }
        }
    }
}
