import CSystemd

extension Connection {
    /// For a connection attached to no loop (a command-line client): the next
    /// incoming message other than replies to blocking calls, waiting up to
    /// `timeoutMilliseconds` (-1: forever). Nil on timeout or when disconnected.
    ///
    /// Signals that arrive while a blocking ``call(_:timeoutMilliseconds:)`` waits
    /// are queued and returned here in order. Messages pass this connection's hooks
    /// first (a method call to an exported object is dispatched, not returned).
    public func nextMessage(timeoutMilliseconds: Int32) -> Message? {
        let deadline =
            timeoutMilliseconds < 0 ? UInt64.max : monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        return lock.withLock {
            while true {
                var raw: OpaquePointer?
                let result = sd_bus_process(bus, &raw)
                if let raw { return Message(receiving: raw, lock: lock) }
                guard result >= 0 else { return nil }
                if result > 0 { continue }
                let now = monotonicNanoseconds()
                guard now < deadline else { return nil }
                let wait = deadline == .max ? UInt64.max : (deadline - now + 999) / 1000
                guard sd_bus_wait(bus, wait) >= 0 else { return nil }
            }
        }
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
