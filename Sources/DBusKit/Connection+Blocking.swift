import CDBus

extension Connection {
    /// For a connection attached to no loop (a command-line client): the next
    /// incoming message other than replies to blocking calls, waiting up to
    /// `timeoutMilliseconds` (-1: forever). Nil on timeout or when disconnected.
    ///
    /// Signals that arrive while a blocking ``call(_:timeoutMilliseconds:)`` waits
    /// are queued and returned here in order.
    public func nextMessage(timeoutMilliseconds: Int32) -> Message? {
        if let queued = dbus_connection_pop_message(raw) { return Message(owning: queued) }
        guard dbus_connection_read_write(raw, timeoutMilliseconds) != 0 else { return nil }
        return dbus_connection_pop_message(raw).map { Message(owning: $0) }
    }
}
