import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random edit scripts at the end of large texts (many rope nodes): compositions replaced
/// at the end, commits, edits reaching back across the last few dozen bytes, long pastes,
/// edits far from the end and undo, with pieces that join their neighbours (combining
/// marks, emoji ZWJ sequences, flags, Hangul jamo). After every step the text, every
/// count and reads of every kind near the end (and a few elsewhere) are compared with a
/// flat `String` model.
@Suite("Random edits at the end of large texts")
struct ComposingTailPropertyTests {
    @Test func endEditsAgreeWithAStringModel() async {
        await propertyCheck(count: 10, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkEndScript(seed: seed)
        }
    }

    /// What compositions at the end are made of, besides ``textPieces``.
    static let endPieces: [String] = [
        "ㅎ", "하", "한", "한ㄱ", "그", "글", " ", "ᄒ", "ᅡ", "ᆫ", "ᄀ\u{1161}\u{11A8}", "e", "\u{301}", "\u{308}",
        "\u{200D}", "\u{1F469}", "\u{1F469}\u{200D}", "\u{1F3FD}", "\u{1F1EF}", "\u{1F1F5}", "\r", "\n", "😀", "a",
    ]

    static func endText(_ random: inout SplitMix64, maxPieces: Int = 3) -> String {
        let count = Int.random(in: 0...maxPieces, using: &random)
        return (0..<count).map { _ in
            Bool.random(using: &random)
                ? endPieces.randomElement(using: &random) ?? "" : textPieces.randomElement(using: &random) ?? ""
        }.joined()
    }

