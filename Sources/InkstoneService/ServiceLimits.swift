import InkstoneText

/// Configurable limits that keep one client from exhausting the daemon.
/// Each violation is `InkstoneError.limitExceeded` with the limit named.
public struct ServiceLimits: Sendable, Equatable {
    /// Input contexts one peer may hold at once.
    public var contextsPerPeer: Int
    /// Input contexts all peers of one user may hold at once. Every peer of
    /// the session bus and of the direct socket authenticates as the daemon's
    /// own user, so this caps every context the daemon holds.
    public var contextsPerUser: Int
    /// Persistent contexts (`persist=true`, which outlive their creator) the daemon holds at once.
    public var persistentContexts: Int
    /// Documents one peer may have created and still hold.
    public var documentsPerPeer: Int
    /// Peers one document may be shared with at once.
    public var sharesPerDocument: Int
    /// The largest document, in UTF-8 bytes.
    public var documentUTF8Bytes: Int
    /// The longest string one call may carry, in UTF-8 bytes (every string argument).
    public var stringUTF8Bytes: Int
    /// The most bytes queued for one listener that does not read: past it,
    /// its signals are dropped (and a direct peer-to-peer listener is disconnected).
    public var listenerBacklogBytes: Int
    /// Edits (and selection moves) that may wait behind one document's composition.
    public var queuedEditsPerDocument: Int = 1_000
    /// UTF-8 bytes of text those queued edits may hold per document.
    public var queuedUTF8BytesPerDocument: Int = 16 << 20
    /// UTF-8 bytes of replaced text one context's undo and redo stacks may hold
    /// (oldest groups dropped first).
    public var undoUTF8BytesPerContext: Int = 16 << 20
    /// UTF-8 bytes of replaced text one open explicit undo group may hold
    /// (an edit past it is refused with `LimitExceeded`).
    public var openUndoGroupUTF8Bytes: Int = 8 << 20
    /// Key names one `ProcessKeyNames` call may carry.
    public var keyNamesPerCall: Int = 1_024
    /// Durable documents (journaled, `durable=true`) the daemon holds open at once.
    public var durableDocuments: Int = 64
    /// Bytes past which a durable document's journal is rewritten as a
    /// snapshot (it never holds more than the snapshot and this much).
    public var journalCompactionBytes: Int = 1 << 20
    /// Days after which the journal of a document nobody restored is deleted.
    public var unrestoredJournalDays: Int = 30

    /// Creates limits; the defaults are those of a stock daemon.
    public init(
        contextsPerPeer: Int = 256,
        contextsPerUser: Int = 4096,
        persistentContexts: Int = 256,
        documentsPerPeer: Int = 256,
        sharesPerDocument: Int = 64,
        documentUTF8Bytes: Int = 64 << 20,
        stringUTF8Bytes: Int = 16 << 20,
        listenerBacklogBytes: Int = 16 << 20
    ) {
        self.contextsPerPeer = contextsPerPeer
        self.contextsPerUser = contextsPerUser
        self.persistentContexts = persistentContexts
        self.documentsPerPeer = documentsPerPeer
        self.sharesPerDocument = sharesPerDocument
        self.documentUTF8Bytes = documentUTF8Bytes
        self.stringUTF8Bytes = stringUTF8Bytes
        self.listenerBacklogBytes = listenerBacklogBytes
    }

    /// Throws `LimitExceeded` when `text` is longer than one call may carry.
    public func checkString(_ text: String, argument: String) throws(InkstoneError) {
        let bytes = text.utf8.count
        guard bytes <= stringUTF8Bytes else {
            throw InkstoneError.limitExceeded(
                "\(argument) is \(bytes) bytes; one call may carry at most \(stringUTF8Bytes) bytes")
        }
    }

    /// The queue limits a document gets.
    public var queueLimits: QueueLimits {
        QueueLimits(edits: queuedEditsPerDocument, utf8Bytes: queuedUTF8BytesPerDocument)
    }

    /// The undo configuration a context's view gets.
    public var undoConfiguration: UndoConfiguration {
        UndoConfiguration(utf8ByteLimit: undoUTF8BytesPerContext, openGroupUTF8ByteLimit: openUndoGroupUTF8Bytes)
    }
}
