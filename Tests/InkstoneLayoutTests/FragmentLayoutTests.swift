import InkstoneLayout
import Testing

/// Two pushed lines of proportional text: "Hello " at y 0 and "world" at y 18.
func makeFragments() throws -> FragmentLayout {
    try FragmentLayout(
        lines: [
            VisualLine(
                start: 0, end: 6, rect: LayoutRect(x: 5, y: 0, width: 40, height: 18),
                boundaryOffsets: [0, 1, 2, 3, 4, 5, 6], caretXs: [5, 14, 20, 24, 28, 36, 45]),
            VisualLine(
                start: 6, end: 11, rect: LayoutRect(x: 5, y: 18, width: 35, height: 18),
                boundaryOffsets: [6, 7, 8, 9, 10, 11], caretXs: [5, 16, 24, 29, 33, 40]),
        ], textLength: 11)
}

@Suite struct FragmentLayoutTests {
    @Test func caretsComeFromThePushedPositions() throws {
        let layout = try makeFragments()
        #expect(layout.caretRect(at: 1) == LayoutRect(x: 14, y: 0, width: 0, height: 18))
        #expect(layout.caretRect(at: 6) == LayoutRect(x: 5, y: 18, width: 0, height: 18))
        #expect(layout.caretRect(at: 11) == LayoutRect(x: 40, y: 18, width: 0, height: 18))
    }

    @Test func rangesSplitAtThePushedLines() throws {
        let layout = try makeFragments()
        let rects = layout.selectionRects(start: 3, length: 5)
        #expect(
            rects.map(\.rect) == [
                LayoutRect(x: 24, y: 0, width: 21, height: 18), LayoutRect(x: 5, y: 18, width: 19, height: 18),
            ])
        let first = layout.firstRect(start: 3, length: 5)
        #expect(first.actualStart == 3 && first.actualLength == 3)
    }

    @Test func pointsMapToTheNearestStop() throws {
        let layout = try makeFragments()
        #expect(layout.closestPosition(x: 15, y: 5) == 1)
        #expect(layout.closestPosition(x: 30, y: 30) == 9)
        #expect(layout.closestPosition(x: 30, y: 300) == 9)
        #expect(layout.closestPosition(x: 30, y: 30, start: 0, length: 4) == 4)
        #expect(layout.characterRange(x: 17, y: 20)! == (7, 1))
    }

    @Test func inconsistentFragmentsAreRejected() {
        let rect = LayoutRect(x: 0, y: 0, width: 1, height: 1)
        #expect(throws: LayoutError.self) {
            try FragmentLayout(
                lines: [VisualLine(start: 0, end: 1, rect: rect, boundaryOffsets: [0, 1], caretXs: [0])], textLength: 1)
        }
        #expect(throws: LayoutError.self) {
            try FragmentLayout(
                lines: [VisualLine(start: 0, end: 4, rect: rect, boundaryOffsets: [0, 4], caretXs: [0, 1])],
                textLength: 3)
        }
        #expect(throws: LayoutError.self) { try FragmentLayout(lines: [], textLength: 0) }
    }

    @Test func windowGeometryMapsBothWays() throws {
        let window = try WindowGeometry(originX: 1000, originY: 500, scale: 2)
        #expect(
            window.toScreen(LayoutRect(x: 10, y: 20, width: 3, height: 4))
                == LayoutRect(x: 1020, y: 540, width: 6, height: 8))
        let point = window.toWindow(x: 1020, y: 540)
        #expect(point.x == 10 && point.y == 20)
        #expect(throws: LayoutError.self) { try WindowGeometry(originX: 0, originY: 0, scale: 0) }
    }
}
