import InkstoneLayout
import Testing

/// A grid of 10×20 cells at (100, 50).
func makeGrid(columns: Int = 80, tabWidth: Int = 8, ambiguousWide: Bool = false) throws -> CellGrid {
    try CellGrid(
        originX: 100, originY: 50, cellWidth: 10, cellHeight: 20, columns: columns, tabWidth: tabWidth,
        ambiguousWide: ambiguousWide)
}

/// Every grapheme boundary of `text` in UTF-16 offsets.
func utf16Boundaries(of text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets[offsets.count - 1] + character.utf16.count) }
    return offsets
}

@Suite struct CellGridLayoutTests {
    @Test(arguments: [("世界", 4), ("👩‍👩‍👧", 2), ("e\u{301}", 1), ("ab", 2), ("❤️", 2)])
    func textTakesItsWidthInCells(text: String, cells: Int) throws {
        let layout = CellGridLayout(text: text, grid: try makeGrid(), unit: .utf16)
        let end = layout.caretRect(at: text.utf16.count)
        #expect(end.x == 100 + Double(cells) * 10)
    }

    @Test func ambiguousWidthFollowsTheGrid() throws {
        let narrow = CellGridLayout(text: "±", grid: try makeGrid(), unit: .utf16)
        let wide = CellGridLayout(text: "±", grid: try makeGrid(ambiguousWide: true), unit: .utf16)
        #expect(narrow.caretRect(at: 1).x == 110)
        #expect(wide.caretRect(at: 1).x == 120)
    }

    @Test func tabsRunToTheNextStop() throws {
        let layout = CellGridLayout(text: "ab\tc\t\td", grid: try makeGrid(tabWidth: 4), unit: .utf16)
        #expect(layout.caretRect(at: 3).x == 140)  // after the tab: column 4
        #expect(layout.caretRect(at: 4).x == 150)  // after c: column 5
        #expect(layout.caretRect(at: 5).x == 180)  // column 8
        #expect(layout.caretRect(at: 6).x == 220)  // column 12
    }

    @Test func wrappingMovesAWideGraphemeWholeToTheNextLine() throws {
        // 5 columns: "abcd" takes 4, "世" needs 2 and goes to row 1.
        let layout = CellGridLayout(text: "abcd世x", grid: try makeGrid(columns: 5), unit: .utf16)
        #expect(layout.lineCount == 2)
        #expect(layout.caretRect(at: 4) == LayoutRect(x: 100, y: 70, width: 0, height: 20))
        #expect(layout.caretRect(at: 5).x == 120)
        #expect(layout.line(at: 0).rect.width == 40)
    }

    @Test func lineSeparatorsBreakLines() throws {
        let layout = CellGridLayout(text: "ab\r\ncd\u{2028}e\n", grid: try makeGrid(), unit: .utf16)
        #expect(layout.lineCount == 4)
        #expect(layout.caretRect(at: 2) == LayoutRect(x: 120, y: 50, width: 0, height: 20))
        #expect(layout.caretRect(at: 4) == LayoutRect(x: 100, y: 70, width: 0, height: 20))
        #expect(layout.caretRect(at: 7) == LayoutRect(x: 100, y: 90, width: 0, height: 20))
        #expect(layout.caretRect(at: 9) == LayoutRect(x: 100, y: 110, width: 0, height: 20))
    }

    @Test func caretsOnEveryBoundaryOfAMixedString() throws {
        let text = "a世e\u{301}👩‍👩‍👧\tb"
        let layout = CellGridLayout(text: text, grid: try makeGrid(tabWidth: 8), unit: .utf16)
        let columns = [0, 1, 3, 4, 6, 8, 9]
        for (boundary, column) in zip(utf16Boundaries(of: text), columns) {
            #expect(layout.caretRect(at: boundary).x == 100 + Double(column) * 10, "boundary \(boundary)")
        }
    }

    @Test(arguments: [LayoutUnit.utf16, .utf8, .scalars, .graphemes])
    func closestPositionOfACaretMidpointIsThatCaret(unit: LayoutUnit) throws {
        let text = "ab世界\tx\ne\u{301}👩‍👩‍👧 wrapping line with 한국어 text\n\nend"
        let layout = CellGridLayout(text: text, grid: try makeGrid(columns: 12), unit: unit)
        var offset = 0
        var boundaries = [0]
        for character in text {
            offset += unit.length(of: character)
            boundaries.append(offset)
        }
        for boundary in boundaries where !text.isEmpty {
            let caret = layout.caretRect(at: boundary)
            #expect(layout.closestPosition(x: caret.midX, y: caret.midY) == boundary, "\(unit) boundary \(boundary)")
        }
    }

    @Test func characterRangeAtAPointInsideAGraphemesCells() throws {
        let layout = CellGridLayout(text: "a世👩‍👩‍👧", grid: try makeGrid(), unit: .utf16)
        #expect(layout.characterRange(x: 125, y: 55)! == (1, 1))  // 世 spans x 110..<130
        #expect(layout.characterRange(x: 135, y: 69)! == (2, 8))
        #expect(layout.characterIndex(x: 105, y: 60) == 0)
        #expect(layout.characterIndex(x: 200, y: 60) == -1)  // right of the text
        #expect(layout.characterIndex(x: 105, y: 10) == -1)  // above it
    }

    @Test func aRangeOverThreeLinesGivesThreeRects() throws {
        // 4 columns: rows "abcd", "efgh", "ij".
        let layout = CellGridLayout(text: "abcdefghij", grid: try makeGrid(columns: 4), unit: .utf16)
        let rects = layout.selectionRects(start: 2, length: 7)
        #expect(rects.count == 3)
        #expect(rects.map(\.containsStart) == [true, false, false])
        #expect(rects.map(\.containsEnd) == [false, false, true])
        #expect(
            rects.map(\.rect) == [
                LayoutRect(x: 120, y: 50, width: 20, height: 20),
                LayoutRect(x: 100, y: 70, width: 40, height: 20),
                LayoutRect(x: 100, y: 90, width: 10, height: 20),
            ])
        #expect(layout.selectionRects(start: 0, length: 4).count == 1)
    }

    @Test func firstRectCoversTheFirstLineAndReportsTheSubRange() throws {
        let layout = CellGridLayout(text: "abcdefghij", grid: try makeGrid(columns: 4), unit: .utf16)
        let first = layout.firstRect(start: 1, length: 6)
        #expect(first.rect == LayoutRect(x: 110, y: 50, width: 30, height: 20))
        #expect(first.actualStart == 1)
        #expect(first.actualLength == 3)
        let empty = layout.firstRect(start: 5, length: 0)
        #expect(empty.rect == LayoutRect(x: 110, y: 70, width: 0, height: 20))
        #expect(empty.actualLength == 0)
    }

    @Test func badGridsAreRejected() {
        #expect(throws: LayoutError.self) {
            try CellGrid(originX: 0, originY: 0, cellWidth: 0, cellHeight: 1, columns: 1, tabWidth: 1)
        }
        #expect(throws: LayoutError.self) {
            try CellGrid(originX: 0, originY: 0, cellWidth: 1, cellHeight: 1, columns: 0, tabWidth: 1)
        }
        #expect(throws: LayoutError.self) {
            try CellGrid(originX: .nan, originY: 0, cellWidth: 1, cellHeight: 1, columns: 1, tabWidth: 1)
        }
    }
}
