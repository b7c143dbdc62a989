/// A range of offsets in a context's unit; −1 as start means "none" (as NSNotFound).
public struct OffsetRange: Sendable, Equatable, CustomStringConvertible {
    /// The first offset.
    public var start: Int
    /// How many units.
    public var length: Int

    /// The range `start ..< start + length`.
    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    /// No range (start −1, length 0), as `SetMarkedText` takes for "replace the selection".
    public static let none = OffsetRange(start: -1, length: 0)

    /// `start+length`.
    public var description: String { "\(start)+\(length)" }
}
