import CSystemd

extension Connection {
    /// A new method call on this connection, or nil when a name or the path is invalid
    /// (see ``makeMethodCall(destination:path:interface:member:)``).
    public func methodCall(destination: String?, path: String, interface: String?, member: String) -> Message? {
        try? makeMethodCall(destination: destination, path: path, interface: interface, member: member)
    }

    /// A new method call on this connection; throws `InvalidArgs` for an invalid
    /// destination, path, interface or member, `Disconnected` once the connection is closed.
    public func makeMethodCall(
        destination: String?, path: String, interface: String?, member: String
    ) throws(DBusKitError) -> Message {
        if let destination { try DBusValidation.busName(destination) }
        try DBusValidation.objectPath(path)
        if let interface { try DBusValidation.interface(interface) }
        try DBusValidation.member(member)
        return try lock.withLock { () throws(DBusKitError) -> Message in
            var raw: OpaquePointer?
            let result = sd_bus_message_new_method_call(bus, &raw, destination, path, interface, member)
            guard result >= 0, let raw else { throw DBusKitError.errno(result, "could not create a method call") }
            return Message(building: raw, lock: lock)
        }
    }

    /// A new signal on this connection, or nil when a name or the path is invalid
    /// (see ``makeSignal(path:interface:member:destination:)``).
    public func signal(path: String, interface: String, member: String) -> Message? {
        try? makeSignal(path: path, interface: interface, member: member)
    }

    /// A new signal on this connection, unicast to `destination` when given; throws
    /// `InvalidArgs` for an invalid path, interface, member or destination.
    public func makeSignal(
        path: String, interface: String, member: String, destination: String? = nil
    ) throws(DBusKitError) -> Message {
        try DBusValidation.objectPath(path)
        try DBusValidation.interface(interface)
        try DBusValidation.member(member)
        if let destination { try DBusValidation.busName(destination) }
        return try lock.withLock { () throws(DBusKitError) -> Message in
            var raw: OpaquePointer?
            var result = sd_bus_message_new_signal(bus, &raw, path, interface, member)
            guard result >= 0, let raw else { throw DBusKitError.errno(result, "could not create a signal") }
            let signal = Message(building: raw, lock: lock)
            if let destination { result = sd_bus_message_set_destination(raw, destination) }
            guard result >= 0 else { throw DBusKitError.errno(result, "could not set the destination") }
            return signal
        }
    }
}
