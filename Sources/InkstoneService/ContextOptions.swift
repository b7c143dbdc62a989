import InkstoneText

/// What to do with open marked text when a context loses focus or is destroyed.
public enum FocusOutPolicy: String, Sendable, CaseIterable {
    /// Commit it, so nothing typed is lost (the default).
    case commit
    /// Discard it.
    case discard
}

/// The options of `CreateInputContext`, parsed and checked.
public struct ContextOptions: Sendable, Equatable {
    /// The offset unit every position of the context is in.
    public var unit: OffsetUnit = .utf16
    /// A free-form program name, for status and logs (at most ``programNameBytes``).
    public var program: String = ""
    /// The document to attach to (its id), or nil for a new document.
    public var documentID: UInt64?
    /// The notifications the context wants: by default every kind but
    /// `properties` (`PropertiesChanged` only for those who ask: the other
    /// notifications already carry every change it would announce).
    public var notifications: Set<NotificationKind> = NotificationKind.defaults
    /// What focus-out does to open marked text.
    public var focusOut: FocusOutPolicy = .commit
    /// Whether edits made while another context composes are queued (true)
    /// or refused with `Busy` (false).
    public var queueEdits: Bool = true
    /// The composition engine id, or nil for the default.
    public var engine: String?
    /// Whether the context outlives its creator's connection and any peer may
    /// call it (for `dbus-send` and scripts, whose connection ends after one
    /// call). On the session bus every peer is the same Unix user.
    public var persist: Bool = false
    /// Whether the context gets each call's notifications as one combined
    /// signal (`Notifications`, the default) instead of one signal per
    /// notification (false: for `dbus-monitor` and `dbus-send` users).
    public var coalesce: Bool = true
    /// Whether East Asian Ambiguous characters take 2 cells in the cell grid.
    public var ambiguousWide: Bool = false
    /// Whether the field is sensitive (a password, a PIN): its engine learns nothing.
    public var sensitive: Bool = false
    /// Whether the context's document detects live patterns (mentions,
    /// hashtags, URLs and registered patterns) as it is edited; once on for a
    /// document, it stays on for every context of it.
    public var livePatterns: Bool = false
    /// Whether the document is journaled so that it survives the daemon
    /// (see `InkstoneService+Durability.swift`).
    public var durable: Bool = false
    /// The formatting definition of the context's new document (nil: none);
    /// only with a new document, see ``FormattingDefinition``.
    public var formatting: FormattingDefinition?

    /// Default options.
    public init() {}

    /// The longest `program` name, in UTF-8 bytes (it is kept as long as the context).
    public static let programNameBytes = 255

    /// The option names `parse` accepts.
    public static let names = [
        "unit", "program", "document", "notifications", "focus_out", "queue_edits", "engine", "persist", "coalesce",
        "ambiguous_wide", "sensitive", "live_patterns", "durable", "formatting",
    ]

    /// Parses options written as `name=value` strings (for clients such as
    /// `dbus-send` that cannot send `a{sv}`). Booleans are true/false; the
    /// notification kinds of `notifications` are separated by `+`.
    public static func parse(
        strings: [String], documentID: (String) throws -> UInt64
    ) throws -> ContextOptions {
        var options: [String: OptionValue] = [:]
        for entry in strings {
            guard let equals = entry.firstIndex(of: "=") else {
                throw InkstoneError.invalidArgument("option '\(entry)' is not of the form name=value")
            }
            let name = String(entry[..<equals])
            let value = String(entry[entry.index(after: equals)...])
            switch name {
            case "queue_edits", "persist", "coalesce", "ambiguous_wide", "sensitive", "live_patterns", "durable":
                guard let flag = ["true": true, "false": false, "1": true, "0": false][value] else {
                    throw InkstoneError.invalidArgument("option '\(name)' takes true or false, not '\(value)'")
                }
                options[name] = .bool(flag)
            case "notifications":
                options[name] = .strings(value.isEmpty ? [] : value.split(separator: "+").map(String.init))
            case "document":
                options[name] = .objectPath(value)
            default:
                options[name] = .string(value)
            }
        }
        return try parse(options, documentID: documentID)
    }

    /// Parses options; `documentID` maps a document object path to its id.
    /// Unknown names and wrongly typed values are `InvalidArgument`.
    public static func parse(
        _ options: [String: OptionValue],
        documentID: (String) throws -> UInt64
    ) throws -> ContextOptions {
        var result = ContextOptions()
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            switch (name, value) {
            case ("unit", .string(let s)):
                guard let unit = OffsetUnit(rawValue: s) else {
                    throw InkstoneError.invalidArgument(
                        "unknown unit '\(s)'; valid units: \(OffsetUnit.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                result.unit = unit
            case ("program", .string(let s)):
                guard s.utf8.count <= programNameBytes else {
                    throw InkstoneError.limitExceeded(
                        "program name is \(s.utf8.count) bytes; a context keeps at most \(programNameBytes)")
                }
                result.program = s
            case ("document", .objectPath(let path)), ("document", .string(let path)):
                result.documentID = try documentID(path)
            case ("notifications", .strings(let kinds)):
                result.notifications = try NotificationKind.parse(kinds)
            case ("focus_out", .string(let s)):
                guard let policy = FocusOutPolicy(rawValue: s) else {
                    throw InkstoneError.invalidArgument("unknown focus_out policy '\(s)'; valid: commit, discard")
                }
                result.focusOut = policy
            case ("queue_edits", .bool(let b)):
                result.queueEdits = b
            case ("engine", .string(let s)):
                result.engine = s
            case ("persist", .bool(let b)):
                result.persist = b
            case ("coalesce", .bool(let b)):
                result.coalesce = b
            case ("ambiguous_wide", .bool(let b)):
                result.ambiguousWide = b
            case ("sensitive", .bool(let b)):
                result.sensitive = b
            case ("live_patterns", .bool(let b)):
                result.livePatterns = b
            case ("durable", .bool(let b)):
                result.durable = b
            case ("formatting", .formatting(let definition)):
                result.formatting = definition
            default:
                guard names.contains(name) else {
                    throw InkstoneError.invalidArgument(
                        "unknown option '\(name)'; valid options: \(names.joined(separator: ", "))")
                }
                throw InkstoneError.invalidArgument("option '\(name)' has the wrong type (\(value.kindName))")
            }
        }
        if result.formatting != nil && result.documentID != nil {
            throw InkstoneError.invalidArgument(
                "option 'formatting' applies to a new document only; SetFormattingDefinition changes an existing one")
        }
        return result
    }
}
