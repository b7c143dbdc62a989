import InkstoneEngines
import InkstoneText

/// The service core: documents, input contexts, who owns what, limits, and the
/// fan-out of changes to every context of a document. Independent of any
/// transport; the D-Bus adapter is a thin layer over it.
///
/// Not thread-safe by design: one thread (the daemon's event loop) owns it.
public final class InkstoneService: @unchecked Sendable {
    /// The limits in force (a reload changes them for what comes next; nothing held is dropped).
    public var limits: ServiceLimits
    /// How engines are made for new contexts and engine switches (a reload changes them;
    /// running engines keep theirs).
    public var engineSettings: EngineSettings
    /// Where notifications go.
    public weak var sink: (any NotificationSink)?
    /// The learning stores dictionary engines rank with (nil: nothing is learnt;
    /// see `InkstoneService+Learning.swift`).
    public var userDictionaries: UserDictionaries?
    /// Where durable documents are journaled, and the open ones (see `InkstoneService+Durability.swift`).
    public let durable = DurableDocuments()

    private(set) var documents: [UInt64: SharedDocument] = [:]
    private(set) var contexts: [UInt64: InputContext] = [:]
    private var contextCountByPeer: [String: Int] = [:]
    private var persistentContextCount = 0
    private var nextDocumentID: UInt64 = 1
    private var nextContextID: UInt64 = 1

    /// Creates an empty service.
    public init(limits: ServiceLimits = ServiceLimits(), engineSettings: EngineSettings = .stock) {
        self.limits = limits
        self.engineSettings = engineSettings
    }

    /// A context and its shared document hold each other (``destroyContext(_:)``
    /// breaks that for one context): a service that goes away breaks it for all.
    deinit {
        for context in contexts.values {
            context.shared.contexts.removeAll()
            context.shared.ticketOwners.removeAll()
        }
    }

    /// How many contexts and documents are alive.
    public var counts: (contexts: Int, documents: Int) { (contexts.count, documents.count) }

    // MARK: documents

    /// Creates an empty document owned by `peer`.
    public func createDocument(owner peer: String) throws(InkstoneError) -> SharedDocument {
        let owned = documents.values.lazy.filter { $0.creator == peer }.count
        guard owned < limits.documentsPerPeer else {
            throw .limitExceeded("\(peer) already holds \(owned) documents (limit \(limits.documentsPerPeer))")
        }
        let shared = SharedDocument(id: nextDocumentID, creator: peer)
        shared.document.queueLimits = limits.queueLimits
        nextDocumentID += 1
        documents[shared.id] = shared
        return shared
    }

    /// Holds a restored document for `peer` (counted like one it created).
    func adoptDocument(_ document: Document, owner peer: String) throws(InkstoneError) -> SharedDocument {
        let owned = documents.values.lazy.filter { $0.creator == peer }.count
        guard owned < limits.documentsPerPeer else {
            throw .limitExceeded("\(peer) already holds \(owned) documents (limit \(limits.documentsPerPeer))")
        }
        let shared = SharedDocument(id: nextDocumentID, creator: peer, document: document)
        shared.document.queueLimits = limits.queueLimits
        nextDocumentID += 1
        documents[shared.id] = shared
        return shared
    }

    /// Drops a document no context holds.
    func forgetDocument(_ shared: SharedDocument) {
        if shared.contexts.isEmpty { documents[shared.id] = nil }
    }

    /// The document with `id`, which `caller` must be allowed to use.
    public func document(_ id: UInt64, caller: String) throws(InkstoneError) -> SharedDocument {
        guard let shared = documents[id] else { throw .unknownObject("no document \(id)") }
        try checkAccess(to: shared, caller: caller)
        return shared
    }

    /// Throws `AccessDenied` unless the document was created by `caller` or shared with it.
    public func checkAccess(to shared: SharedDocument, caller: String) throws(InkstoneError) {
        guard shared.isAccessible(by: caller) else {
            throw .accessDenied("document \(shared.id) is not shared with \(caller)")
        }
    }

    // MARK: contexts

