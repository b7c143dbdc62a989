import DBusKit

/// The options of `CreateInputContext`, typed; see `dbus/org.inkstone.Inkstone1.xml`.
///
/// Options left nil are not sent (the daemon's default applies). ``extra``
/// carries options this struct does not know yet, sent as given (a typed
/// field of the same name wins).
public struct InputContextOptions: Sendable, Equatable {
    /// The offset unit of a context.
    public enum Unit: String, Sendable, CaseIterable {
        /// UTF-16 code units (the default).
        case utf16
        /// UTF-8 bytes.
        case utf8
        /// Unicode scalars.
        case scalars
        /// Grapheme clusters.
        case graphemes
    }

    /// What focus-out does with marked text.
    public enum FocusOut: String, Sendable {
        /// Commits it (the default).
        case commit
        /// Drops it.
        case discard
    }

    /// `engine`: an id from `ListEngines`.
    public var engine: String?
    /// `unit`: the context's offset unit.
    public var unit: Unit?
    /// `document`: the path of a document created by or shared with the caller.
    public var document: String?
    /// `program`: the name of the calling program (at most 255 bytes).
    public var program: String?
    /// `notifications`: the kinds of notifications to get (text, selection, marked, commit, edits, properties, …).
    public var notifications: [String]?
    /// `focus_out`: commit or discard marked text on focus-out.
    public var focusOut: FocusOut?
    /// `queue_edits`: queue edits while another context composes (else `Busy`).
    public var queueEdits: Bool?
    /// `persist`: the context outlives the caller's connection and any peer may call it.
    public var persist: Bool?
    /// `ambiguous_wide`: East Asian Ambiguous characters take two cells.
    public var ambiguousWide: Bool?
    /// `coalesce`: one `Notifications` signal per call (true, the default) or one signal per notification.
    public var coalesce: Bool?
    /// `durable`: the context's document is journaled to disk and can be restored after a crash
    /// (see `RestoreDocument`).
    public var durable: Bool?
    /// `sensitive`: the field holds a secret; its dictionary engine learns nothing from it.
    public var sensitive: Bool?
    /// `live_patterns`: the document marks mentions, hashtags, URLs and registered patterns
    /// with the derived `pattern` attribute as it is edited.
    public var livePatterns: Bool?
    /// Options sent as they are, for names this struct does not know yet.
    public var extra: [String: DBusValue]

    /// Options; every one left out takes the daemon's default.
    public init(
        engine: String? = nil, unit: Unit? = nil, document: String? = nil, program: String? = nil,
        notifications: [String]? = nil, focusOut: FocusOut? = nil, queueEdits: Bool? = nil, persist: Bool? = nil,
        ambiguousWide: Bool? = nil, coalesce: Bool? = nil, durable: Bool? = nil, sensitive: Bool? = nil,
        livePatterns: Bool? = nil, extra: [String: DBusValue] = [:]
    ) {
        self.engine = engine
        self.unit = unit
        self.document = document
        self.program = program
        self.notifications = notifications
        self.focusOut = focusOut
        self.queueEdits = queueEdits
        self.persist = persist
        self.ambiguousWide = ambiguousWide
        self.coalesce = coalesce
        self.durable = durable
        self.sensitive = sensitive
        self.livePatterns = livePatterns
        self.extra = extra
    }

    /// The `a{sv}` the daemon receives.
    public var vardict: [String: DBusValue] {
        var options = extra
        func put(_ name: String, _ value: DBusValue?) { if let value { options[name] = value } }
        put("engine", engine.map(DBusValue.string))
        put("unit", unit.map { .string($0.rawValue) })
        put("document", document.map(DBusValue.objectPath))
        put("program", program.map(DBusValue.string))
        put("notifications", notifications.map { .array(elementSignature: "s", $0.map(DBusValue.string)) })
        put("focus_out", focusOut.map { .string($0.rawValue) })
        put("queue_edits", queueEdits.map(DBusValue.bool))
        put("persist", persist.map(DBusValue.bool))
        put("ambiguous_wide", ambiguousWide.map(DBusValue.bool))
        put("coalesce", coalesce.map(DBusValue.bool))
        put("durable", durable.map(DBusValue.bool))
        put("sensitive", sensitive.map(DBusValue.bool))
        put("live_patterns", livePatterns.map(DBusValue.bool))
        return options
    }
}
