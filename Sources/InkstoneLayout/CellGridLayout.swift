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
        /// Length in the unit, without the separator.
        var unitLength: Int
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
        let scanned = ParagraphScan.scan(text, utf8Range: 0..<text.utf8.count, unit: unit, columns: grid.columns)
        paragraphs = measure(scanned, startOffset: 0, firstRow: 0)
        cache = Array(repeating: nil, count: paragraphs.count)
        let last = paragraphs[paragraphs.count - 1]
        totalRows = last.firstRow + last.rowCount
        textLength = last.startOffset + last.unitLength
    }

    /// Lays out `text`, the text of `previous` with the UTF-8 range
    /// `changedUTF8Range` of it replaced by `newUTF8Length` bytes, reusing
    /// the paragraphs the change did not touch (those before it keep their
    /// cached caret stops; those after it are shifted and laid out again on use).
    public init(updating previous: CellGridLayout, text: String, changedUTF8Range: Range<Int>, newUTF8Length: Int) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        grid = previous.grid
        unit = previous.unit
        let old = previous.paragraphs
        // The paragraphs the change touches, and one more on each side (an
        // edit next to a separator can merge CR and LF).
        let first = max(previous.paragraphIndex { $0.utf8Start <= changedUTF8Range.lowerBound } - 1, 0)
        let last = min(previous.paragraphIndex { $0.utf8Start <= changedUTF8Range.upperBound } + 1, old.count - 1)
        let utf8Delta = newUTF8Length - changedUTF8Range.count
        let oldRegionEnd = last + 1 < old.count ? old[last + 1].utf8Start : previous.text.utf8.count
        var scanned = ParagraphScan.scan(
            text, utf8Range: old[first].utf8Start..<(oldRegionEnd + utf8Delta), unit: unit, columns: grid.columns)
        if last + 1 < old.count { scanned.dropLast() }  // the region ends where paragraph last + 1 starts
        let region = measure(scanned, startOffset: old[first].startOffset, firstRow: old[first].firstRow)
        let regionEnd =
            region.last.map { $0.startOffset + $0.unitLength + $0.separatorLength } ?? old[first].startOffset
        let regionRows = region.last.map { $0.firstRow + $0.rowCount } ?? old[first].firstRow
        var merged = Array(old[..<first]) + region
        var newCache = Array(previous.cache[..<first]) + Array(repeating: nil, count: region.count)
        if last + 1 < old.count {
            let offsetDelta = regionEnd - old[last + 1].startOffset
            let rowDelta = regionRows - old[last + 1].firstRow
            for var paragraph in old[(last + 1)...] {
                paragraph.utf8Start += utf8Delta
                paragraph.utf8End += utf8Delta
                paragraph.startOffset += offsetDelta
                paragraph.firstRow += rowDelta
                merged.append(paragraph)
            }
            newCache += Array(repeating: nil, count: old.count - last - 1)
        }
        paragraphs = merged
        cache = newCache
        let final = merged[merged.count - 1]
        totalRows = final.firstRow + final.rowCount
        textLength = final.startOffset + final.unitLength
    }

    /// Gives scanned paragraphs their offsets, lengths and rows (laying out
    /// those whose rows the scan could not tell).
    private func measure(_ scanned: ParagraphScan, startOffset: Int, firstRow: Int) -> [Paragraph] {
        var offset = startOffset
        var row = firstRow
        var measured = scanned.paragraphs
        for number in measured.indices {
            measured[number].startOffset = offset
            measured[number].firstRow = row
            if let rows = scanned.knownRows[number] {
                measured[number].rowCount = rows
            } else {
                let counted = layOut(measured[number], recording: false)
                measured[number].rowCount = counted.rowCount
                measured[number].unitLength = counted.unitLength
            }
            row += measured[number].rowCount
            offset += measured[number].unitLength + measured[number].separatorLength
        }
        return measured
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
    func paragraphIndex(_ isAtOrBefore: (Paragraph) -> Bool) -> Int {
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
