import InkstoneSegmentation

/// Text laid out in a ``CellGrid``. Building it scans the text once for
/// hard line breaks and row counts; the caret stops of a paragraph are laid
/// out on first use and cached, so a query costs a binary search plus, at
/// most, laying out one paragraph. Build a new layout when the text changes.
///
/// Not thread-safe (its cache fills on reads).
public final class CellGridLayout: LineStore {
    /// The grid.
    public let grid: CellGrid
    /// The unit offsets are counted in.
    public let unit: LayoutUnit
    public let textLength: Int
    public var lineCount: Int { totalRows }

    private let text: String
    private var paragraphs: [Paragraph] = []
    private var cache: [[VisualLine]?]
    private var totalRows = 0

    /// A hard line: its text (without the separator) and where it sits.
    private struct Paragraph {
        var textRange: Range<String.Index>
        var startOffset: Int
        var separatorLength: Int
        var firstRow: Int
        var rowCount: Int
    }

    /// Lays out `text` in `grid`, counting offsets in `unit`.
    public init(text: String, grid: CellGrid, unit: LayoutUnit) {
        self.text = text
        self.grid = grid
        self.unit = unit
        var offset = 0
        var paragraphStart = text.startIndex
        var paragraphOffset = 0
        var index = text.startIndex
        var found: [Paragraph] = []
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let length = unit.length(of: character)
            if character.isNewline {
                found.append(Paragraph(
                    textRange: paragraphStart..<index, startOffset: paragraphOffset, separatorLength: length,
                    firstRow: 0, rowCount: 0))
                paragraphStart = next
                paragraphOffset = offset + length
            }
            offset += length
            index = next
        }
        found.append(Paragraph(
            textRange: paragraphStart..<text.endIndex, startOffset: paragraphOffset, separatorLength: 0,
            firstRow: 0, rowCount: 0))
        textLength = offset
        cache = Array(repeating: nil, count: found.count)
        var row = 0
        for number in found.indices {
            found[number].firstRow = row
            found[number].rowCount = Self.layOut(text[found[number].textRange], in: grid, unit: unit).rowCount
            row += found[number].rowCount
        }
        paragraphs = found
        totalRows = row
    }

    public func line(at lineIndex: Int) -> VisualLine {
        let number = paragraphIndex { $0.firstRow <= lineIndex }
        return rows(ofParagraph: number)[lineIndex - paragraphs[number].firstRow]
    }

    public func lineIndex(containing offset: Int) -> Int {
        let number = paragraphIndex { $0.startOffset <= offset }
        let rows = rows(ofParagraph: number)
        var row = rows.count - 1
        while row > 0, rows[row].start > offset { row -= 1 }
        return paragraphs[number].firstRow + row
    }

    public func lineIndex(nearestY y: Double) -> Int {
        let row = ((y - grid.originY) / grid.cellHeight).rounded(.down)
        guard row.isFinite, row > 0 else { return 0 }
        return row >= Double(totalRows) ? totalRows - 1 : Int(row)
    }

    /// The last paragraph for which `isAtOrBefore` holds (paragraphs are in order).
    private func paragraphIndex(_ isAtOrBefore: (Paragraph) -> Bool) -> Int {
        var low = 0
        var high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if isAtOrBefore(paragraphs[mid]) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The visual lines of one paragraph, laid out once.
    private func rows(ofParagraph number: Int) -> [VisualLine] {
        if let rows = cache[number] { return rows }
        let paragraph = paragraphs[number]
        var rows = Self.layOut(
            text[paragraph.textRange], in: grid, unit: unit, startOffset: paragraph.startOffset,
            firstRow: paragraph.firstRow
        ).lines
        if let last = rows.indices.last { rows[last].end += paragraph.separatorLength }
        cache[number] = rows
        return rows
    }

    /// Lays out one paragraph. Without `startOffset` it only counts rows.
    private static func layOut(
        _ paragraph: Substring, in grid: CellGrid, unit: LayoutUnit, startOffset: Int? = nil, firstRow: Int = 0
    ) -> (rowCount: Int, lines: [VisualLine]) {
        let recording = startOffset != nil
        var offset = startOffset ?? 0
        var column = 0
        var rowCount = 1
        var lines: [VisualLine] = []
        var stops: [Int] = recording ? [offset] : []
        var caretXs: [Double] = recording ? [grid.originX] : []
        func finishRow() {
            let y = grid.originY + Double(firstRow + rowCount - 1) * grid.cellHeight
            let width = Double(column) * grid.cellWidth
            lines.append(VisualLine(
                start: stops[0], end: offset, rect: LayoutRect(x: grid.originX, y: y, width: width, height: grid.cellHeight),
                boundaryOffsets: stops, caretXs: caretXs))
        }
        for character in paragraph {
            var cells = cellCount(of: character, column: column, grid: grid)
            if column + cells > grid.columns, column > 0 {
                if recording {
                    finishRow()
                    stops = [offset]
                    caretXs = [grid.originX]
                }
                rowCount += 1
                column = 0
                cells = cellCount(of: character, column: 0, grid: grid)
            }
            column += cells
            offset += unit.length(of: character)
            if recording {
                stops.append(offset)
                caretXs.append(grid.originX + Double(column) * grid.cellWidth)
            }
        }
        if recording { finishRow() }
        return (rowCount, lines)
    }

    /// The cells a grapheme takes at `column`: tabs run to the next stop
    /// (never past the row), others by East Asian Width.
    @inline(__always)
    private static func cellCount(of character: Character, column: Int, grid: CellGrid) -> Int {
        if let ascii = character.asciiValue {
            if ascii == 0x09 {
                return max(min(grid.tabWidth - column % grid.tabWidth, grid.columns - column), 1)
            }
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        return cellWidth(ofGrapheme: String(character), ambiguousWide: grid.ambiguousWide)
    }
}
