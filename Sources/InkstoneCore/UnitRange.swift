/// A range of text positions, `start` + `length`, counted in a named ``OffsetUnit``.
///
/// The unit travels with the numbers: `{3, 1}` in UTF-8 and `{3, 1}` in UTF-16
/// are different ranges (they compare unequal), and code that takes a range
/// checks its unit with ``checkUnit(_:what:)`` instead of trusting a bare pair
/// of integers. Whether `start` counts from the start of a document or of a
/// piece of text (marked text, a run's owner) is said by the type that holds
/// the range, never by the range itself.
///
/// `end` is `start + length`; a range with `length == 0` is a position.
public struct UnitRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// First position, in ``unit``.
    public var start: Int
    /// Number of positions, in ``unit``.
    public var length: Int
    /// The unit `start` and `length` count in.
    public var unit: OffsetUnit

    /// Creates a range of `length` positions from `start`, both counted in `unit`.
    public init(start: Int, length: Int, unit: OffsetUnit) {
        self.start = start
        self.length = length
        self.unit = unit
    }

    /// One past the last position.
    public var end: Int { start + length }

    /// Whether the range holds no position (`length == 0`).
    public var isEmpty: Bool { length == 0 }

    /// `{start, length}`: the unit is the reader's context (a view speaks one unit).
    public var description: String { "{\(start), \(length)}" }

    /// Throws `InvalidArgument` unless the range counts in `expected`; `what`
    /// names the range in the message ("segment", "replace-all range").
    public func checkUnit(_ expected: OffsetUnit, what: String) throws(InkstoneError) {
        guard unit == expected else {
            throw .invalidArgument(
                "\(what) \(description) counts in \(unit.rawValue), but this view counts in \(expected.rawValue)")
        }
    }
}
