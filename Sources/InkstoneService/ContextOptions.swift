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
    /// A free-form program name, for status and logs.
    public var program: String = ""
    /// The document to attach to (its id), or nil for a new document.
    public var documentID: UInt64?
    /// The notifications the context wants.
    public var notifications: Set<NotificationKind> = Set(NotificationKind.allCases)
    /// What focus-out does to open marked text.
    public var focusOut: FocusOutPolicy = .commit
    /// Whether edits made while another context composes are queued (true)
    /// or refused with `Busy` (false).
    public var queueEdits: Bool = true
    /// The composition engine id, or nil for the default.
    public var engine: String?

    /// Default options.
    public init() {}

    /// The option names `parse` accepts.
    public static let names = ["unit", "program", "document", "notifications", "focus_out", "queue_edits", "engine"]

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
                        "unknown unit '\(s)'; valid units: \(OffsetUnit.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                result.unit = unit
            case ("program", .string(let s)):
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
            default:
                guard names.contains(name) else {
                    throw InkstoneError.invalidArgument(
                        "unknown option '\(name)'; valid options: \(names.joined(separator: ", "))")
                }
                throw InkstoneError.invalidArgument("option '\(name)' has the wrong type (\(value.kindName))")
            }
        }
        return result
    }
}
