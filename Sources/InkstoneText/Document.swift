/// A shared text document: storage, revision, anchors, attribute runs, the
/// composing view and the edits queued behind it.
///
/// Every input context edits a document through a ``DocumentView``. Each text
/// mutation bumps ``revision`` (a new document is at 0) and produces one
/// ``ChangeRecord``. While any view has marked text, edits from other views
/// and document-level edits are queued (anchored) and applied when that
/// composition ends. Not thread-safe by design: the service confines a
/// document to one thread.
public final class Document {
    /// The characters.
    public let storage: TextStorage
    /// The number of text mutations so far (0 for a new document).
    public internal(set) var revision: UInt64 = 0
    /// Live anchors, moved on every edit.
    var anchors = AnchorRegistry()
    /// Attribute runs over the text.
    var attributeStore: AttributeStore
    /// What attributes may be stored (nil: any), see ``setFormattingDefinition(_:)``.
    public internal(set) var formattingDefinition: FormattingDefinition?
    /// The live-pattern detectors (nil: live patterns off), see ``enableLivePatterns()``.
    var livePatterns: LivePatterns?
    /// Views of this document, held weakly.
    private var views: [WeakView] = []
    /// The live views, oldest first.
    var liveViews: [DocumentView] { views.compactMap(\.view) }
    /// The view whose marked text is open, if any.
    weak var composingView: DocumentView?
    /// Edits waiting for the composition to end, oldest first.
    var queuedEdits: [QueuedEdit] = []
    /// Whether edits are measured in UTF-8 and code points only while every view of the
    /// document counts in one of those and no observer is registered (a document mirrored
    /// for a client that counts in code points: measuring each edit in UTF-16 and graphemes
    /// too would serve no one). Off by default: every ``ChangeRecord`` is measured in every
    /// unit. A view in another unit, or an observer, brings every unit back for the edits
    /// made while it is there.
    public var measuresCodePointsOnly = false
    /// How many edits and bytes may wait behind a composition.
    public var queueLimits = QueueLimits()
    /// UTF-8 bytes of text held by queued edits (counted against the document size by the service).
    public internal(set) var queuedUTF8Bytes = 0
    /// Set while queued edits are being applied (a nested flush does nothing).
    var isFlushing = false
    var nextTicketID: UInt64 = 1
    private var nextViewNumber: UInt64 = 1
    private var observers: [(token: ObserverToken, handler: (DocumentEvent) -> Void)] = []
    private var nextObserverNumber = 1
    /// Events of the public call in progress (nil outside calls).
    private var eventBuffer: [DocumentEvent]?

    private struct WeakView {
        weak var view: DocumentView?
    }

    /// Creates a document holding `text` (revision 0).
    public init(text: String = "") {
        storage = TextStorage(text)
        attributeStore = AttributeStore(utf8Count: storage.utf8Count)
    }

    /// Creates a document over an existing storage (revision 0). The document
    /// takes the storage over: edit it only through the document from now on.
    public init(storage: TextStorage) {
        self.storage = storage
        attributeStore = AttributeStore(utf8Count: storage.utf8Count)
    }

    /// Opens a view that speaks `unit`, with its own selection, marked text and undo stack.
    public func makeView(unit: OffsetUnit = .utf16, undo: UndoConfiguration = UndoConfiguration()) -> DocumentView {
        let id = ViewID(rawValue: nextViewNumber)
        nextViewNumber += 1
        let view = DocumentView(id: id, document: self, unit: unit, undoConfiguration: undo)
        views.removeAll { $0.view == nil }
        views.append(WeakView(view: view))
        return view
    }

    /// The whole text (a flat copy; for tests and small documents).
    public var text: String { storage.string }

    /// Whether some view has marked text (other edits are queued meanwhile).
    public var isComposing: Bool { composingView != nil }

    /// The view that has marked text, if any.
    public var composingViewID: ViewID? { composingView?.id }

    /// Edits queued behind the composition, oldest first (queued selection moves have no ticket).
    public var queuedTickets: [EditTicket] { queuedEdits.compactMap(\.ticket) }

    /// Queued entries, selection moves included (each counts against ``QueueLimits/edits``).
    public var queuedEditCount: Int { queuedEdits.count }

    /// Live anchors (for diagnostics).
    public var liveAnchorCount: Int { anchors.liveCount }

