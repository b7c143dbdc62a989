/// A length measured in every ``OffsetUnit`` at once.
public struct UnitCounts: Equatable, Hashable, Sendable {
    /// UTF-8 code units.
    public var utf8: Int
    /// UTF-16 code units.
    public var utf16: Int
    /// Unicode scalars.
    public var scalars: Int
    /// Grapheme clusters.
    public var graphemes: Int

    /// Zero in every unit.
    public static let zero = UnitCounts(utf8: 0, utf16: 0, scalars: 0, graphemes: 0)

    /// Creates counts from one value per unit.
    public init(utf8: Int, utf16: Int, scalars: Int, graphemes: Int) {
        self.utf8 = utf8
        self.utf16 = utf16
        self.scalars = scalars
        self.graphemes = graphemes
    }

    /// Measures a string in every unit.
    public init(of text: some StringProtocol) {
        self.init(
            utf8: text.utf8.count, utf16: text.utf16.count,
            scalars: text.unicodeScalars.count, graphemes: text.count
        )
    }

    /// Measures a string in UTF-8 and code points only (UTF-16 and graphemes left at 0), as
    /// an edit measured in those units alone records it. Inlinable, as ``count(of:in:)``.
    @inlinable
    public init(codePointsOf text: some StringProtocol) {
        self.init(utf8: text.utf8.count, utf16: 0, scalars: Self.count(of: text, in: .scalars), graphemes: 0)
    }

    /// The length of `text` in `unit` alone (graphemes are counted only when asked for).
    /// Inlinable: specialized for the caller's string type, it counts without generic calls.
    @inlinable
    public static func count(of text: some StringProtocol, in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: text.utf8.count
        case .utf16: text.utf16.count
        case .scalars: text.unicodeScalars.count
        case .graphemes: text.count
        }
    }

    /// The count in one unit.
    public subscript(unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: utf8
        case .utf16: utf16
        case .scalars: scalars
        case .graphemes: graphemes
        }
    }
}
