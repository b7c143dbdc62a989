import Glibc

/// A timer scheduled on an ``EventLoop``.
struct LoopTimer {
    var deadline: UInt64
    let intervalNanoseconds: UInt64?
    let body: @Sendable () -> Void
}

/// Identifies a timer so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}

extension EventLoop {
    /// Runs `body` on the loop thread after `delay` (and then every `repeating`, if given).
    @discardableResult
    public func schedule(
        after delay: Duration, repeating: Duration? = nil, _ body: @escaping @Sendable () -> Void
    ) -> TimerID {
        let deadline = monotonicNanoseconds() + Self.nanoseconds(delay)
        let id = state.withLock { state -> UInt64 in
            let id = state.nextTimerID
            state.nextTimerID += 1
            state.timers[id] = LoopTimer(
                deadline: deadline, intervalNanoseconds: repeating.map(Self.nanoseconds), body: body)
            return id
        }
        wakeUnlessLoopThread()
        return TimerID(rawValue: id)
    }

    /// Cancels a timer; does nothing if it already ran (one-shot) or was cancelled.
    public func cancel(_ timer: TimerID) {
        state.withLock { _ = $0.timers.removeValue(forKey: timer.rawValue) }
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }

    /// The `epoll_wait` timeout reaching the nearest deadline of a timer or a connection (-1 when none).
    func nextTimeoutMilliseconds() -> Int32 {
        let timer = state.withLock { state -> UInt64? in
            if !state.jobs.isEmpty { return 0 }
            return state.nearestDeadline
        }
        guard let nearest = min(timer ?? .max, connectionDeadline ?? .max).nonMaximal else { return -1 }
        let now = monotonicNanoseconds()
        guard nearest > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (nearest - now + 999_999) / 1_000_000))
    }

    /// Runs timers whose deadline passed.
    func runDueTimers() {
        let now = monotonicNanoseconds()
        // Nearly every turn has nothing due: one pass, no allocation.
        let anyDue = state.withLock { state in state.nearestDeadline.map { $0 <= now } ?? false }
        guard anyDue else { return }
        let dueTimers = state.withLock { state -> [@Sendable () -> Void] in
            var bodies: [@Sendable () -> Void] = []
            for (id, timer) in state.timers where timer.deadline <= now {
                bodies.append(timer.body)
                if let interval = timer.intervalNanoseconds {
                    state.timers[id]?.deadline = now + max(interval, 1)
                } else {
                    state.timers[id] = nil
                }
            }
            return bodies
        }
        for body in dueTimers { body() }
    }
}

extension LoopState {
    /// The nearest deadline of a timer, nil when none is armed. Visits the table in place
    /// (it runs on every turn of the loop).
    var nearestDeadline: UInt64? {
        var nearest: UInt64?
        for timer in timers.values where nearest == nil || timer.deadline < nearest ?? 0 { nearest = timer.deadline }
        return nearest
    }
}

extension UInt64 {
    /// The value, or nil for `.max` (no deadline).
    fileprivate var nonMaximal: UInt64? { self == .max ? nil : self }
}