    /// Creates an input context for `peer`, on a new document or the one the
    /// options name (which must be shared with the peer).
    public func createContext(owner peer: String, options: ContextOptions) throws(InkstoneError) -> InputContext {
        let held = contextCountByPeer[peer, default: 0]
        guard held < limits.contextsPerPeer else {
            throw .limitExceeded("\(peer) already holds \(held) input contexts (limit \(limits.contextsPerPeer))")
        }
        guard contexts.count < limits.contextsPerUser else {
            throw .limitExceeded(
                "this user's clients already hold \(contexts.count) input contexts (limit \(limits.contextsPerUser))")
        }
        guard !options.persist || persistentContextCount < limits.persistentContexts else {
            throw .limitExceeded(
                "\(persistentContextCount) persistent input contexts exist already (limit \(limits.persistentContexts))"
            )
        }
        let shared: SharedDocument
        if let documentID = options.documentID {
            shared = try document(documentID, caller: peer)
        } else {
            shared = try createDocument(owner: peer)
        }
        let context: InputContext
        do {
            context = try InputContext(id: nextContextID, owner: peer, shared: shared, options: options, service: self)
        } catch {
            if shared.contexts.isEmpty && options.documentID == nil { documents[shared.id] = nil }
            throw error
        }
        if options.durable && shared.durability == nil {
            do {
                try makeDurable(shared, options: options)
            } catch {
                if shared.contexts.isEmpty && options.documentID == nil { documents[shared.id] = nil }
                throw error
            }
        }
        nextContextID += 1
        contexts[context.id] = context
        contextCountByPeer[peer] = held + 1
        if options.persist { persistentContextCount += 1 }
        shared.contexts.append(context)
        if context.wants(.properties) { context.publishedProperties = ContextProperties(context) }
        if options.livePatterns { context.enableLivePatterns() }
        if let definition = options.formatting { _ = shared.document.setFormattingDefinition(definition) }
        return context
    }

    /// The context with `id`; only its owner may use it (any peer, for a
    /// persistent context).
    public func context(_ id: UInt64, caller: String) throws(InkstoneError) -> InputContext {
        guard let context = contexts[id] else { throw .unknownObject("no input context \(id)") }
        try checkAccess(to: context, caller: caller)
        return context
    }

    /// Throws `AccessDenied` unless `caller` may use the context: its owner, or any
    /// peer for a persistent context.
    public func checkAccess(to context: InputContext, caller: String) throws(InkstoneError) {
        guard context.owner == caller || context.options.persist else {
            throw .accessDenied("input context \(context.id) belongs to another client")
        }
    }

    /// Destroys a context: its open marked text is committed or discarded per
    /// its focus-out policy; the document goes when no context holds it.
    public func destroyContext(_ context: InputContext) {
        context.endComposition(policy: context.options.focusOut)
        guard contexts.removeValue(forKey: context.id) != nil else { return }
        let peer = context.owner
        let remaining = contextCountByPeer[peer, default: 1] - 1
        contextCountByPeer[peer] = remaining > 0 ? remaining : nil
        if context.options.persist { persistentContextCount -= 1 }
        let shared = context.shared
        shared.contexts.removeAll { $0 === context }
        shared.ticketOwners = shared.ticketOwners.filter { $0.value !== context }
        if shared.contexts.isEmpty {
            documents[shared.id] = nil
            releaseDurability(of: shared)
        }
    }

    /// A peer left the bus: its contexts go (as `destroyContext`), and so do
    /// documents it created that no context holds.
    public func peerVanished(_ peer: String) {
        durable.keepsJournalsOfClosedDocuments = true
        defer { durable.keepsJournalsOfClosedDocuments = false }
        for context in contexts.values.sorted(by: { $0.id < $1.id }) {
            if context.options.persist {
                if context.listener == peer { context.listener = "" }
            } else if context.owner == peer {
                destroyContext(context)
            }
        }
        for shared in documents.values where shared.creator == peer && shared.contexts.isEmpty {
            documents[shared.id] = nil
            releaseDurability(of: shared)
        }
        for shared in documents.values {
            try? shared.unshare(peer, caller: shared.creator)
        }
        sink?.endOfChange()
    }
}
