/// Finds the boundaries of one granularity around a position, reading only the
/// text near it.
protocol BoundaryFinder {
    /// The first boundary after `utf16Offset`, and the kind of the segment ending there.
    func following(_ utf16Offset: Int) -> (utf16Offset: Int, kind: SegmentKind)?
    /// The last boundary before `utf16Offset`.
    func preceding(_ utf16Offset: Int) -> Int?
    /// Whether `utf16Offset` is a boundary.
    func isBoundary(_ utf16Offset: Int) -> Bool
}

extension BreakIterator: BoundaryFinder {}

/// What a segment between two boundaries is.
enum SegmentKind: Equatable {
    /// A unit of a granularity other than words.
    case unit
    /// A word of this kind.
    case word(WordKind)
    /// Not a unit: spaces, punctuation or symbols between words.
    case gap

    /// The kind of a word-iterator segment from ICU's rule status.
    init(wordRuleStatus: Int32) {
        self = WordKind(ruleStatus: wordRuleStatus).map { .word($0) } ?? .gap
    }

    /// Whether the segment is a unit of its granularity.
    var isUnit: Bool { self != .gap }
}

extension BoundaryFinder {
    /// The segment that contains the code unit at `utf16Offset` (which must be inside
    /// the text), and its kind.
    func segment(containingUnitAt utf16Offset: Int) -> (range: Range<Int>, kind: SegmentKind)? {
        guard let end = following(utf16Offset) else { return nil }
        let start = preceding(end.utf16Offset) ?? 0
        return (start..<end.utf16Offset, end.kind)
    }
}
