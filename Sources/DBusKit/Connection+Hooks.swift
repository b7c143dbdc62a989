import CSystemd
import Glibc
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
    /// The lock of the connection (messages received are wrapped with it).
    let lock: BusLock

    init(lock: BusLock) {
        self.lock = lock
    }

    /// Adds the filter to `bus` (which keeps these hooks until it is freed).
    func install(on bus: OpaquePointer) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        var slot: OpaquePointer?
        guard sd_bus_add_filter(bus, &slot, Self.filter, retained) >= 0, let slot else {
            Unmanaged<ConnectionHooks>.fromOpaque(retained).release()
            return
        }
        sd_bus_slot_set_destroy_callback(slot, Self.release)
        sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }

    private static let filter: sd_bus_message_handler_t = { rawMessage, userData, _ in
        guard let rawMessage, let userData else { return 0 }
        let hooks = Unmanaged<ConnectionHooks>.fromOpaque(userData).takeUnretainedValue()
        var type: UInt8 = 0
        _ = sd_bus_message_get_type(rawMessage, &type)
        if type == CSD_MESSAGE_METHOD_CALL {
            return hooks.routes.dispatch(rawMessage, lock: hooks.lock) ? 1 : 0
        }
        if type == CSD_MESSAGE_SIGNAL { hooks.signal(rawMessage) }
        return 0
    }

    private static let release: sd_bus_destroy_t = { userData in
        guard let userData else { return }
        Unmanaged<ConnectionHooks>.fromOpaque(userData).release()
    }

    private func signal(_ rawMessage: OpaquePointer) {
        let current = handlers.withLock { $0 }
        let message = Message(retaining: rawMessage, lock: lock)
        if message.isMember("Disconnected", of: "org.freedesktop.DBus.Local") {
            current.disconnected?()
            return
        }
        if let sender = sd_bus_message_get_sender(rawMessage), strcmp(sender, busName) == 0,
            let interface = sd_bus_message_get_interface(rawMessage), strcmp(interface, busName) == 0,
            let member = sd_bus_message_get_member(rawMessage)
        {
            var reader = message.reader()
            if strcmp(member, "NameLost") == 0, let name = try? reader.readString() {
                current.nameLost?(name)
                return
            }
            if strcmp(member, "NameAcquired") == 0, let name = try? reader.readString() {
                current.nameAcquired?(name)
                return
            }
            if strcmp(member, "NameOwnerChanged") == 0,
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
