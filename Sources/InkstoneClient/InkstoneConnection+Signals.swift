import DBusKit
import InkstoneMeasure

extension InkstoneConnection {
    /// The match rule for the daemon's signals (of `path` only, when given).
    static func signalRule(path: String?) -> String {
        "type='signal',sender='\(InkstoneNames.busName)'" + (path.map { ",path='\($0)'" } ?? "")
    }

    /// Asks the bus for the daemon's signals (of `path` only, when given), broadcast ones
    /// included; notifications to this connection's own contexts arrive without it.
    /// Peer to peer there is no bus and every signal arrives anyway: nothing to do.
    public func watchSignals(of path: String? = nil) throws(InkstoneClientError) {
        guard !isDirect else { return }
        try InkstoneClientError.wrapping {
            if let path { try DBusValidation.objectPath(path) }
            try connection.addMatch(Self.signalRule(path: path))
        }
    }

    /// The next signal from the daemon (in arrival order, including those that arrived while a
    /// call waited), blocking up to `timeout`; nil when none comes or the connection closes.
    /// Signals of the bus itself (`NameAcquired`, …) and other messages are skipped.
    public func nextSignal(timeout: Duration) -> InkstoneSignal? {
        let deadline = MonotonicClock.milliseconds() + timeout.wholeMilliseconds
        while true {
            let remaining = max(0, deadline - MonotonicClock.milliseconds())
            // Nil only at the deadline or when the connection closed.
            guard let message = connection.nextMessage(timeoutMilliseconds: Int32(clamping: remaining)) else {
                return nil
            }
            if let signal = Self.daemonSignal(message) { return signal }
        }
    }

    /// The next signal named `member` (others are dropped), blocking up to `timeout`.
    public func nextSignal(named member: String, timeout: Duration) -> InkstoneSignal? {
        let deadline = MonotonicClock.milliseconds() + timeout.wholeMilliseconds
        while true {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard let signal = nextSignal(timeout: .milliseconds(max(0, remaining))) else { return nil }
            if signal.member == member { return signal }
            if remaining <= 0 { return nil }
        }
    }

    /// Every signal the daemon sent before answering a `GetVersion` round trip (it sends in
    /// order, so everything caused by earlier calls is here), in order.
    public func drainSignals() throws(InkstoneClientError) -> [InkstoneSignal] {
        _ = try version()
        var signals: [InkstoneSignal] = []
        while let message = connection.nextMessage(timeoutMilliseconds: 0) {
            if let signal = Self.daemonSignal(message) { signals.append(signal) }
        }
        return signals
    }

    /// Drops every queued incoming message without decoding it (cheap; for benchmarks).
    public func discardIncoming() {
        while connection.nextMessage(timeoutMilliseconds: 0) != nil {}
    }

    /// The signal `message` is, unless it is something else or comes from the bus itself.
    static func daemonSignal(_ message: Message) -> InkstoneSignal? {
        guard message.kind == .signal, message.interface != "org.freedesktop.DBus" else { return nil }
        return InkstoneSignal(message)
    }
}
