import InkstoneEngines
import InkstoneText

/// An input context: one client's view on a shared document, with its own
/// unit, selection, marked text, undo stack, engine and subscriptions.
///
/// Not thread-safe: the service confines every context to one thread.
public final class InputContext {
    /// The context's id (its object path ends in it).
    public let id: UInt64
    /// The peer that created it; only it may call it (unless persistent).
    public let owner: String
    /// The peer its notifications go to: the owner, or for a persistent
    /// context the last peer that subscribed ("" when that peer left).
    public internal(set) var listener: String
    /// The document it views.
    public let shared: SharedDocument
    /// The view into the text model (unit, selection, marked text, undo).
    public let view: DocumentView
    /// The options it was created with.
    public let options: ContextOptions
    /// The notifications it receives.
    public internal(set) var subscriptions: Set<NotificationKind> {
        didSet { subscribedMask = NotificationKindMask(subscriptions) }
    }
    /// ``subscriptions`` as bits (asked on every event).
    private var subscribedMask: NotificationKindMask
    /// Whether it has focus.
    public internal(set) var isFocused = false
    /// The composition engine (replaced only through ``install(_:)``, which keeps
    /// ``engineID`` in step).
    var engine: any CompositionEngine
    /// The id of the engine in use (kept beside the engine: reading it through the
    /// existential would copy the engine on every read).
    public private(set) var engineID: String
    /// The engine's candidate list as last published.
    public internal(set) var candidates: CandidatesSnapshot = .closed
    /// The properties as last published (for `PropertiesChanged`).
    var publishedProperties: ContextProperties?
    /// Where its text is on screen (layout sources, see `InputContext+Geometry.swift`).
    public let geometry = GeometryState()
    /// Set while one call makes several steps (a key): properties are published once, at its end.
    var defersProperties = false
    /// The revision and caret the engine last got its surrounding text at (nil: not since
    /// it was made or restored).
    var surroundingStamp: SurroundingStamp?
    /// The engine's preedit last made the marked text, and the marked text it made (see
    /// ``ShownPreedit``).
    var shownPreedit: ShownPreedit?
    /// The service that publishes this context's changes.
    unowned let service: InkstoneService
    /// What the notification sink keeps for this context from call to call (its
    /// transport address, a prepared message); opaque to the service and released
    /// with the context, so nothing of a destroyed context stays behind.
    public var sinkState: AnyObject?

    init(id: UInt64, owner: String, shared: SharedDocument, options: ContextOptions, service: InkstoneService)
        throws(InkstoneError)
    {
        self.id = id
        self.owner = owner
        listener = owner
        self.shared = shared
        self.options = options
        self.service = service
        let settings = service.engineSettings
        engine = try EngineRegistry.makeEngine(
            id: options.engine ?? settings.defaultEngine, settings: settings,
            learning: Self.learning(options: options, service: service))
        engineID = engine.id
        subscriptions = options.notifications
        subscribedMask = NotificationKindMask(options.notifications)
        view = shared.document.makeView(unit: options.unit, undo: service.limits.undoConfiguration)
    }

    /// The context's offset unit.
    public var unit: OffsetUnit { view.unit }

    /// The caller's notifications collected during a reporting call (see
    /// ``reporting(_:)``), nil outside one.
    var report: [Notification]?

    /// Whether the context wants notifications of `kind` (during a reporting
    /// call: the kinds its reply carries).
    @inline(__always)
    public func wants(_ kind: NotificationKind) -> Bool {
        report == nil ? subscribedMask.contains(kind) : Self.reportedKinds.contains(kind)
    }

    /// Makes `engine` the context's engine.
    func install(_ engine: any CompositionEngine) {
        self.engine = engine
        engineID = engine.id
    }

    /// Replaces the context's subscriptions; the caller becomes the listener.
    public func subscribe(_ kinds: Set<NotificationKind>, listener peer: String) {
        subscriptions = kinds
        listener = peer
        if !kinds.contains(.properties) { publishedProperties = nil }
    }
}

/// Where an engine's surrounding text was read: the document revision and the caret.
struct SurroundingStamp: Equatable {
    let revision: UInt64
    let caret: Int?
}
