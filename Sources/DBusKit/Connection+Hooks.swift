import CDBus
import Synchronization

/// The connection's filter, run on the dispatching thread: method calls go straight to the
/// objects exported for their paths (``routes``), and the bus's own signals to their reactions.
final class ConnectionHooks: @unchecked Sendable {
    struct Handlers {
        var nameLost: (@Sendable (String) -> Void)?
        var nameAcquired: (@Sendable (String) -> Void)?
        var nameOwnerChanged: (@Sendable (_ name: String, _ oldOwner: String, _ newOwner: String) -> Void)?
        var disconnected: (@Sendable () -> Void)?
        var signal: (@Sendable (Message) -> Void)?
    }

    let handlers = Mutex(Handlers())
    /// The exported objects by path.
    let routes = ExportRoutes()

    func install(on raw: OpaquePointer) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        _ = dbus_connection_add_filter(
            raw,
            { _, rawMessage, userData in
                guard let rawMessage, let userData else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let hooks = Unmanaged<ConnectionHooks>.fromOpaque(userData).takeUnretainedValue()
                if dbus_message_get_type(rawMessage) == CDBUS_MESSAGE_TYPE_METHOD_CALL {
                    return hooks.routes.dispatch(rawMessage)
                        ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
                }
                hooks.filter(rawMessage)
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            },
            retained,
            { userData in
                guard let userData else { return }
                Unmanaged<ConnectionHooks>.fromOpaque(userData).release()
            })
    }

    private func filter(_ rawMessage: OpaquePointer) {
        guard dbus_message_get_type(rawMessage) == CDBUS_MESSAGE_TYPE_SIGNAL else { return }
        let current = handlers.withLock { $0 }
        let message = Message(retaining: rawMessage)
        if dbus_message_is_signal(rawMessage, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
            current.disconnected?()
            return
        }
        if dbus_message_has_sender(rawMessage, busName) != 0, dbus_message_has_interface(rawMessage, busName) != 0 {
            var reader = message.reader()
            if dbus_message_has_member(rawMessage, "NameLost") != 0, let name = try? reader.readString() {
                current.nameLost?(name)
                return
            }
            if dbus_message_has_member(rawMessage, "NameAcquired") != 0, let name = try? reader.readString() {
                current.nameAcquired?(name)
                return
            }
            if dbus_message_has_member(rawMessage, "NameOwnerChanged") != 0,
                let name = try? reader.readString(), let oldOwner = try? reader.readString(),
                let newOwner = try? reader.readString()
            {
                current.nameOwnerChanged?(name, oldOwner, newOwner)
                return
            }
        }
        current.signal?(message)
    }
}

extension Connection {
    /// Called with the name when the bus takes a well-known name away (e.g. replaced).
    public func onNameLost(_ handler: @escaping @Sendable (String) -> Void) {
        hooks.handlers.withLock { $0.nameLost = handler }
    }

    /// Called with the name when this connection becomes its owner.
    public func onNameAcquired(_ handler: @escaping @Sendable (String) -> Void) {
        hooks.handlers.withLock { $0.nameAcquired = handler }
    }

    /// Called on `NameOwnerChanged(name, oldOwner, newOwner)` (needs ``watchNameOwnerChanges()``).
    ///
    /// A unique name with an empty new owner is a peer that disconnected.
    public func onNameOwnerChanged(_ handler: @escaping @Sendable (String, String, String) -> Void) {
        hooks.handlers.withLock { $0.nameOwnerChanged = handler }
    }

    /// Called once when the connection to the bus is lost.
    public func onDisconnected(_ handler: @escaping @Sendable () -> Void) {
        hooks.handlers.withLock { $0.disconnected = handler }
    }

    /// Called for every other incoming signal (after match rules routed it here).
    public func onSignal(_ handler: @escaping @Sendable (Message) -> Void) {
        hooks.handlers.withLock { $0.signal = handler }
    }
}