    /// Creates an anchor at a UTF-8 offset (a scalar boundary in `0...utf8Count`).
    public func makeAnchor(utf8Offset: Int, bias: AnchorBias) -> TextAnchor {
        anchors.make(utf8Offset: utf8Offset, bias: bias)
    }

    // MARK: Observers and events

    /// Registers a handler called synchronously with every event, in order.
    @discardableResult
    public func addObserver(_ handler: @escaping (DocumentEvent) -> Void) -> ObserverToken {
        let token = ObserverToken(rawValue: nextObserverNumber)
        nextObserverNumber += 1
        observers.append((token, handler))
        return token
    }

    /// Removes a handler.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// Reports an event to the call in progress and to observers.
    func emit(_ event: DocumentEvent) {
        // An edit emits a few events (text, selection, marked text): room for them at once.
        if eventBuffer?.isEmpty == true { eventBuffer?.reserveCapacity(4) }
        eventBuffer?.append(event)
        for observer in observers { observer.handler(event) }
    }

    /// Runs one public call and returns the events it produced (nested calls fold into the outer one).
    func collectingEvents(
        _ body: () throws(InkstoneError) -> EditTicket?
    ) throws(InkstoneError) -> EditResult {
        let outermost = eventBuffer == nil
        if outermost { eventBuffer = [] }
        defer {
            if outermost {
                eventBuffer = nil
                _checkInvariants()
            }
        }
        let ticket = try body()
        return EditResult(events: eventBuffer ?? [], ticket: ticket)
    }

    /// The typing attributes of the view an edit comes from, when the edit
    /// types or composes text and the view has them set.
    func typingAttributes(for cause: EditCause, viewID: ViewID?) -> AttributeSet? {
        guard let viewID, cause == .typing || cause == .composition || cause == .commit else { return nil }
        guard let view = views.first(where: { $0.view?.id == viewID })?.view, view.typingAttributesOverride != nil
        else {
            return nil
        }
        return view.typingAttributes
    }

    // MARK: Checks

    /// Throws `Stale` unless `expectedRevision` is 0 or the current revision.
    func checkRevision(_ expectedRevision: UInt64) throws(InkstoneError) {
        guard expectedRevision == 0 || expectedRevision == revision else {
            throw .stale("expected revision \(expectedRevision) but the document is at revision \(revision)")
        }
    }

    /// Whether an edit from `view` (nil: document-level) must wait for another view's composition.
    func mustQueue(for view: DocumentView?) -> Bool {
        guard let composingView else { return false }
        return composingView !== view
    }

    /// Makes a ticket for a queued edit.
    func makeTicket() -> EditTicket {
        defer { nextTicketID += 1 }
        return EditTicket(id: nextTicketID, queuedAtRevision: revision)
    }

    // MARK: Mutation

    /// Replaces a UTF-8 range (grapheme-aligned, validated by the caller) and
    /// reports it: bumps the revision, moves anchors and attribute runs (typed
    /// and composed text takes its view's typing attributes when set), snaps
    /// selections, emits `textChanged` and any `selectionChanged`.
    @discardableResult
    func applyEdit(utf8Range: Range<Int>, with text: String, cause: EditCause, viewID: ViewID?) -> ChangeRecord {
        revision += 1
        let record = storage.replace(
            utf8Range: utf8Range, with: text, measuringEveryUnit: measuresEveryUnit, revision: revision, cause: cause,
            viewID: viewID)
        let newUTF8Length = text.utf8.count
        anchors.adjust(replacing: utf8Range, newUTF8Length: newUTF8Length)
        attributeStore.adjust(
            replacing: utf8Range, newUTF8Length: newUTF8Length, attributes: typingAttributes(for: cause, viewID: viewID)
        )
        emit(.textChanged(record))
        for entry in views {
            entry.view?.documentDidChange()
        }
        refreshPatterns(afterEditOf: utf8Range.lowerBound..<utf8Range.lowerBound + newUTF8Length)
        return record
    }

    /// Whether the next edit is measured in every unit (see ``measuresCodePointsOnly``).
    private var measuresEveryUnit: Bool {
        guard measuresCodePointsOnly, observers.isEmpty else { return true }
        return views.contains { $0.view.map { $0.unit == .utf16 || $0.unit == .graphemes } ?? false }
    }
}

/// A handle to remove an observer.
public struct ObserverToken: Hashable, Sendable {
    let rawValue: Int
}
