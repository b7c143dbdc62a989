import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random edit scripts (seeded, the seed is the property's input and is
/// printed on failure) checked against a plain `String` model.
@Suite("Random edit scripts")
struct PropertyTests {
    @Test func editsAgreeWithAStringModel() async {
        await propertyCheck(count: 80, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkEditScript(seed: seed)
        }
    }

    @Test func undoAllRestoresAndRedoAllReapplies() async {
        await propertyCheck(count: 80, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkUndoScript(seed: seed)
        }
    }

    // MARK: Edit scripts

    static func checkEditScript(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var model = random.randomText(maxPieces: 8)
        let document = Document(text: model)
        let views = OffsetUnit.allCases.map { document.makeView(unit: $0) }
        for view in views {
            let lower = Int.random(in: 0...model.count, using: &random)
            let upper = Int.random(in: lower...model.count, using: &random)
            try view.setSelection(
                anchor: model.offset(ofGrapheme: lower, in: view.unit),
                head: model.offset(ofGrapheme: upper, in: view.unit))
        }
        for step in 0..<30 {
            let context = "seed \(seed) step \(step)"
            let view = views.randomElement(using: &random) ?? views[0]
            let unit = view.unit
            let lowerGrapheme = Int.random(in: 0...model.count, using: &random)
            let upperGrapheme = Int.random(in: lowerGrapheme...min(model.count, lowerGrapheme + 3), using: &random)
            let start = model.offset(ofGrapheme: lowerGrapheme, in: unit)
            let end = model.offset(ofGrapheme: upperGrapheme, in: unit)
            let newText = random.randomText()
            let editUTF8 =
                model.offset(ofGrapheme: lowerGrapheme, in: .utf8)..<model.offset(ofGrapheme: upperGrapheme, in: .utf8)

            // Anchors at random grapheme boundaries, with random bias.
            let anchors = (0..<4).map { _ in
                let utf8Offset = model.offset(ofGrapheme: Int.random(in: 0...model.count, using: &random), in: .utf8)
                return document.makeAnchor(utf8Offset: utf8Offset, bias: Bool.random(using: &random) ? .left : .right)
            }
            let anchorOffsetsBefore = anchors.map(\.utf8Offset)
            let before = model
            let revision = document.revision

            let result = try view.replace(start: start, length: end - start, with: newText)
            model.replaceSubrange(
                model.index(
                    model.startIndex, offsetBy: lowerGrapheme)..<model.index(model.startIndex, offsetBy: upperGrapheme),
                with: newText)

            // Text and counts in every unit.
            #expect(document.text.utf8.elementsEqual(model.utf8), "\(context)")
            for unit in OffsetUnit.allCases {
                #expect(document.storage.count(in: unit) == model.count(in: unit), "\(context) \(unit)")
            }
            // One record, replayable in every unit.
            #expect(document.revision == revision + 1, "\(context)")
            let records = result.changeRecords
            #expect(records.count == 1, "\(context)")
            if let record = records.first {
                #expect(record.revision == document.revision)
                for unit in OffsetUnit.allCases {
                    var elements = before.elements(in: unit)
                    let lower = record.start(in: unit)
                    elements.replaceSubrange(
                        lower..<(lower + record.oldLength(in: unit)), with: record.newText(in: unit).elements(in: unit))
                    #expect(elements == model.elements(in: unit), "\(context) replay in \(unit)")
                    #expect(
                        record.newText(in: unit).count(in: unit) == record.newLength(in: unit), "\(context) \(unit)")
                }
            }
            // Anchors stay with their characters.
            for (anchor, offsetBefore) in zip(anchors, anchorOffsetsBefore) {
                let isBefore =
                    offsetBefore < editUTF8.lowerBound || (offsetBefore == editUTF8.lowerBound && anchor.bias == .left)
                let isAfter =
                    offsetBefore > editUTF8.upperBound
                    || (offsetBefore == editUTF8.upperBound && (!editUTF8.isEmpty || anchor.bias == .right))
                if isBefore {
                    #expect(anchor.utf8Offset == offsetBefore, "\(context) anchor before the edit")
                } else if isAfter {
                    #expect(
                        model.utf8.suffix(model.utf8.count - anchor.utf8Offset).elementsEqual(
                            before.utf8.suffix(before.utf8.count - offsetBefore)), "\(context) anchor after the edit")
                } else {
                    #expect(
                        anchor.utf8Offset == editUTF8.lowerBound
                            || anchor.utf8Offset == editUTF8.lowerBound + newText.utf8.count,
                        "\(context) anchor in the edit")
                }
            }
            try checkOffsets(document: document, model: model, random: &random, context: context)
            // Selections stay inside and on grapheme boundaries.
            for view in views {
                guard let selection = view.selection else { continue }
                for end in [selection.anchor, selection.head] {
                    #expect(end >= 0 && end <= view.length, "\(context) \(view.unit)")
                    #expect(try view.isGraphemeBoundary(end), "\(context) \(view.unit) selection \(selection)")
                }
            }
        }
    }

    /// Offsets round-trip in every unit, at grapheme and at scalar boundaries.
    static func checkOffsets(document: Document, model: String, random: inout SplitMix64, context: String) throws {
        let storage = document.storage
        for _ in 0..<4 {
            let grapheme = Int.random(in: 0...model.count, using: &random)
            let utf8Offset = model.offset(ofGrapheme: grapheme, in: .utf8)
            for unit in OffsetUnit.allCases {
                let offset = model.offset(ofGrapheme: grapheme, in: unit)
                #expect(
                    try storage.utf8Offset(of: offset, in: unit, requireGraphemeBoundary: true) == utf8Offset,
                    "\(context) \(unit)")
                #expect(storage.offset(ofUTF8: utf8Offset, in: unit) == offset, "\(context) \(unit)")
            }
            let scalar = Int.random(in: 0...model.unicodeScalars.count, using: &random)
            let index = model.unicodeScalars.index(model.unicodeScalars.startIndex, offsetBy: scalar)
            for unit in [OffsetUnit.utf8, .utf16, .scalars] {
                let offset = model.offset(of: index, in: unit)
                #expect(try storage.convert(offset, from: unit, to: .scalars) == scalar, "\(context) \(unit)")
            }
            let view = document.makeView(unit: .utf16)
            let a = model.offset(ofGrapheme: grapheme, in: .utf16)
            let b = model.offset(ofGrapheme: Int.random(in: 0...model.count, using: &random), in: .utf16)
            #expect(try view.position(from: a, offset: view.offset(from: a, to: b)) == b, "\(context)")
        }
    }

    // MARK: Undo scripts

    static func checkUndoScript(seed: UInt64, trace: Bool = false) throws {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock()
        let document = Document(text: random.randomText(maxPieces: 6))
        let unit = OffsetUnit.allCases.randomElement(using: &random) ?? .utf16
        let view = document.makeView(unit: unit, undo: clock.undoConfiguration(levelLimit: 10_000))
        func randomPosition() -> Int {
            let text = document.text
            return text.offset(ofGrapheme: Int.random(in: 0...text.count, using: &random), in: unit)
        }
        try view.setSelection(anchor: randomPosition(), head: randomPosition())
        let originalText = document.text
        var originalSelection: TextSelection?
        for _ in 0..<25 {
            let selectionBefore = view.selection
            let hadUndo = view.canUndo
            let operation = Int.random(in: 0..<6, using: &random)
            if trace {
                print(
                    "op \(operation) text \(Array(document.text.unicodeScalars).map { String($0.value, radix: 16) }) sel \(String(describing: view.selection)) undo \(view.undoLevelCount)"
                )
            }
            switch operation {
            case 0, 1:
                try view.insertText(random.randomText(maxPieces: 2))
            case 2:
                try view.deleteBackward()
            case 3:
                let lower = randomPosition()
                let upper = randomPosition()
                try view.setSelection(anchor: min(lower, upper), head: max(lower, upper))
            case 4:
                let lower = randomPosition()
                let upper = randomPosition()
                let cause: EditCause = Bool.random(using: &random) ? .typing : .programmatic
                try view.replace(
                    start: min(lower, upper), length: abs(upper - lower), with: random.randomText(), cause: cause)
            default:
                let pieces = (0..<3).map { _ in random.randomText(maxPieces: 2) }
                for piece in pieces {
                    try view.setMarkedText(piece, selectedStart: piece.count(in: unit), selectedLength: 0)
                }
                if Bool.random(using: &random) { view.unmarkText() } else { view.discardMarkedText() }
            }
            if !hadUndo, view.canUndo { originalSelection = selectionBefore }
            clock.advance(by: Double.random(in: 0...1.5, using: &random))
        }
        let finalText = document.text
        while view.canUndo {
            if trace {
                print(
                    "undo: text \(Array(document.text.unicodeScalars).map { String($0.value, radix: 16) }) sel \(String(describing: view.selection))"
                )
            }
            try view.undo()
        }
        #expect(document.text.utf8.elementsEqual(originalText.utf8), "seed \(seed): undo all")
        if let originalSelection {
            #expect(view.selection == originalSelection, "seed \(seed): selection after undo all")
        }
        while view.canRedo { try view.redo() }
        #expect(document.text.utf8.elementsEqual(finalText.utf8), "seed \(seed): redo all")
    }
}
