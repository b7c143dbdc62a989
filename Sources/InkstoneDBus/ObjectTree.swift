import DBusKit
import InkstoneService
import InkstoneText

/// The live object tree: which `context/N` and `document/N` exist, for introspection
/// (`gdbus introspect --recurse`, `busctl tree`) and for answering `UnknownObject` at a path
/// with nothing behind it.
enum ObjectTree {
    /// The last path element of the context and document subtrees.
    static let contextNode = "context"
    static let documentNode = "document"

    /// `/org/inkstone/Inkstone1`: the service object, with its two subtrees as children.
    static func serviceLookup() -> @Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode {
        { _ in .object(children: [contextNode, documentNode]) }
    }

    /// The subtree under `root` whose live ids `ids` lists and `find` finds: a call to a live
    /// object hands it to the handler (``DBusKit/MethodCall/target``), so each call finds it once.
    static func subtreeLookup(
        root: String, kind: String, ids: @escaping @Sendable () -> [UInt64],
        find: @escaping @Sendable (UInt64) -> AnyObject?
    ) -> @Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode {
        { path in
            if ObjectPaths.matches(path, root) {
                return .container(
                    children: ids().map(String.init),
                    error: unknown("\(root) holds the \(kind)s; call one of them (\(root)/N)"))
            }
            guard let id = ObjectPaths.parseID(path, under: root), let object = find(id) else {
                return .absent(unknown("no \(kind) at \(String(decoding: path, as: UTF8.self))"))
            }
            return .found(object)
        }
    }

    /// `org.inkstone.Error.UnknownObject` with `message`.
    private static func unknown(_ message: String) -> DBusKitError {
        InkstoneErrorMapping.dbusError(for: InkstoneError.unknownObject(message))
    }

    /// The lookup for the contexts of `service`.
    static func contexts(_ service: InkstoneService) -> @Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode {
        subtreeLookup(
            root: ObjectPaths.contexts, kind: "input context",
            ids: { service.allContextIDs }, find: { service.liveContext($0) })
    }

    /// The lookup for the documents of `service`.
    static func documents(_ service: InkstoneService) -> @Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode {
        subtreeLookup(
            root: ObjectPaths.documents, kind: "document",
            ids: { service.allDocumentIDs }, find: { service.liveDocument($0) })
    }
}
