/// The geometry queries of UITextInput / NSTextInputClient, answered from
/// visual lines. Offsets are assumed valid (the service checks them first);
/// rects and points are in the layout's (window) coordinates.
extension LineStore {
    /// The caret rectangle at `offset` (width 0, the line's height).
    public func caretRect(at offset: Int) -> LayoutRect {
        let line = line(at: lineIndex(containing: offset))
        return LayoutRect(x: line.caretX(at: offset), y: line.rect.y, width: 0, height: line.rect.height)
    }

    /// The rectangle of the first line the range touches, and the part of
    /// the range that line covers (start, length).
    public func firstRect(start: Int, length: Int) -> (rect: LayoutRect, actualStart: Int, actualLength: Int) {
        guard length > 0 else { return (caretRect(at: start), start, 0) }
        let end = start + length
        let line = line(at: lineIndex(containing: start))
        let actualEnd = min(end, line.end)
        return (span(of: line, from: start, to: actualEnd), start, actualEnd - start)
    }

    /// One rectangle per visual line the range touches (never one bounding box).
    public func selectionRects(start: Int, length: Int) -> [SelectionRect] {
        let end = start + length
        var rects: [SelectionRect] = []
        var lineIndex = lineIndex(containing: start)
        while lineIndex < lineCount {
            let line = line(at: lineIndex)
            let isLast = end <= line.end || lineIndex == lineCount - 1
            rects.append(
                SelectionRect(
                    rect: span(of: line, from: max(start, line.start), to: min(end, line.end)),
                    containsStart: rects.isEmpty, containsEnd: isLast))
            if isLast { break }
            lineIndex += 1
        }
        return rects
    }

    /// The grapheme boundary nearest to the point.
    public func closestPosition(x: Double, y: Double) -> Int {
        let line = line(at: lineIndex(nearestY: y))
        return line.boundaryOffsets[line.nearestStop(toX: x)]
    }

    /// The grapheme boundary nearest to the point, clamped into the range.
    public func closestPosition(x: Double, y: Double, start: Int, length: Int) -> Int {
        min(max(closestPosition(x: x, y: y), start), start + length)
    }

    /// The grapheme under the point (start, length), nil outside the text.
    public func characterRange(x: Double, y: Double) -> (start: Int, length: Int)? {
        let line = line(at: lineIndex(nearestY: y))
        guard line.containsY(y) else { return nil }
        let stops = line.caretXs
        for stop in 0..<max(stops.count - 1, 0) {
            let left = min(stops[stop], stops[stop + 1])
            let right = max(stops[stop], stops[stop + 1])
            if x >= left, x < right {
                let start = line.boundaryOffsets[stop]
                return (start, line.boundaryOffsets[stop + 1] - start)
            }
        }
        return nil
    }

    /// The offset of the grapheme under the point, −1 outside the text (as NSNotFound).
    public func characterIndex(x: Double, y: Double) -> Int {
        characterRange(x: x, y: y)?.start ?? -1
    }

    /// The part of `line` between two offsets, as a rectangle on that line.
    private func span(of line: VisualLine, from start: Int, to end: Int) -> LayoutRect {
        let startX = line.caretX(at: start)
        let endX = line.caretX(at: end)
        return LayoutRect(
            x: min(startX, endX), y: line.rect.y, width: abs(endX - startX), height: line.rect.height)
    }
}
