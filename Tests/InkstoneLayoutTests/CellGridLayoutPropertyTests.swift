import InkstoneLayout
import Testing

/// Seeded random texts over an alphabet that hits every path of the grid
/// layout: ASCII, tabs, controls, wide, ambiguous, combining, emoji, every line separator.
struct RandomText {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    static let pieces = [
        "a", "b", " ", "Z", "\t", "\u{1}", "世", "界", "±", "e\u{301}", "\u{301}", "👩‍👩‍👧", "❤️", "한", "\u{200B}",
        "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{B}", "abcdefghij", "日本語のテキスト",
    ]

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func text() -> String {
        (0..<next(40)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
    }
}

@Suite struct CellGridLayoutPropertyTests {
    @Test(arguments: [LayoutUnit.utf16, .utf8, .scalars, .graphemes])
    func rowsAreConsistentAndEveryCaretRoundTrips(unit: LayoutUnit) throws {
        for seed in UInt64(1)...300 {
            var random = RandomText(seed: seed)
            let text = random.text()
            let columns = 1 + random.next(12)
            let grid = try CellGrid(
                originX: 3, originY: 7, cellWidth: 10, cellHeight: 20, columns: columns, tabWidth: 1 + random.next(8))
            let layout = CellGridLayout(text: text, grid: grid, unit: unit)
            let context =
                "seed \(seed), \(unit), \(columns) columns, text \(text.unicodeScalars.map { String($0.value, radix: 16) })"
            var offsets = [0]
            for character in text { offsets.append(offsets[offsets.count - 1] + unit.length(of: character)) }
            #expect(layout.textLength == offsets[offsets.count - 1], "\(context)")
            var previousEnd = 0
            for lineIndex in 0..<layout.lineCount {
                let line = layout.line(at: lineIndex)
                #expect(line.rect.y == 7 + Double(lineIndex) * 20, "\(context), line \(lineIndex)")
                #expect(line.start == previousEnd, "\(context), line \(lineIndex)")
                #expect(line.rect.width <= Double(max(columns, 2)) * 10, "\(context), line \(lineIndex)")
                previousEnd = line.end
            }
            #expect(previousEnd == layout.textLength, "\(context)")
            // Zero-width graphemes share a caret x with their neighbour, so only
            // boundaries with a distinct x can round-trip.
            for offset in offsets {
                let caret = layout.caretRect(at: offset)
                let back = layout.closestPosition(x: caret.midX, y: caret.midY)
                #expect(layout.caretRect(at: back) == caret, "\(context), offset \(offset) came back as \(back)")
            }
        }
    }
}

@Suite struct CellGridLayoutUpdateTests {
    @Test(arguments: [LayoutUnit.utf16, .utf8, .graphemes])
    func anUpdatedLayoutEqualsAFreshOne(unit: LayoutUnit) throws {
        for seed in UInt64(1)...300 {
            var random = RandomText(seed: seed)
            let before = random.text()
            let grid = try CellGrid(
                originX: 0, originY: 0, cellWidth: 1, cellHeight: 1, columns: 1 + random.next(10), tabWidth: 4)
            let previous = CellGridLayout(text: before, grid: grid, unit: unit)
            for lineIndex in 0..<previous.lineCount where random.next(2) == 0 { _ = previous.line(at: lineIndex) }
            // Replace a random run of characters (possibly empty) with random text.
            let characters = Array(before)
            let lower = random.next(characters.count + 1)
            let upper = lower + random.next(characters.count - lower + 1)
            let inserted = random.text()
            let after = String(characters[..<lower]) + inserted + String(characters[upper...])
            let utf8Lower = String(characters[..<lower]).utf8.count
            let utf8Upper = String(characters[..<upper]).utf8.count
            let updated = CellGridLayout(
                updating: previous, text: after, changedUTF8Range: utf8Lower..<utf8Upper,
                newUTF8Length: inserted.utf8.count)
            let fresh = CellGridLayout(text: after, grid: grid, unit: unit)
            let context = "seed \(seed), \(unit): \(before.debugDescription) → \(after.debugDescription)"
            #expect(updated.textLength == fresh.textLength, "\(context)")
            #expect(updated.lineCount == fresh.lineCount, "\(context)")
            for lineIndex in 0..<min(updated.lineCount, fresh.lineCount) {
                #expect(updated.line(at: lineIndex) == fresh.line(at: lineIndex), "\(context), line \(lineIndex)")
            }
        }
    }
}
