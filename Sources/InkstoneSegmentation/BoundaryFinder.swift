/// Finds the boundaries of one granularity around a position, reading only the
/// text near it.
protocol BoundaryFinder {
    /// The first boundary after `utf16Offset`, and whether the segment ending there
    /// is a unit of the granularity.
    func following(_ utf16Offset: Int) -> (utf16Offset: Int, segmentIsUnit: Bool)?
    /// The last boundary before `utf16Offset`.
    func preceding(_ utf16Offset: Int) -> Int?
    /// Whether `utf16Offset` is a boundary.
    func isBoundary(_ utf16Offset: Int) -> Bool
}

extension BreakIterator: BoundaryFinder {}

extension BoundaryFinder {
    /// The segment that contains the code unit at `utf16Offset` (which must be inside
    /// the text), and whether it is a unit.
    func segment(containingUnitAt utf16Offset: Int) -> (range: Range<Int>, isUnit: Bool)? {
        guard let end = following(utf16Offset) else { return nil }
        let start = preceding(end.utf16Offset) ?? 0
        return (start..<end.utf16Offset, end.segmentIsUnit)
    }
}
