import Glibc

/// How a view's undo stack groups and limits its steps.
public struct UndoConfiguration: Sendable {
    /// How many groups are kept; the oldest are dropped beyond it.
    public var levelLimit: Int
    /// A pause longer than this (seconds) ends a run of coalesced typing.
    public var typingPause: Double
    /// The clock the pause is measured on, in seconds (monotonic by default; inject one in tests).
    public var clock: @Sendable () -> Double

    /// The defaults: 100 groups, a 1 s typing pause, the monotonic clock.
    public init(levelLimit: Int = 100, typingPause: Double = 1.0, clock: @escaping @Sendable () -> Double = monotonicSeconds) {
        self.levelLimit = levelLimit
        self.typingPause = typingPause
        self.clock = clock
    }
}

/// Seconds on `CLOCK_MONOTONIC`.
@Sendable public func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