    static func checkEndScript(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var model = LargeTextPropertyTests.largeText(
            &random, utf8Bytes: 8_000 + Int.random(in: 0...8_000, using: &random))
        let document = Document(storage: TextStorage(pieces: [model]))
        let views = OffsetUnit.allCases.map { document.makeView(unit: $0) }
        for step in 0..<40 {
            let context = "seed \(seed) step \(step)"
            let view = views.randomElement(using: &random) ?? views[0]
            let before = model
            let count = model.count
            // Mostly the last clusters; sometimes anywhere.
            let reach = Int.random(in: 0..<10, using: &random) == 0 ? count : min(count, 24)
            let lower = count - Int.random(in: 0...reach, using: &random)
            let upper = Int.random(in: lower...min(count, lower + 3), using: &random)
            let text: String
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                // A paste at the end, longer than a composition.
                text = LargeTextPropertyTests.largeText(&random, utf8Bytes: Int.random(in: 20...120, using: &random))
            case 1:
                // A composition at the end, committed or not.
                let caret = model.offset(ofGrapheme: count, in: .utf16)
                try views[1].setSelectedRange(start: caret, length: 0)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let piece = endText(&random)
                    let composed = model
                    let result = try views[1].setMarkedText(piece, selectedStart: piece.utf16.count, selectedLength: 0)
                    model = document.text
                    checkReplay(result.changeRecords, before: composed, after: model, context: "\(context) marked")
                    try checkReads(document: document, model: model, random: &random, context: "\(context) marked")
                }
                if Bool.random(using: &random) { views[1].unmarkText() } else { views[1].discardMarkedText() }
                model = document.text
                try checkReads(document: document, model: model, random: &random, context: context)
                continue
            case 2:
                guard view.canUndo else { continue }
                try view.undo()
                model = document.text
                try checkReads(document: document, model: model, random: &random, context: "\(context) undo")
                continue
            default:
                text = endText(&random)
            }
            let start = model.offset(ofGrapheme: lower, in: view.unit)
            let end = model.offset(ofGrapheme: upper, in: view.unit)
            let result = try view.replace(start: start, length: end - start, with: text)
            model.replaceSubrange(
                model.index(model.startIndex, offsetBy: lower)..<model.index(model.startIndex, offsetBy: upper),
                with: text)
            #expect(document.text.utf8.elementsEqual(model.utf8), "\(context)")
            checkReplay(result.changeRecords, before: before, after: model, context: context)
            try checkReads(document: document, model: model, random: &random, context: context)
        }
    }

    /// Checks that an edit's records replay in every unit: each record, applied to the
    /// text `before` it from the widened cluster start on, gives the text `after` it.
    /// Marked text that starts inside a cluster (a joiner after an emoji) is replaced as a
    /// whole, so these edits start off the cluster boundaries too.
    static func checkReplay(_ records: [ChangeRecord], before: String, after: String, context: String) {
        for record in records {
            let common = record.start(in: .graphemes)
            guard common <= before.count, common <= after.count else {
                Issue.record("\(context): record starts at grapheme \(common), past the text")
                continue
            }
            let oldTail = String(before[before.index(before.startIndex, offsetBy: common)...])
            let newTail = String(after[after.index(after.startIndex, offsetBy: common)...])
            for unit in OffsetUnit.allCases {
                let skipped = before.count(in: unit) - oldTail.count(in: unit)
                var elements = oldTail.elements(in: unit)
                let recordStart = record.start(in: unit) - skipped
                guard recordStart >= 0, recordStart + record.oldLength(in: unit) <= elements.count else {
                    Issue.record("\(context): record outside the text in \(unit)")
                    continue
                }
                elements.replaceSubrange(
                    recordStart..<(recordStart + record.oldLength(in: unit)),
                    with: record.newText(in: unit).elements(in: unit))
                #expect(elements == newTail.elements(in: unit), "\(context) replay in \(unit)")
            }
        }
    }

    /// Every read of the storage at the scalar boundaries of the last bytes (and a few
    /// random ones elsewhere), against the model.
    static func checkReads(document: Document, model: String, random: inout SplitMix64, context: String) throws {
        let storage = document.storage
        let flat = FlatText(model)
        #expect(storage.string.utf8.elementsEqual(model.utf8), "\(context) text")
        for unit in OffsetUnit.allCases {
            #expect(storage.count(in: unit) == model.count(in: unit), "\(context) count in \(unit)")
        }
        let nearEnd = flat.positions.indices.filter { flat.positions[$0].utf8 >= model.utf8.count - 90 }
        let elsewhere = (0..<4).map { _ in Int.random(in: flat.positions.indices, using: &random) }
        for index in nearEnd + elsewhere {
            let position = flat.positions[index]
            let offset = position.utf8
            let context = "\(context) at \(offset)"
            #expect(storage.isGraphemeBoundary(utf8Offset: offset) == position.isGraphemeBoundary, "\(context)")
            #expect(storage.snapToGrapheme(utf8Offset: offset, direction: .down) == flat.graphemeFloor(offset))
            #expect(storage.snapToGrapheme(utf8Offset: offset, direction: .up) == flat.graphemeCeiling(offset))
            #expect(
                storage.snapToGraphemes(offset..<offset) == flat.graphemeFloor(offset)..<flat.graphemeCeiling(offset))
            #expect(storage.graphemeBoundary(after: offset) == flat.boundary(after: offset), "\(context) after")
            #expect(storage.graphemeBoundary(before: offset) == flat.boundary(before: offset), "\(context) before")
            let floor = flat.graphemeFloor(offset)
            #expect(
                storage.graphemeRange(containing: offset) == flat.boundary(after: floor).map { floor..<$0 },
                "\(context) range")
            for unit in OffsetUnit.allCases {
                let units = position[unit]
                #expect(storage.offset(ofUTF8: offset, in: unit) == units, "\(context) offset in \(unit)")
                if unit != .graphemes || position.isGraphemeBoundary {
                    #expect(try storage.utf8Offset(of: units, in: unit) == offset, "\(context) from \(unit)")
                }
                if unit != .graphemes {
                    let checked = try? storage.utf8Offset(of: units, in: unit, requireGraphemeBoundary: true)
                    #expect((checked != nil) == position.isGraphemeBoundary, "\(context) boundary in \(unit)")
                }
            }
            // A range from here to a random later boundary.
            let other = flat.positions[Int.random(in: index..<min(flat.positions.count, index + 120), using: &random)]
                .utf8
            #expect(storage.text(utf8Range: offset..<other) == flat.text(offset..<other), "\(context) text to \(other)")
            #expect(
                storage.graphemeBoundaries(in: offset..<other)
                    == flat.graphemeBoundaries.filter { $0 >= offset && $0 <= other }, "\(context) boundaries")
        }
        // Snapping offsets of every unit near the end (inside code points too).
        for unit in OffsetUnit.allCases {
            let total = model.count(in: unit)
            for value in max(0, total - 40)...(total + 1) {
                for direction in [SnapDirection.down, .up] {
                    for toGrapheme in [false, true] {
                        #expect(
                            storage.snap(value, in: unit, direction: direction, toGraphemeBoundary: toGrapheme)
                                == flat.snap(value, in: unit, direction: direction, toGraphemeBoundary: toGrapheme),
                            "\(context) snap \(value) in \(unit) \(direction) \(toGrapheme)")
                    }
                }
                let valid = flat.lastPositions.contains {
                    $0[unit] == value && (unit != .graphemes || $0.isGraphemeBoundary)
                }
                #expect((try? storage.utf8Offset(of: value, in: unit)) != nil || !valid, "\(context) \(value) \(unit)")
                if !valid, value <= total {
                    #expect(throws: InkstoneError.self, "\(context) \(value) in \(unit) splits a code point") {
                        try storage.utf8Offset(of: value, in: unit)
                    }
                }
            }
        }
        // The segmenters' chunks (which read the whole text as one rope).
        if Int.random(in: 0..<4, using: &random) == 0 {
            #expect(ChunkSourceTests.walk(storage) == Array(model.utf16), "\(context) chunks")
        }
        #expect(document.invariantViolations() == [], "\(context)")
    }
}

