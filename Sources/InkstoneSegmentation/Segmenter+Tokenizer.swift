/// Queries in the manner of UIKit's `UITextInputTokenizer`.
///
/// A *unit* is a segment of the granularity; for ``Granularity/word`` only word
/// segments are units (spaces and punctuation between words are not). With
/// ``Direction/forward`` a query is about the text after the position, with
/// ``Direction/backward`` about the text before it:
///
/// | query | forward | backward |
/// |---|---|---|
/// | ``Segmenter/rangeEnclosing(position:granularity:direction:)`` | unit `u` with `u.lowerBound <= p < u.upperBound` | unit with `u.lowerBound < p <= u.upperBound` |
/// | ``Segmenter/isWithinUnit(position:granularity:direction:)`` | that unit exists | that unit exists |
/// | ``Segmenter/isAtBoundary(position:granularity:direction:)`` | `p` ends a unit | `p` starts a unit |
/// | ``Segmenter/position(from:toBoundary:direction:)`` | first unit end `> p` | last unit start `< p` |
///
/// So in "Hello, world", position 5 (after "Hello") is at a word boundary forward
/// (a word ends there) but not backward; the word enclosing it backward is "Hello"
/// and forward there is none (the comma is not a word).
extension Segmenter {
    /// The unit of `granularity` next to `position` in `direction`, or `nil` when
    /// the neighbouring text is not in a unit (or there is no text that way).
    public func rangeEnclosing(position: Int, granularity: Granularity, direction: Direction) -> Range<Int>? {
        let unitOffset = direction == .forward ? position : position - 1
        guard unitOffset >= 0, unitOffset < source.utf16Count, let finder = finder(for: granularity),
            let segment = finder.segment(containingUnitAt: unitOffset), segment.kind.isUnit
        else { return nil }
        return segment.range
    }

    /// The kind of the word next to `position` in `direction` (the word
    /// ``rangeEnclosing(position:granularity:direction:)`` finds), or `nil` when
    /// that text is not in a word.
    public func wordKind(position: Int, direction: Direction) -> WordKind? {
        let unitOffset = direction == .forward ? position : position - 1
        guard unitOffset >= 0, unitOffset < source.utf16Count, let finder = finder(for: .word),
            let end = finder.following(unitOffset), case .word(let kind) = end.kind
        else { return nil }
        return kind
    }

    /// Whether the text next to `position` in `direction` belongs to a unit of
    /// `granularity` (for words: whether it is inside or at the edge of a word on that side).
    public func isWithinUnit(position: Int, granularity: Granularity, direction: Direction) -> Bool {
        rangeEnclosing(position: position, granularity: granularity, direction: direction) != nil
    }

    /// Whether `position` ends a unit (``Direction/forward``) or starts one
    /// (``Direction/backward``).
    public func isAtBoundary(position: Int, granularity: Granularity, direction: Direction) -> Bool {
        switch direction {
        case .forward:
            rangeEnclosing(position: position, granularity: granularity, direction: .backward)?.upperBound == position
        case .backward:
            rangeEnclosing(position: position, granularity: granularity, direction: .forward)?.lowerBound == position
        }
    }

    /// The nearest unit end after `position` (``Direction/forward``) or unit start
    /// before it (``Direction/backward``), or `nil` when there is none.
    public func position(from position: Int, toBoundary granularity: Granularity, direction: Direction) -> Int? {
        guard contains(position), let finder = finder(for: granularity) else { return nil }
        var scanOffset = position
        switch direction {
        case .forward:
            while let end = finder.following(scanOffset) {
                if end.kind.isUnit { return end.utf16Offset }
                scanOffset = end.utf16Offset
            }
        case .backward:
            while let start = finder.preceding(scanOffset) {
                if let end = finder.following(start), end.kind.isUnit { return start }
                scanOffset = start
            }
        }
        return nil
    }
}
