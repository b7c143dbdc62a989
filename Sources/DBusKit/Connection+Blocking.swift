import CLinux
import CSystemd
import Glibc

extension Connection {
    /// For a connection attached to no loop (a command-line client): the next
    /// incoming message other than replies to blocking calls, waiting up to
    /// `timeoutMilliseconds` (-1: forever). Nil on timeout or when disconnected.
    ///
    /// Signals that arrive while a blocking ``call(_:timeoutMilliseconds:)`` waits
    /// are queued and returned here in order. Messages pass this connection's hooks
    /// first (a method call to an exported object is dispatched, not returned).
    ///
    /// The wait itself holds no lock: another thread may send or call meanwhile. When
    /// that thread's blocking call queues messages (signals that came before its reply),
    /// it wakes this wait, so they are returned at once.
    public func nextMessage(timeoutMilliseconds: Int32) -> Message? {
        let deadline =
            timeoutMilliseconds < 0 ? UInt64.max : monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        // Counted among the waiters from the first wait to the return (a wake-up that comes
        // while this thread processes costs it one more turn, no more).
        var wake: Int32?
        defer { if wake != nil { lock.withLock { blockingWaiters.leave() } } }
        while true {
            let step = lock.withLock { () -> BlockingStep in
                let step = nextBlockingStep()
                if case .wait = step, wake == nil, timeoutMilliseconds != 0 { wake = blockingWaiters.enter() }
                return step
            }
            switch step {
            case .message(let message): return message
            case .ended: return nil
            case .wait(let descriptor, let events, let busDeadline):
                let now = monotonicNanoseconds()
                guard now < deadline else { return nil }
                let until = min(deadline, busDeadline)
                let milliseconds =
                    until == .max ? -1 : until <= now ? 0 : Int32(clamping: (until - now + 999_999) / 1_000_000)
                waitForBus(descriptor: descriptor, events: events, wake: wake ?? -1, milliseconds: milliseconds)
            }
        }
    }

    /// What ``nextMessage(timeoutMilliseconds:)`` does next (under the lock).
    enum BlockingStep {
        /// A message was read or was queued.
        case message(Message)
        /// The connection is closed or failed.
        case ended
        /// Nothing is queued: wait for `events` on `descriptor` until `deadline` (monotonic nanoseconds).
        case wait(descriptor: Int32, events: Int16, deadline: UInt64)
    }

    /// Processes until a message comes out or nothing is left to do without waiting (under the lock).
    private func nextBlockingStep() -> BlockingStep {
        while true {
            var raw: OpaquePointer?
            let result = sd_bus_process(bus, &raw)
            if let raw { return .message(Message(receiving: raw, lock: lock)) }
            guard result >= 0 else { return .ended }
            if result > 0 { continue }
            let descriptor = sd_bus_get_fd(bus)
            let events = sd_bus_get_events(bus)
            guard descriptor >= 0, events >= 0 else { return .ended }
            var timeout: UInt64 = .max
            _ = sd_bus_get_timeout(bus, &timeout)
            let deadline = timeout == .max ? UInt64.max : timeout &* 1000
            return .wait(descriptor: descriptor, events: Int16(truncatingIfNeeded: events), deadline: deadline)
        }
    }

    /// Waits, holding no lock, until the socket is ready for `events`, a blocking call on
    /// another thread queued messages (`wake`, an eventfd, -1 for none), or `milliseconds`
    /// pass (-1: no limit).
    private func waitForBus(descriptor: Int32, events: Int16, wake: Int32, milliseconds: Int32) {
        var descriptors = [
            pollfd(fd: descriptor, events: events, revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, wake >= 0 ? 2 : 1, milliseconds)
        if ready > 0, wake >= 0, descriptors[1].revents & Int16(POLLIN) != 0 {
            var count: UInt64 = 0
            _ = read(wake, &count, MemoryLayout<UInt64>.size)
        }
    }

    /// After a blocking call (under the lock): wakes the threads waiting in
    /// ``nextMessage(timeoutMilliseconds:)`` when the call left messages queued, which
    /// their wait on the socket would not see.
    func wakeBlockingWaitersIfQueued() {
        guard blockingWaiters.count > 0 else { return }
        var queued: UInt64 = 0
        guard sd_bus_get_n_queued_read(bus, &queued) >= 0, queued > 0 else { return }
        blockingWaiters.wake()
    }
}

/// The threads waiting in ``Connection/nextMessage(timeoutMilliseconds:)`` and the
/// eventfd that wakes them (under the connection's lock). The eventfd is made for the
/// first wait and closed with the connection.
struct BlockingWaiters {
    /// The eventfd, -1 before the first wait (or when none could be made: waits then see the socket only).
    private var descriptor: Int32 = -1
    /// How many threads wait.
    private(set) var count = 0

    /// Counts a waiter in (it must ``leave()``), making the eventfd if needed; returns the eventfd to poll.
    mutating func enter() -> Int32 {
        if descriptor < 0 { descriptor = eventfd(0, CLINUX_EFD_CLOEXEC | CLINUX_EFD_NONBLOCK) }
        count += 1
        return descriptor
    }

    /// Counts a waiter out.
    mutating func leave() {
        assert(count > 0, "a waiter left that never entered")
        count -= 1
    }

    /// Makes the eventfd readable, waking every waiter's poll.
    func wake() {
        guard descriptor >= 0 else { return }
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Closes the eventfd (the connection is freed).
    mutating func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}

extension Connection {
    /// For a connection attached to no loop: the next message already read from the socket
    /// (e.g. a signal that arrived while a blocking call waited), without reading more;
    /// nil when none is queued.
    public func queuedMessage() -> Message? {
        lock.withLock {
            var count: UInt64 = 0
            while sd_bus_get_n_queued_read(bus, &count) >= 0, count > 0 {
                var raw: OpaquePointer?
                guard sd_bus_process(bus, &raw) >= 0 else { return nil }
                if let raw { return Message(receiving: raw, lock: lock) }
            }
            return nil
        }
    }
}
