import DBusKit
import InkstoneEngines
import InkstoneService
import InkstoneText

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
        service: InkstoneService, status: DaemonStatus = DaemonStatus(), version: String = InkstoneVersion.current,
        reload: (@Sendable () throws -> String)? = nil
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
            .pairs(EngineRegistry.entries(settings: service.engineSettings).map { ($0.id, $0.description) })
        }
        table.method("ListUnavailableEngines", output: "a(ss)") { _, _ in
            .pairs(EngineRegistry.unavailable(settings: service.engineSettings).map { ($0.id, $0.reason) })
        }
        table.method("ListContexts", output: "ao") { call, _ in
            .paths(service.contextIDs(usableBy: call.sender).map(ObjectPaths.context))
        }
        table.method("ListDocuments", output: "ao") { call, _ in
            .paths(service.documentIDs(usableBy: call.sender).map(ObjectPaths.document))
        }
        addLearningMethods(to: &table, service: service)
        addDurabilityMethods(to: &table, service: service)
        table.method("Reload", output: "s") { _, _ in
            guard let reload else { throw InkstoneError.invalidState("this daemon has no configuration to reload") }
            return .string(try reload())
        }
        return table
    }

    /// The exported service object, serving ``InkstoneIntrospection/xml``.
    public static func make(
        service: InkstoneService, status: DaemonStatus = DaemonStatus(), afterHandler: (@Sendable () -> Void)? = nil,
        reload: (@Sendable () throws -> String)? = nil, observe: (@Sendable (MethodCall, DBusKitError?) -> Void)? = nil
    ) -> ExportedObject {
        ExportedObject(
            interfaces: [serviceTable(service: service, status: status, reload: reload)],
            introspectionXML: InkstoneIntrospection.xml + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:), afterHandler: afterHandler,
            argumentLimits: service.limits.argumentLimits,
            lookup: ObjectTree.serviceLookup(), observe: observe)
    }

    /// Every exported (interface, member, kind, signature, detail) of every
    /// object kind, one tab-separated line each.
    public static func interfaceListing() -> String {
        let service = InkstoneService()
        let objects = [
            make(service: service), InputContextObject.make(service: service), DocumentObject.make(service: service),
        ]
        let members = Set(objects.flatMap(\.members)).sorted()
        return members.map(\.description).joined(separator: "\n") + "\n"
    }
}

extension MethodReply {
    /// A reply holding `a(ss)`.
    static func pairs(_ pairs: [(String, String)]) -> MethodReply {
        .write { writer in
            writer.appendArray(of: "(ss)") { array in
                for (first, second) in pairs {
                    array.appendStruct { pair in
                        pair.append(first)
                        pair.append(second)
                    }
                }
            }
        }
    }

    /// A reply holding `ao`.
    static func paths(_ paths: [String]) -> MethodReply {
        .write { writer in
            writer.appendArray(of: "o") { array in
                for path in paths { array.append(objectPath: path) }
            }
        }
    }
}
