/// How a segment of marked text is drawn.
public enum MarkedStyle: String, CaseIterable, Sendable {
    /// No decoration.
    case plain
    /// A thin underline (unconverted input).
    case underline
    /// A thick underline (the clause being converted).
    case thickUnderline
    /// Highlighted (the selected candidate).
    case highlight
}

/// A styled range within the marked text, relative to its start, in the view's unit.
public struct MarkedSegment: Equatable, Hashable, Sendable {
    /// The range, relative to the marked text; its unit must be the view's.
    public var range: UnitRange
    /// The style.
    public var style: MarkedStyle

    /// Creates a segment over `range` (relative to the marked text).
    public init(range: UnitRange, style: MarkedStyle) {
        self.range = range
        self.style = style
    }

    /// Start, relative to the marked text.
    public var start: Int { range.start }
    /// Length.
    public var length: Int { range.length }
}

/// A view's open composition. Its text lives in the shared document.
struct MarkedState {
    /// Start of the marked text (left-biased).
    let start: TextAnchor
    /// End of the marked text (right-biased).
    let end: TextAnchor
    /// The marked text.
    var text: String
    /// The selection relative to the marked text, in the view's unit.
    var selection: TextRange
    /// Styled segments, relative, in the view's unit.
    var segments: [MarkedSegment]
    /// What the composition replaced, restored by discard.
    var originalText: String
    /// The runs of ``originalText`` (derived keys left out), restored with it.
    var originalSpans: [AttributeSpan]
    /// The selection before the composition began.
    var selectionBefore: SavedSelection?
    /// Record anchors the composition collapsed (offsets in `originalText`).
    var collapsed: [CollapsedAnchor]

    /// The marked text's UTF-8 range now.
    var utf8Range: Range<Int> { start.utf8Offset..<max(start.utf8Offset, end.utf8Offset) }
}

extension String {
    /// The UTF-8 offset of a position given in `unit` within this string, or nil
    /// when it is outside the string, splits a code point, or (with
    /// `requireGraphemeBoundary`) splits a grapheme cluster.
    func utf8Offset(of offset: Int, in unit: OffsetUnit, requireGraphemeBoundary: Bool) -> Int? {
        guard offset >= 0 else { return nil }
        let index: String.Index?
        switch unit {
        case .utf8: index = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex)
        case .utf16: index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
        case .scalars:
            index = unicodeScalars.index(
                unicodeScalars.startIndex, offsetBy: offset, limitedBy: unicodeScalars.endIndex)
        case .graphemes: index = self.index(startIndex, offsetBy: offset, limitedBy: endIndex)
        }
        guard let index, index.samePosition(in: unicodeScalars) != nil else { return nil }
        if requireGraphemeBoundary, index.samePosition(in: self) == nil { return nil }
        return utf8.distance(from: utf8.startIndex, to: index)
    }
}
