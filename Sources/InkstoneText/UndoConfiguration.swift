import Glibc

/// How a view's undo stack groups and limits its steps.
public struct UndoConfiguration: Sendable {
    /// How many groups are kept; the oldest are dropped beyond it.
    public var levelLimit: Int
    /// A pause longer than this (seconds) ends a run of coalesced typing.
    public var typingPause: Double
    /// The clock the pause is measured on, in seconds (monotonic by default; inject one in tests).
    public var clock: @Sendable () -> Double
    /// UTF-8 bytes of replaced text the undo and redo stacks may hold together.
    /// Past it the oldest undo groups are dropped first, then the redo groups
    /// furthest from the present; a group larger than the limit is not kept.
    public var utf8ByteLimit: Int
    /// UTF-8 bytes of replaced text one open explicit group may hold. An edit
    /// that would pass it closes what the group holds as one undo step, and the
    /// group goes on collecting from there (the caller's begin/end stay balanced).
    public var openGroupUTF8ByteLimit: Int

    /// The defaults: 100 groups, a 1 s typing pause, the monotonic clock, 16 MiB
    /// of undo text, 8 MiB per open explicit group.
    public init(
        levelLimit: Int = 100, typingPause: Double = 1.0, clock: @escaping @Sendable () -> Double = monotonicSeconds,
        utf8ByteLimit: Int = 16 << 20, openGroupUTF8ByteLimit: Int = 8 << 20
    ) {
        self.levelLimit = levelLimit
        self.typingPause = typingPause
        self.clock = clock
        self.utf8ByteLimit = utf8ByteLimit
        self.openGroupUTF8ByteLimit = openGroupUTF8ByteLimit
    }
}

/// Seconds on `CLOCK_MONOTONIC`.
@Sendable public func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
