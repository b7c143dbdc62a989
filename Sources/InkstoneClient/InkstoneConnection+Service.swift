import DBusKit

extension InkstoneConnection {
    /// Calls a method of the service object (`org.inkstone.Inkstone1`).
    func callService<Result>(
        _ member: String, replying signature: String, _ body: (inout MessageWriter) throws -> Void = { _ in },
        read: (inout MessageReader) throws -> Result
    ) throws(InkstoneClientError) -> Result {
        try call(
            path: InkstoneNames.servicePath, interface: InkstoneNames.serviceInterface, member: member,
            replying: signature, body, read: read)
    }

    /// `GetVersion`: the daemon's version.
    public func version() throws(InkstoneClientError) -> String {
        try callService("GetVersion", replying: "s") { try $0.readString() }
    }

    /// `GetStatus`: version, pid, uptime, object counts, memory, the direct transport.
    public func status() throws(InkstoneClientError) -> [String: DBusValue] {
        try callService("GetStatus", replying: "a{sv}") { try $0.readVardict() }
    }

    /// `GetPeerAddress`: the daemon's direct socket (`unix:path=…`), "" when it has none.
    public func peerAddress() throws(InkstoneClientError) -> String {
        try callService("GetPeerAddress", replying: "s") { try $0.readString() }
    }

    /// `CreateInputContext` with typed options.
    public func createContext(_ options: InputContextOptions = InputContextOptions())
        throws(InkstoneClientError) -> InputContextProxy
    {
        try createContext(vardict: options.vardict)
    }

    /// `CreateInputContext` with an `a{sv}` of options as given.
    public func createContext(vardict options: [String: DBusValue]) throws(InkstoneClientError) -> InputContextProxy {
        let path = try callService(
            "CreateInputContext", replying: "o", { $0.append(vardict: options) },
            read: {
                try $0.readObjectPath()
            })
        return InputContextProxy(connection: self, path: path)
    }

    /// `NewInputContext` with `name=value` options (the form `dbus-send` can send).
    public func newContext(_ options: [String] = []) throws(InkstoneClientError) -> InputContextProxy {
        let path = try callService(
            "NewInputContext", replying: "o", { $0.append(strings: options) },
            read: {
                try $0.readObjectPath()
            })
        return InputContextProxy(connection: self, path: path)
    }

    /// `CreateDocument`: a new empty document owned by this connection.
    public func createDocument() throws(InkstoneClientError) -> DocumentProxy {
        let path = try callService("CreateDocument", replying: "o") { try $0.readObjectPath() }
        return DocumentProxy(connection: self, path: path)
    }

    /// `ListEngines`: (id, name) of every engine that can run.
    public func engines() throws(InkstoneClientError) -> [(id: String, name: String)] {
        try callService("ListEngines", replying: "a(ss)") { reader in
            try reader.readArray { element in
                try element.readStruct { pair in (id: try pair.readString(), name: try pair.readString()) }
            }
        }
    }

    /// `ListUnavailableEngines`: (id, reason) of every engine whose data is missing.
    public func unavailableEngines() throws(InkstoneClientError) -> [(id: String, reason: String)] {
        try callService("ListUnavailableEngines", replying: "a(ss)") { reader in
            try reader.readArray { element in
                try element.readStruct { pair in (id: try pair.readString(), reason: try pair.readString()) }
            }
        }
    }

    /// `ListContexts`: the paths of this caller's contexts.
    public func contexts() throws(InkstoneClientError) -> [String] {
        try callService("ListContexts", replying: "ao") { reader in
            try reader.readArray { try $0.readObjectPath() }
        }
    }

    /// A proxy for the context at `path` (no call is made).
    public func context(at path: String) -> InputContextProxy { InputContextProxy(connection: self, path: path) }

    /// A proxy for the document at `path` (no call is made).
    public func document(at path: String) -> DocumentProxy { DocumentProxy(connection: self, path: path) }

    /// `org.freedesktop.DBus.Properties.Get`: the property's value, unwrapped from its variant.
    public func property(_ name: String, of interface: String, at path: String) throws(InkstoneClientError) -> DBusValue
    {
        let value = try call(
            path: path, interface: InkstoneNames.propertiesInterface, member: "Get", replying: "v",
            { writer in
                writer.append(interface)
                writer.append(name)
            }, read: { try $0.readValue() })
        if case .variant(let inner) = value { return inner }
        return value
    }

    /// `org.freedesktop.DBus.Properties.Set`.
    public func setProperty(
        _ name: String, of interface: String, at path: String, to value: DBusValue
    ) throws(InkstoneClientError) {
        try call(path: path, interface: InkstoneNames.propertiesInterface, member: "Set") { writer in
            writer.append(interface)
            writer.append(name)
            writer.append(DBusValue.variant(value))
        }
    }

    /// `org.freedesktop.DBus.Properties.GetAll`.
    public func properties(of interface: String, at path: String) throws(InkstoneClientError) -> [String: DBusValue] {
        try call(
            path: path, interface: InkstoneNames.propertiesInterface, member: "GetAll", replying: "a{sv}",
            { $0.append(interface) }, read: { try $0.readVardict() })
    }
}
