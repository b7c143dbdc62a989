import DBusKit
import InkstoneService
import InkstoneText

/// The `org.inkstone.Document1` objects under ``ObjectPaths/documents``.
public enum DocumentObject {
    /// The interface name.
    public static let interface = "org.inkstone.Document1"

    /// The exported subtree object for every document of `service`.
    public static func make(
        service: InkstoneService, afterHandler: (@Sendable () -> Void)? = nil,
        observe: (@Sendable (MethodCall, DBusKitError?) -> Void)? = nil
    ) -> ExportedObject {
        ExportedObject(
            interfaces: [table(service: service)],
            introspectionXML: InkstoneIntrospection.document + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:), afterHandler: afterHandler,
            argumentLimits: service.limits.argumentLimits,
            lookup: ObjectTree.documents(service), observe: observe)
    }

    /// The dispatch table.
    static func table(service: InkstoneService) -> InterfaceTable {
        // The object tree's lookup found the document (a call to none was answered `UnknownObject`).
        var builder = ObjectTableBuilder<SharedDocument>(interface) { call in
            guard let document = call.target as? SharedDocument else {
                throw InkstoneError.unknownObject("no document at \(call.path)")
            }
            try service.checkAccess(to: document, caller: call.sender)
            return document
        }
        builder.method(
            "Share", input: "s",
            withCall: { document, call, reader in
                let peer = try reader.readString()
                try PeerName.validate(peer, argument: "peer")
                try document.share(with: peer, caller: call.sender, limit: service.limits.sharesPerDocument)
                return .empty
            })
        builder.method(
            "Unshare", input: "s",
            withCall: { document, call, reader in
                try document.unshare(try reader.readString(), caller: call.sender)
                return .empty
            })
        builder.property("Revision", signature: "t") { document, writer in writer.append(document.document.revision) }
        builder.property("Composing", signature: "b") { document, writer in writer.append(document.document.isComposing)
        }
        builder.property("ContextCount", signature: "u") { document, writer in
            writer.append(UInt32(document.contexts.count))
        }
        return builder.table
    }
}
