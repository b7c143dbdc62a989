/// A broken invariant found while running one fuzz input.
public struct FuzzFailure: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    /// A failure with a readable explanation.
    public init(_ description: String) { self.description = description }
}

/// Throws a ``FuzzFailure`` built from `message` unless `condition` holds.
@inline(__always)
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}
