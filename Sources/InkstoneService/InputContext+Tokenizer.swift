import InkstoneSegmentation
import InkstoneText

/// Tokenizer queries in the spirit of `UITextInputTokenizer`, in the
/// context's unit. Graphemes come from the text model (the one grapheme truth);
/// words, sentences, lines and paragraphs from ICU over a window of the rope.
///
/// Direction: forward looks at the text after the position, backward at the
/// text before it. `rangeEnclosing` forward is the unit u with
/// u.lower ≤ p < u.upper, backward u.lower < p ≤ u.upper; `isAtBoundary`
/// forward means p ends a unit, backward that p starts one.
extension InputContext {
    /// Parses a granularity name (grapheme, word, sentence, paragraph, line).
    public static func granularity(named name: String) throws(InkstoneError) -> Granularity {
        switch name {
        case "grapheme", "character": .grapheme
        case "word": .word
        case "sentence": .sentence
        case "paragraph": .paragraph
        case "line": .line
        default:
            throw .invalidArgument("unknown granularity '\(name)'; valid: grapheme, word, sentence, paragraph, line")
        }
    }

    /// Parses a direction name (forward, backward).
    public static func direction(named name: String) throws(InkstoneError) -> Direction {
        switch name {
        case "forward": .forward
        case "backward": .backward
        default: throw .invalidArgument("unknown direction '\(name)'; valid: forward, backward")
        }
    }

    /// The unit of `granularity` enclosing `position`, nil when none.
    public func rangeEnclosing(
        position: Int, granularity: Granularity, direction: Direction
    ) throws(InkstoneError) -> TextRange? {
        if granularity == .grapheme {
            return try graphemeEnclosing(position, direction)
        }
        let storage = shared.document.storage
        let utf16 = try storage.convert(position, from: unit, to: .utf16)
        guard
            let range = shared.currentSegmenter().rangeEnclosing(
                position: utf16, granularity: granularity, direction: direction)
        else { return nil }
        let start = try storage.convert(range.lowerBound, from: .utf16, to: unit)
        let end = try storage.convert(range.upperBound, from: .utf16, to: unit)
        return TextRange(start: start, length: end - start, unit: unit)
    }

    /// Whether `position` is at a boundary of `granularity` in `direction`.
    public func isAtBoundary(position: Int, granularity: Granularity, direction: Direction) throws(InkstoneError)
        -> Bool
    {
        if granularity == .grapheme {
            guard try view.isGraphemeBoundary(position) else { return false }
            return direction == .forward ? position > 0 : position < view.length
        }
        let utf16 = try shared.document.storage.convert(position, from: unit, to: .utf16)
        return shared.currentSegmenter().isAtBoundary(position: utf16, granularity: granularity, direction: direction)
    }

    /// Whether `position` is inside a unit of `granularity` looking in `direction`.
    public func isWithinUnit(position: Int, granularity: Granularity, direction: Direction) throws(InkstoneError)
        -> Bool
    {
        if granularity == .grapheme {
            return try graphemeEnclosing(position, direction) != nil
        }
        let utf16 = try shared.document.storage.convert(position, from: unit, to: .utf16)
        return shared.currentSegmenter().isWithinUnit(position: utf16, granularity: granularity, direction: direction)
    }

    /// The next boundary of `granularity` from `position` in `direction`, nil when none.
    public func positionToBoundary(
        position: Int, granularity: Granularity, direction: Direction
    ) throws(InkstoneError) -> Int? {
        if granularity == .grapheme {
            return direction == .forward
                ? try view.graphemeBoundary(after: position) : try view.graphemeBoundary(before: position)
        }
        let storage = shared.document.storage
        let utf16 = try storage.convert(position, from: unit, to: .utf16)
        guard
            let result = shared.currentSegmenter().position(
                from: utf16, toBoundary: granularity, direction: direction)
        else { return nil }
        return try storage.convert(result, from: .utf16, to: unit)
    }

    private func graphemeEnclosing(_ position: Int, _ direction: Direction) throws(InkstoneError) -> TextRange? {
        let onBoundary = try view.isGraphemeBoundary(position)
        let start: Int?
        let end: Int?
        switch direction {
        case .forward:
            start = onBoundary ? position : try view.graphemeBoundary(before: position)
            end = try view.graphemeBoundary(after: position)
        case .backward:
            start = try view.graphemeBoundary(before: position)
            end = onBoundary ? position : try view.graphemeBoundary(after: position)
        }
        guard let start, let end, start < end else { return nil }
        return TextRange(start: start, length: end - start, unit: unit)
    }
}

/// A tokenizer granularity (grapheme, word, sentence, paragraph, line).
public typealias TokenGranularity = Granularity
/// A tokenizer direction (forward, backward).
public typealias TokenDirection = Direction
