import DBusKit
import InkstoneService

/// The `org.inkstone.Document1` objects under ``ObjectPaths/documents``.
public enum DocumentObject {
    /// The interface name.
    public static let interface = "org.inkstone.Document1"

    /// The exported subtree object for every document of `service`.
    public static func make(service: InkstoneService) -> ExportedObject {
        ExportedObject(
            interfaces: [table(service: service)],
            introspectionXML: InkstoneIntrospection.document + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:))
    }

    /// The dispatch table. Methods see the caller, so they resolve it themselves.
    static func table(service: InkstoneService) -> InterfaceTable {
        var builder = ObjectTableBuilder<(SharedDocument, String)>(interface) { call in
            let id = try ObjectPaths.id(of: call.path, under: ObjectPaths.documents)
            return (try service.document(id, caller: call.sender), call.sender)
        }
        builder.method("Share", input: "s") { found, reader in
            try found.0.share(with: try reader.readString(), caller: found.1)
            return .empty
        }
        builder.method("Unshare", input: "s") { found, reader in
            try found.0.unshare(try reader.readString(), caller: found.1)
            return .empty
        }
        builder.property("Revision", signature: "t") { found, writer in writer.append(found.0.document.revision) }
        builder.property("Composing", signature: "b") { found, writer in writer.append(found.0.document.isComposing) }
        builder.property("ContextCount", signature: "u") { found, writer in
            writer.append(UInt32(found.0.contexts.count))
        }
        return builder.table
    }
}
