import InkstoneLayout
import InkstoneText

/// The geometry queries, offsets validated like every other call
/// (`InvalidRange` outside the text or inside a grapheme cluster) and points
/// checked to be finite. Answers are in screen coordinates when a window
/// geometry is set, else in window coordinates; points are read in the same space.
extension InputContext {
    /// The caret rectangle at `position` (width 0).
    public func caretRect(at position: Int) throws(InkstoneError) -> LayoutRect {
        try checkPosition(position, what: "position")
        if let caret = clientCaretRect(at: position) { return caret }
        return toScreen(try currentLayout().caretRect(at: position))
    }

    /// The rect of the first line the range touches and the part of the range it covers.
    public func firstRect(start: Int, length: Int) throws(InkstoneError) -> (rect: LayoutRect, start: Int, length: Int)
    {
        try checkRange(start: start, length: length)
        // The client's caret covers none of the range.
        if let caret = clientCaretRect(at: start) { return (caret, start, 0) }
        let answer = try currentLayout().firstRect(start: start, length: length)
        return (toScreen(answer.rect), answer.actualStart, answer.actualLength)
    }

    /// One rect per visual line the range touches.
    public func selectionRects(start: Int, length: Int) throws(InkstoneError) -> [SelectionRect] {
        try checkRange(start: start, length: length)
        return try currentLayout().selectionRects(start: start, length: length).map { rect in
            var mapped = rect
            mapped.rect = toScreen(rect.rect)
            return mapped
        }
    }

    /// The grapheme boundary nearest to the point.
    public func closestPosition(x: Double, y: Double) throws(InkstoneError) -> Int {
        let point = try toWindow(x: x, y: y)
        return try currentLayout().closestPosition(x: point.x, y: point.y)
    }

    /// The grapheme boundary nearest to the point, within the range.
    public func closestPosition(x: Double, y: Double, start: Int, length: Int) throws(InkstoneError) -> Int {
        try checkRange(start: start, length: length)
        let point = try toWindow(x: x, y: y)
        return try currentLayout().closestPosition(x: point.x, y: point.y, start: start, length: length)
    }

    /// The grapheme under the point, nil outside the text.
    public func characterRange(x: Double, y: Double) throws(InkstoneError) -> (start: Int, length: Int)? {
        let point = try toWindow(x: x, y: y)
        return try currentLayout().characterRange(x: point.x, y: point.y)
    }

    /// The offset of the grapheme under the point, −1 outside the text.
    public func characterIndex(x: Double, y: Double) throws(InkstoneError) -> Int {
        try characterRange(x: x, y: y)?.start ?? -1
    }

    /// The rect a candidate window aligns to: the first line of the marked
    /// text, else the caret (the selection's start).
    public func candidateAnchor() throws(InkstoneError) -> LayoutRect {
        if let marked = view.markedRange { return try firstRect(start: marked.start, length: marked.length).rect }
        return try caretRect(at: view.selectedRange?.start ?? 0)
    }

    /// Checks a position for a geometry query (InvalidRange outside the text or inside a grapheme).
    public func validateGeometryPosition(_ position: Int) throws(InkstoneError) {
        try checkPosition(position, what: "position")
    }

    /// Checks a range for a geometry query (InvalidRange outside the text or splitting a grapheme).
    public func validateGeometryRange(start: Int, length: Int) throws(InkstoneError) {
        try checkRange(start: start, length: length)
    }

    private func checkPosition(_ position: Int, what: String) throws(InkstoneError) {
        _ = try view.document.storage.utf8Offset(of: position, in: unit, requireGraphemeBoundary: true, what: what)
    }

    private func checkRange(start: Int, length: Int) throws(InkstoneError) {
        _ = try view.document.storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
    }

    /// A window rect (as a geometry provider answers) in the answer space.
    public func screenRect(_ rect: LayoutRect) -> LayoutRect { toScreen(rect) }

    /// A layout rect in the answer space.
    func toScreen(_ rect: LayoutRect) -> LayoutRect {
        geometry.window?.toScreen(rect) ?? rect
    }

    private func toWindow(x: Double, y: Double) throws(InkstoneError) -> (x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { throw .invalidArgument("point (\(x), \(y)) must be finite") }
        return geometry.window?.toWindow(x: x, y: y) ?? (x, y)
    }
}