/// The answers a flat `String` gives: every scalar boundary with its offset in each unit
/// (graphemes: the clusters before it, rounded down) and whether clusters break there.
struct FlatText {
    struct Position {
        let utf8: Int
        let utf16: Int
        let scalars: Int
        let graphemes: Int
        let isGraphemeBoundary: Bool

        subscript(unit: OffsetUnit) -> Int {
            switch unit {
            case .utf8: utf8
            case .utf16: utf16
            case .scalars: scalars
            case .graphemes: graphemes
            }
        }
    }

    let bytes: [UInt8]
    let positions: [Position]
    /// The positions in the last few hundred bytes (where snapping near the end looks).
    let lastPositions: ArraySlice<Position>
    let graphemeBoundaries: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var boundaries = [0]
        for character in text { boundaries.append((boundaries.last ?? 0) + character.utf8.count) }
        var positions: [Position] = []
        var utf8 = 0
        var utf16 = 0
        var scalars = 0
        var next = 0
        for scalar in text.unicodeScalars {
            let isBoundary = next < boundaries.count && boundaries[next] == utf8
            if isBoundary { next += 1 }
            positions.append(
                Position(
                    utf8: utf8, utf16: utf16, scalars: scalars, graphemes: next - 1, isGraphemeBoundary: isBoundary))
            utf8 += scalar.utf8.count
            utf16 += scalar.utf16.count
            scalars += 1
        }
        positions.append(
            Position(
                utf8: utf8, utf16: utf16, scalars: scalars, graphemes: boundaries.count - 1, isGraphemeBoundary: true))
        self.positions = positions
        lastPositions = positions[(positions.firstIndex { $0.utf8 >= utf8 - 400 } ?? 0)...]
        graphemeBoundaries = boundaries
    }

    /// The index of the first grapheme boundary above `offset` (binary search).
    private func boundaryIndex(above offset: Int) -> Int {
        var low = 0
        var high = graphemeBoundaries.count
        while low < high {
            let middle = (low + high) / 2
            if graphemeBoundaries[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }

    func graphemeFloor(_ offset: Int) -> Int { graphemeBoundaries[boundaryIndex(above: offset) - 1] }
    func graphemeCeiling(_ offset: Int) -> Int {
        let floor = graphemeFloor(offset)
        return floor == offset ? offset : graphemeBoundaries[boundaryIndex(above: offset)]
    }
    func boundary(after offset: Int) -> Int? {
        let index = boundaryIndex(above: offset)
        return index < graphemeBoundaries.count ? graphemeBoundaries[index] : nil
    }
    func boundary(before offset: Int) -> Int? {
        offset == 0 ? nil : graphemeFloor(offset - 1)
    }

    func text(_ utf8Range: Range<Int>) -> String {
        String(decoding: bytes[utf8Range], as: UTF8.self)
    }

    /// ``TextStorage/snap(_:in:direction:toGraphemeBoundary:)`` by its definition.
    func snap(_ value: Int, in unit: OffsetUnit, direction: SnapDirection, toGraphemeBoundary: Bool) -> Int {
        let clamped = min(max(value, 0), positions.last?[unit] ?? 0)
        // Every grapheme offset names a cluster boundary.
        if unit == .graphemes { return clamped }
        let valid = lastPositions.filter { !toGraphemeBoundary || $0.isGraphemeBoundary }
        let found =
            direction == .down ? valid.last { $0[unit] <= clamped } : valid.first { $0[unit] >= clamped }
        return found?[unit] ?? clamped
    }
}
