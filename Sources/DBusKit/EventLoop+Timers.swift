import CDBus
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

    /// The `epoll_wait` timeout reaching the nearest deadline (-1 when none).
    func nextTimeoutMilliseconds() -> Int32 {
        let nearest = state.withLock { state -> UInt64? in
            if !state.jobs.isEmpty { return 0 }
            return state.nearestDeadline
        }
        guard let nearest else { return -1 }
        let now = monotonicNanoseconds()
        guard nearest > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (nearest - now + 999_999) / 1_000_000))
    }

    /// Handles libdbus timeouts and runs timers whose deadline passed.
    func runDueTimeouts() {
        let now = monotonicNanoseconds()
        // Nearly every turn has nothing due: one pass, no allocation.
        let anyDue = state.withLock { state in state.nearestDeadline.map { $0 <= now } ?? false }
        guard anyDue else { return }
        let (dueTimeouts, dueTimers) = state.withLock { state -> ([TimeoutRef], [@Sendable () -> Void]) in
            let timeouts = state.timeouts.filter { $0.value <= now }.map(\.key)
            var bodies: [@Sendable () -> Void] = []
            for (id, timer) in state.timers where timer.deadline <= now {
                bodies.append(timer.body)
                if let interval = timer.intervalNanoseconds {
                    state.timers[id]?.deadline = now + max(interval, 1)
                } else {
                    state.timers[id] = nil
                }
            }
            return (timeouts, bodies)
        }
        for timeout in dueTimeouts {
            let stillArmed = state.withLock { $0.timeouts[timeout] != nil }
            guard stillArmed else { continue }
            // Re-arm first: handling may remove or toggle the timeout.
            let interval = UInt64(max(0, dbus_timeout_get_interval(timeout.raw)))
            state.withLock { $0.timeouts[timeout] = now + interval * 1_000_000 }
            _ = dbus_timeout_handle(timeout.raw)
        }
        for body in dueTimers { body() }
    }
}

extension LoopState {
    /// The nearest deadline of a libdbus timeout or a timer, nil when none is armed.
    /// Visits both tables in place (it runs on every turn of the loop).
    var nearestDeadline: UInt64? {
        var nearest: UInt64?
        for deadline in timeouts.values where nearest == nil || deadline < nearest ?? 0 { nearest = deadline }
        for timer in timers.values where nearest == nil || timer.deadline < nearest ?? 0 { nearest = timer.deadline }
        return nearest
    }
}
