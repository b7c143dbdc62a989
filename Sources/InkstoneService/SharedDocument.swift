import InkstoneSegmentation
import InkstoneText

/// A document as the service holds it: the text model plus who may use it
/// and which input contexts view it.
public final class SharedDocument {
    /// The document's id (its object path ends in it).
    public let id: UInt64
    /// The peer that created it; only it may share it.
    public let creator: String
    /// The text model.
    public let document: Document
    /// Peers, besides the creator, that may attach contexts.
    public private(set) var sharedWith: Set<String> = []
    /// The contexts viewing the document, in creation order.
    public internal(set) var contexts: [InputContext] = []
    /// Which context queued which edit (ticket id → context).
    var ticketOwners: [UInt64: InputContext] = [:]
    /// The journal and restore token of a durable document, nil otherwise.
    public internal(set) var durability: DocumentDurability?
    /// The segmenter over the text, created on first use.
    private var segmenter: Segmenter?
    private var segmenterRevision: UInt64 = 0

    init(id: UInt64, creator: String, text: String = "") {
        self.id = id
        self.creator = creator
        document = Document(text: text)
    }

    /// A document around an existing text model (a restored one).
    init(id: UInt64, creator: String, document: Document) {
        self.id = id
        self.creator = creator
        self.document = document
    }

    /// Whether `peer` may attach a context.
    public func isAccessible(by peer: String) -> Bool {
        peer == creator || sharedWith.contains(peer)
    }

    /// Lets `peer` attach contexts. Only the creator may share, with at most
    /// `limit` peers at once; the adapter checks that `peer` is a valid peer name.
    public func share(
        with peer: String, caller: String, limit: Int = ServiceLimits().sharesPerDocument
    ) throws(InkstoneError) {
        guard caller == creator else {
            throw .accessDenied("document \(id) belongs to \(creator); only its creator may share it")
        }
        guard !peer.isEmpty else { throw .invalidArgument("the peer name is empty") }
        guard sharedWith.contains(peer) || sharedWith.count < limit else {
            throw .limitExceeded("document \(id) is already shared with \(sharedWith.count) peers (limit \(limit))")
        }
        sharedWith.insert(peer)
    }

    /// Lets `peer` attach contexts without the creator's consent (it holds the
    /// document's restore token).
    func admit(_ peer: String) {
        if peer != creator { sharedWith.insert(peer) }
    }

    /// Withdraws a share. Only the creator may unshare.
    public func unshare(_ peer: String, caller: String) throws(InkstoneError) {
        guard caller == creator else {
            throw .accessDenied("document \(id) belongs to \(creator); only its creator may unshare it")
        }
        sharedWith.remove(peer)
    }

    /// Forgets state derived from the text (after a rollback reused revision numbers).
    func dropDerivedState() {
        segmenter = nil
    }

    /// The segmenter, told about any change since it was last used.
    func currentSegmenter() -> Segmenter {
        if let segmenter {
            if segmenterRevision != document.revision {
                segmenter.sourceDidChange()
                segmenterRevision = document.revision
            }
            return segmenter
        }
        let made = Segmenter(source: document.storage)
        segmenter = made
        segmenterRevision = document.revision
        return made
    }
}
