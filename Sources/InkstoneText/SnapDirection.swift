/// Which way ``TextStorage/snap(_:in:direction:)`` moves an offset that is not on a boundary.
public enum SnapDirection: Sendable {
    /// Toward the start of the text.
    case down
    /// Toward the end of the text.
    case up
}
