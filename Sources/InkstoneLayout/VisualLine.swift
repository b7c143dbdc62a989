/// One visual line of laid-out text: its text range, its rectangle and the
/// caret x-position at each grapheme boundary on it.
public struct VisualLine: Sendable, Equatable {
    /// Offset of the line's first grapheme.
    public var start: Int
    /// Offset where the next line starts (after a trailing line separator, if any).
    public var end: Int
    /// The line's rectangle (from its first to its last caret stop).
    public var rect: LayoutRect
    /// The caret stops: grapheme-boundary offsets in ascending order, the
    /// first is `start`, the last is the end of the line's visible text.
    public var boundaryOffsets: [Int]
    /// The caret x-position at each of `boundaryOffsets`.
    public var caretXs: [Double]

    /// A visual line; `boundaryOffsets` and `caretXs` have the same, non-zero count.
    public init(start: Int, end: Int, rect: LayoutRect, boundaryOffsets: [Int], caretXs: [Double]) {
        self.start = start
        self.end = end
        self.rect = rect
        self.boundaryOffsets = boundaryOffsets
        self.caretXs = caretXs
    }

    /// The end of the line's visible text (before a line separator).
    public var contentEnd: Int { boundaryOffsets.last ?? start }

    /// The index of the caret stop for `offset`: the last stop at or before it.
    func stopIndex(for offset: Int) -> Int {
        var low = 0
        var high = boundaryOffsets.count - 1
        guard high > 0, offset > boundaryOffsets[0] else { return 0 }
        if offset >= boundaryOffsets[high] { return high }
        while low < high {
            let mid = (low + high + 1) / 2
            if boundaryOffsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The caret x-position for `offset` (clamped into the line).
    public func caretX(at offset: Int) -> Double { caretXs[stopIndex(for: offset)] }

    /// The caret stop nearest to `x`.
    func nearestStop(toX x: Double) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (stop, caretX) in caretXs.enumerated() {
            let distance = abs(caretX - x)
            if distance < bestDistance {
                best = stop
                bestDistance = distance
            }
        }
        return best
    }

    /// Whether `y` falls within the line's height.
    func containsY(_ y: Double) -> Bool { y >= rect.y && y < rect.y + rect.height }
}

/// A source of visual lines in text order. Offsets are in the layout's unit.
public protocol LineStore: AnyObject {
    /// The text length the lines cover.
    var textLength: Int { get }
    /// The number of visual lines (at least 1 when there is a layout).
    var lineCount: Int { get }
    /// The visual line at `lineIndex` (in `0..<lineCount`).
    func line(at lineIndex: Int) -> VisualLine
    /// The index of the line holding `offset`: the last line starting at or
    /// before it (a soft-wrap boundary belongs to the line it starts).
    func lineIndex(containing offset: Int) -> Int
    /// The index of the line nearest to `y` (the one whose height holds it, else the closest).
    func lineIndex(nearestY y: Double) -> Int
}
