import DBusKit

/// One notification, as a `Notifications` signal or a …Reporting reply carries it:
/// the member of the signal it stands for and that signal's arguments.
public struct ContextEvent: Sendable, Equatable, CustomStringConvertible {
    /// The signal name (`TextDidChange`, `Committed`, `PropertiesChanged`, …).
    public var member: String
    /// Its arguments, unwrapped from their variants.
    public var arguments: [DBusValue]

    /// An event.
    public init(member: String, arguments: [DBusValue]) {
        self.member = member
        self.arguments = arguments
    }

    /// Decodes one `(sav)` entry; nil when it has another shape.
    public init?(entry: DBusValue) {
        guard case .structure(let fields) = entry, fields.count == 2, case .string(let member) = fields[0],
            case .array(_, let wrapped) = fields[1]
        else { return nil }
        self.member = member
        arguments = wrapped.map { if case .variant(let inner) = $0 { inner } else { $0 } }
    }

    /// Decodes an `a(sav)` array (entries of another shape are skipped).
    public static func decode(_ events: DBusValue) -> [ContextEvent] {
        guard case .array(_, let entries) = events else { return [] }
        return entries.compactMap { ContextEvent(entry: $0) }
    }

    /// `Member(arguments)`.
    public var description: String { "\(member)\(arguments)" }
}
