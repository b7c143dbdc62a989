extension Connection {
    /// Emits a signal; with a `destination` it goes to that peer only (unicast).
    ///
    /// Throws `InvalidArgs` for an invalid path, name or destination, or a
    /// value the writer refused; nothing is sent then. Returns the signal sent.
    @discardableResult
    public func emitSignal(
        path: String, interface: String, member: String, destination: String?,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        let signal = try makeSignal(path: path, interface: interface, member: member, destination: destination)
        try signal.write(body)
        try send(signal)
        return signal
    }

    /// Sends a duplicate of `template` (an unsent signal, addressed and checked once, see
    /// ``Message/duplicate()``) with the arguments `body` writes: a signal sent again and
    /// again pays for its arguments only. Throws a value the writer refused; nothing is
    /// sent then. Returns the signal sent.
    @discardableResult
    public func emitSignal(copying template: Message, _ body: (inout MessageWriter) throws -> Void = { _ in })
        throws -> Message
    {
        let signal = try template.duplicate()
        try signal.write(body)
        try send(signal)
        return signal
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
