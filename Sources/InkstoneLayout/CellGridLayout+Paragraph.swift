import InkstoneSegmentation

extension CellGridLayout {
    /// Lays out one paragraph grapheme by grapheme: wraps at `columns` (a
    /// grapheme never splits), runs tabs to the next stop. Without
    /// `recording` it only counts rows and the paragraph's length in the unit.
    func layOut(
        _ paragraph: Paragraph, recording: Bool
    ) -> (rowCount: Int, unitLength: Int, lines: [VisualLine]) {
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: paragraph.utf8Start)
        let end = utf8.index(utf8.startIndex, offsetBy: paragraph.utf8End)
        var offset = paragraph.startOffset
        var column = 0
        var rowCount = 1
        var lines: [VisualLine] = []
        var stops: [Int] = recording ? [offset] : []
        var caretXs: [Double] = recording ? [grid.originX] : []
        func finishRow() {
            let y = grid.originY + Double(paragraph.firstRow + rowCount - 1) * grid.cellHeight
            let rect = LayoutRect(
                x: grid.originX, y: y, width: Double(column) * grid.cellWidth, height: grid.cellHeight)
            lines.append(VisualLine(start: stops[0], end: offset, rect: rect, boundaryOffsets: stops, caretXs: caretXs))
        }
        while index < end {
            // One grapheme: an ASCII byte not followed by a non-ASCII one
            // stands alone; anything else goes through Character.
            let byte = utf8[index]
            let afterByte = utf8.index(after: index)
            let next: String.Index
            var cells: Int
            let unitLength: Int
            if byte < 0x80, afterByte == end || utf8[afterByte] < 0x80 {
                next = afterByte
                cells = Self.asciiCells(byte, column: column, grid: grid)
                unitLength = 1
            } else {
                let character = text[index]
                next = text.index(after: index)
                cells = cellWidth(ofGrapheme: String(character), ambiguousWide: grid.ambiguousWide)
                unitLength = unit.length(of: character)
            }
            if column + cells > grid.columns, column > 0 {
                if recording {
                    finishRow()
                    stops = [offset]
                    caretXs = [grid.originX]
                }
                rowCount += 1
                column = 0
                if byte == 0x09 { cells = Self.asciiCells(byte, column: 0, grid: grid) }
            }
            column += cells
            offset += unitLength
            index = next
            if recording {
                stops.append(offset)
                caretXs.append(grid.originX + Double(column) * grid.cellWidth)
            }
        }
        if recording { finishRow() }
        return (rowCount, offset - paragraph.startOffset, lines)
    }

    /// The cells of an ASCII grapheme at `column`: tabs run to the next stop
    /// (never past the row), printable characters take 1, controls 0.
    @inline(__always)
    static func asciiCells(_ byte: UInt8, column: Int, grid: CellGrid) -> Int {
        if byte == 0x09 { return max(min(grid.tabWidth - column % grid.tabWidth, grid.columns - column), 1) }
        return byte >= 0x20 && byte < 0x7F ? 1 : 0
    }
}

/// The byte scan that splits a text into paragraphs at line separators
/// (LF, VT, FF, CR, CRLF, NEL, LS, PS), measuring each in the unit and
/// settling its row count when that needs no layout: plain printable ASCII
/// wraps every `columns` bytes, and a line without tabs whose scalars fit
/// twice in a row cannot wrap (no grapheme takes more than 2 cells).
struct ParagraphScan {
    /// The paragraphs (start offsets and rows are filled in by the layout;
    /// the length in the unit is unknown, 0, for graphemes).
    var paragraphs: [CellGridLayout.Paragraph] = []
    /// Each paragraph's row count when the scan could tell it.
    var knownRows: [Int?] = []

    /// Scans `utf8Range` of `text` (contiguous UTF-8); the last paragraph ends at the range's end.
    static func scan(_ text: String, utf8Range: Range<Int>, unit: LayoutUnit, columns: Int) -> ParagraphScan {
        var scan = ParagraphScan()
        let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            scan.run(bytes, utf8Range: utf8Range, unit: unit, columns: columns)
        }
        if scanned == nil {
            Array(text.utf8).withUnsafeBufferPointer {
                scan.run($0, utf8Range: utf8Range, unit: unit, columns: columns)
            }
        }
        return scan
    }

    /// Forgets the last paragraph.
    mutating func dropLast() {
        paragraphs.removeLast()
        knownRows.removeLast()
    }

    private mutating func run(
        _ allBytes: UnsafeBufferPointer<UInt8>, utf8Range: Range<Int>, unit: LayoutUnit, columns: Int
    ) {
        let bytes = UnsafeBufferPointer(rebasing: allBytes[..<utf8Range.upperBound])
        var start = utf8Range.lowerBound
        var position = utf8Range.lowerBound
        var units = 0
        var scalars = 0
        var isPrintableASCII = true
        var hasTab = false
        while position <= bytes.count {
            let separatorBytes = position == bytes.count ? 0 : Self.separatorLength(bytes, at: position)
            if separatorBytes > 0 || position == bytes.count {
                let separatorUnits: Int
                switch unit {
                case .utf8: separatorUnits = separatorBytes
                case .utf16, .scalars:
                    separatorUnits = separatorBytes == 2 && bytes[position] == 0x0D ? 2 : min(separatorBytes, 1)
                case .graphemes: separatorUnits = min(separatorBytes, 1)
                }
                paragraphs.append(
                    CellGridLayout.Paragraph(
                        utf8Start: start, utf8End: position, startOffset: 0, unitLength: units,
                        separatorLength: separatorUnits))
                if unit == .graphemes || hasTab {
                    knownRows.append(nil)
                } else if isPrintableASCII {
                    knownRows.append(max(1, (units + columns - 1) / columns))
                } else {
                    knownRows.append(scalars * 2 <= columns ? 1 : nil)
                }
                if position == bytes.count { break }
                position += separatorBytes
                start = position
                units = 0
                scalars = 0
                isPrintableASCII = true
                hasTab = false
                continue
            }
            let byte = bytes[position]
            if byte < 0x80 {
                units += 1
                scalars += 1
                if byte == 0x09 {
                    hasTab = true
                } else if byte < 0x20 || byte == 0x7F {
                    isPrintableASCII = false
                }
            } else {
                isPrintableASCII = false
                let isLead = byte >= 0xC0
                if isLead { scalars += 1 }
                switch unit {
                case .utf8: units += 1
                case .utf16: units += isLead ? (byte >= 0xF0 ? 2 : 1) : 0
                case .scalars: units += isLead ? 1 : 0
                case .graphemes: break
                }
            }
            position += 1
        }
    }

    /// The bytes of the line separator at `position`, 0 if there is none.
    @inline(__always)
    private static func separatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        switch bytes[position] {
        case 0x0A, 0x0B, 0x0C:
            return 1
        case 0x0D:
            return position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
        case 0xC2:
            return position + 1 < bytes.count && bytes[position + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard position + 2 < bytes.count, bytes[position + 1] == 0x80 else { return 0 }
            return bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9 ? 3 : 0
        default:
            return 0
        }
    }
}
