import InkstoneText

/// Which objects exist and which a caller may use (`ListContexts`, `ListDocuments`,
/// introspection of the live tree).
extension InkstoneService {
    /// Ids of the contexts `caller` may call (its own and every persistent one), ascending.
    public func contextIDs(usableBy caller: String) -> [UInt64] {
        contexts.values.filter { $0.owner == caller || $0.options.persist }.map(\.id).sorted()
    }

    /// Ids of the documents `caller` may attach to (created by it or shared with it), ascending.
    public func documentIDs(usableBy caller: String) -> [UInt64] {
        documents.values.filter { $0.isAccessible(by: caller) }.map(\.id).sorted()
    }

    /// Ids of every live context, ascending.
    public var allContextIDs: [UInt64] { contexts.keys.sorted() }

    /// Ids of every live document, ascending.
    public var allDocumentIDs: [UInt64] { documents.keys.sorted() }

    /// The live context with `id`, whoever may use it (the caller is checked by `checkAccess(to:caller:)`).
    public func liveContext(_ id: UInt64) -> InputContext? { contexts[id] }

    /// The live document with `id`, whoever may use it (the caller is checked by `checkAccess(to:caller:)`).
    public func liveDocument(_ id: UInt64) -> SharedDocument? { documents[id] }
}
