/// What one incoming call may carry, checked by ``MessageReader`` as the
/// handler reads its arguments (so every string argument of every method is
/// bounded in one place).
public struct ArgumentLimits: Sendable, Equatable {
    /// The most UTF-8 bytes all strings (and object paths, signatures) of one call may hold together.
    public var stringBytes: Int
    /// The D-Bus error name a call over the limit is answered with.
    public var errorName: String

    /// Creates limits answered with `errorName` when exceeded.
    public init(stringBytes: Int, errorName: String) {
        self.stringBytes = stringBytes
        self.errorName = errorName
    }
}
