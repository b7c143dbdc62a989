import _RopeModule

/// A stretch of UTF-8 bytes whose characters all carry the same attributes;
/// the element of the attribute rope.
struct AttributeSpan: Equatable {
    /// Length in UTF-8 bytes (positive in a rope).
    var length: Int
    /// The attributes of every character in the span (empty: none).
    var attributes: AttributeSet
}

/// What a node of the attribute rope sums up: bytes and spans below it.
struct AttributeSpanSummary: RopeSummary {
    var length: Int
    var spans: Int

    static var maxNodeSize: Int { 15 }
    static var zero: Self { Self(length: 0, spans: 0) }
    var isZero: Bool { length == 0 && spans == 0 }

    mutating func add(_ other: Self) {
        length += other.length
        spans += other.spans
    }

    mutating func subtract(_ other: Self) {
        length -= other.length
        spans -= other.spans
    }
}

extension AttributeSpan: RopeElement {
    typealias Summary = AttributeSpanSummary
    typealias Index = Int

    var summary: AttributeSpanSummary { AttributeSpanSummary(length: length, spans: 1) }
    var isEmpty: Bool { length == 0 }
    var isUndersized: Bool { false }

    func invariantCheck() {
        precondition(length > 0, "an attribute span is empty")
    }

    mutating func rebalance(nextNeighbor right: inout AttributeSpan) -> Bool {
        guard attributes == right.attributes else { return false }
        length += right.length
        right.length = 0
        return true
    }

    mutating func split(at index: Int) -> AttributeSpan {
        let rest = AttributeSpan(length: length - index, attributes: attributes)
        length = index
        return rest
    }
}

/// Measures the attribute rope in UTF-8 bytes.
struct AttributeUTF8Metric: RopeMetric {
    typealias Element = AttributeSpan

    func size(of summary: AttributeSpanSummary) -> Int { summary.length }
    func index(at offset: Int, in element: AttributeSpan) -> Int { offset }
}
