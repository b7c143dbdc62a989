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
    static func serviceLookup() -> @Sendable (String) -> ObjectNode {
        { _ in .object(children: [contextNode, documentNode]) }
    }

    /// The subtree under `root` whose live ids `ids` lists and `exists` checks.
    static func subtreeLookup(
        root: String, kind: String, ids: @escaping @Sendable () -> [UInt64],
        exists: @escaping @Sendable (UInt64) -> Bool
    ) -> @Sendable (String) -> ObjectNode {
        { path in
            if path == root {
                return .container(
                    children: ids().map(String.init),
                    error: unknown("\(root) holds the \(kind)s; call one of them (\(root)/N)"))
            }
            guard let id = try? ObjectPaths.id(of: path, under: root), exists(id) else {
                return .absent(unknown("no \(kind) at \(path)"))
            }
            return .object(children: [])
        }
    }

    /// `org.inkstone.Error.UnknownObject` with `message`.
    private static func unknown(_ message: String) -> DBusKitError {
        InkstoneErrorMapping.dbusError(for: InkstoneError.unknownObject(message))
    }

    /// The lookup for the contexts of `service`.
    static func contexts(_ service: InkstoneService) -> @Sendable (String) -> ObjectNode {
        subtreeLookup(
            root: ObjectPaths.contexts, kind: "input context",
            ids: { service.allContextIDs }, exists: { service.hasContext($0) })
    }

    /// The lookup for the documents of `service`.
    static func documents(_ service: InkstoneService) -> @Sendable (String) -> ObjectNode {
        subtreeLookup(
            root: ObjectPaths.documents, kind: "document",
            ids: { service.allDocumentIDs }, exists: { service.hasDocument($0) })
    }
}
