import CDBus

extension Connection {
    /// Emits a signal; with a `destination` it goes to that peer only (unicast).
    public func emitSignal(
        path: String, interface: String, member: String, destination: String?,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws {
        guard let signal = Message.signal(path: path, interface: interface, member: member) else {
            throw DBusKitError.invalidArgs("invalid signal \(interface).\(member) at \(path)")
        }
        if let destination {
            guard dbus_message_set_destination(signal.raw, destination) != 0 else {
                throw DBusKitError(name: DBusErrorName.noMemory, message: "could not set the destination")
            }
        }
        try signal.write(body)
        try send(signal)
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for `interface` at `path`.
    public func emitPropertiesChanged(
        path: String, interface: String, changed: [String: DBusValue], invalidated: [String] = [],
        destination: String?
    ) throws {
        try emitSignal(
            path: path, interface: StandardInterfaces.properties, member: "PropertiesChanged",
            destination: destination
        ) { writer in
            writer.append(interface)
            writer.appendArray(of: "{sv}") { array in
                for name in changed.keys.sorted() {
                    guard let value = changed[name] else { continue }
                    array.appendDictEntry { entry in
                        entry.append(name)
                        entry.appendVariant(signature: value.signature) { $0.append(value) }
                    }
                }
            }
            writer.append(strings: invalidated)
        }
    }
}
