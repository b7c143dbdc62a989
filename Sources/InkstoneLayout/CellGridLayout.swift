import InkstoneSegmentation

/// Text laid out in a ``CellGrid``. Building it scans the UTF-8 bytes once
/// for hard line breaks and row counts (a byte scan for the common lines that
/// cannot wrap or are plain ASCII); the caret stops of a paragraph are laid
/// out on first use and cached, so a query costs a binary search plus, at
/// most, laying out one paragraph. Build a new layout when the text changes.
///
/// Not thread-safe (its cache fills on reads).
public final class CellGridLayout: LineStore {
    /// The grid.
    public let grid: CellGrid
    /// The unit offsets are counted in.
    public let unit: LayoutUnit
    public private(set) var textLength = 0
    public var lineCount: Int { totalRows }

    let text: String
    private var paragraphs: [Paragraph] = []
    private var cache: [[VisualLine]?] = []
    private var totalRows = 0

    /// A hard line: its UTF-8 range (without the separator) and where it sits.
    struct Paragraph {
        var utf8Start: Int
        var utf8End: Int
        var startOffset: Int
        var separatorLength: Int
        var firstRow = 0
        var rowCount = 1
    }

    /// Lays out `text` in `grid`, counting offsets in `unit`.
    public init(text: String, grid: CellGrid, unit: LayoutUnit) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        self.grid = grid
        self.unit = unit
        var scanned = ParagraphScan.scan(text, unit: unit, columns: grid.columns)
        var row = 0
        var offset = 0
        for number in scanned.paragraphs.indices {
            var paragraph = scanned.paragraphs[number]
            paragraph.startOffset = offset
            if let rows = scanned.knownRows[number] {
                paragraph.rowCount = rows
            } else {
                let counted = layOut(paragraph, recording: false)
                paragraph.rowCount = counted.rowCount
                scanned.unitLengths[number] = counted.unitLength
            }
            paragraph.firstRow = row
            row += paragraph.rowCount
            offset += scanned.unitLengths[number] + paragraph.separatorLength
            scanned.paragraphs[number] = paragraph
        }
        paragraphs = scanned.paragraphs
        cache = Array(repeating: nil, count: paragraphs.count)
        totalRows = row
        textLength = offset
    }

    public func line(at lineIndex: Int) -> VisualLine {
        let number = paragraphIndex { $0.firstRow <= lineIndex }
        let rows = rows(ofParagraph: number)
        return rows[min(max(lineIndex - paragraphs[number].firstRow, 0), rows.count - 1)]
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
        var rows = layOut(paragraph, recording: true).lines
        if let last = rows.indices.last { rows[last].end += paragraph.separatorLength }
        cache[number] = rows
        return rows
    }
}
