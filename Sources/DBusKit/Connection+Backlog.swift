import CDBus
import Synchronization

/// A cap on the bytes a connection queues for a peer that does not read.
struct OutgoingBacklog {
    /// The most bytes queued before signals are dropped.
    let limit: Int
    /// Runs once when the queue first passes the limit, with its size.
    let onOverflow: @Sendable (Int) -> Void
    /// Runs once when the queue is back under the limit, with how many signals were dropped meanwhile.
    let onRecovery: @Sendable (Int) -> Void
    var overflowing = false
    var dropped = 0
}

extension Connection {
    /// Caps what this connection queues for sending at `bytes` (libdbus's
    /// outgoing queue, `dbus_connection_get_outgoing_size`): past it, signals
    /// are dropped rather than queued, replies still go out. `onOverflow` runs
    /// once per episode (when the queue first passes the cap, with its size;
    /// e.g. to log and disconnect a peer that stopped reading), `onRecovery`
    /// when it is back under the cap, with the number of signals dropped.
    ///
    /// Both run on the sending thread (the loop's), inside a send: defer
    /// anything that closes the connection with ``EventLoop/execute(_:)``.
    public func limitOutgoing(
        to bytes: Int, onOverflow: @escaping @Sendable (Int) -> Void,
        onRecovery: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        backlog.withLock { $0 = OutgoingBacklog(limit: bytes, onOverflow: onOverflow, onRecovery: onRecovery) }
    }

    /// The bytes queued for sending and not yet written.
    public var outgoingBytes: Int { Int(dbus_connection_get_outgoing_size(raw)) }

    /// Whether `message` may be queued: false for a signal while the queue is over its cap.
    func admitsOutgoing(_ message: Message) -> Bool {
        var report: (@Sendable () -> Void)?
        let admitted = backlog.withLock { slot -> Bool in
            // The common case, a queue under its cap and not recovering, reads the
            // state in place (no copy of its closures).
            guard let limit = slot?.limit else { return true }
            if slot?.overflowing == false, outgoingBytes <= limit { return true }
            guard var state = slot else { return true }
            defer { slot = state }
            let queued = outgoingBytes
            if queued <= state.limit {
                if state.overflowing {
                    let (dropped, onRecovery) = (state.dropped, state.onRecovery)
                    report = { onRecovery(dropped) }
                    state.overflowing = false
                    state.dropped = 0
                }
                return true
            }
            if !state.overflowing {
                state.overflowing = true
                let onOverflow = state.onOverflow
                report = { onOverflow(queued) }
            }
            guard message.kind == .signal else { return true }
            state.dropped += 1
            return false
        }
        report?()
        return admitted
    }
}
