import DBusKit
import InkstoneEngines
import InkstoneService

/// The service object `/org/inkstone/Inkstone1` and its interface tables.
public enum ServiceObject {
    /// The well-known bus name.
    public static let busName = "org.inkstone.Inkstone1"
    /// The object path.
    public static let path = "/org/inkstone/Inkstone1"
    /// The main interface.
    public static let interface = "org.inkstone.Inkstone1"

    /// The `org.inkstone.Inkstone1` table.
    public static func serviceTable(
        service: InkstoneService, status: DaemonStatus = DaemonStatus(), version: String = InkstoneVersion.current
    ) -> InterfaceTable {
        var table = InterfaceTable(interface)
        table.method("GetVersion", output: "s") { _, _ in .string(version) }
        table.method("GetStatus", output: "a{sv}") { _, _ in
            let snapshot = status.snapshot(service: service, version: version)
            return .write { $0.append(vardict: snapshot) }
        }
        table.method("GetPeerAddress", output: "s") { _, _ in .string(status.peerAddress) }
        table.property("Version", signature: "s", get: { $0.append(version) })
        table.method("CreateInputContext", input: "a{sv}", output: "o") { call, reader in
            let raw = try OptionValue.options(try reader.readVardict())
            let options = try ContextOptions.parse(raw) { path in
                try ObjectPaths.id(of: path, under: ObjectPaths.documents)
            }
            let context = try service.createContext(owner: call.sender, options: options)
            return .write { $0.append(objectPath: ObjectPaths.context(context.id)) }
        }
        table.method("NewInputContext", input: "as", output: "o") { call, reader in
            let options = try ContextOptions.parse(strings: try reader.readStrings()) { path in
                try ObjectPaths.id(of: path, under: ObjectPaths.documents)
            }
            let context = try service.createContext(owner: call.sender, options: options)
            return .write { $0.append(objectPath: ObjectPaths.context(context.id)) }
        }
        table.method("CreateDocument", output: "o") { call, _ in
            let document = try service.createDocument(owner: call.sender)
            return .write { $0.append(objectPath: ObjectPaths.document(document.id)) }
        }
        table.method("ListEngines", output: "a(ss)") { _, _ in
            .write { writer in
                writer.appendArray(of: "(ss)") { array in
                    for entry in EngineRegistry.entries {
                        array.appendStruct { pair in
                            pair.append(entry.id)
                            pair.append(entry.description)
                        }
                    }
                }
            }
        }
        return table
    }

    /// The exported service object, serving ``InkstoneIntrospection/xml``.
    public static func make(
        service: InkstoneService, status: DaemonStatus = DaemonStatus(), afterHandler: (@Sendable () -> Void)? = nil
    ) -> ExportedObject {
        ExportedObject(
            interfaces: [serviceTable(service: service, status: status)],
            introspectionXML: InkstoneIntrospection.xml + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:), afterHandler: afterHandler,
            argumentLimits: service.limits.argumentLimits)
    }

    /// Every exported (interface, member, kind, signature, detail) of every
    /// object kind, one tab-separated line each.
    public static func interfaceListing() -> String {
        let service = InkstoneService()
        let objects = [make(service: service), InputContextObject.make(service: service), DocumentObject.make(service: service)]
        let members = Set(objects.flatMap(\.members)).sorted()
        return members.map(\.description).joined(separator: "\n") + "\n"
    }
}
