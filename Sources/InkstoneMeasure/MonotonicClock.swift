import Glibc

/// The one clock every measurement reads: `CLOCK_MONOTONIC` (never jumps with the wall clock).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (boot).
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Milliseconds since the same point, for deadlines.
    public static func milliseconds() -> Int {
        Int(nanoseconds() / 1_000_000)
    }

    /// Nanoseconds `body` takes.
    @inline(__always)
    public static func time(_ body: () throws -> Void) rethrows -> UInt64 {
        let start = nanoseconds()
        try body()
        return nanoseconds() - start
    }
}

extension Duration {
    /// The duration in whole milliseconds (rounded down), for deadlines on ``MonotonicClock``.
    public var wholeMilliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
