import DBusKit

/// One notification of a `Notifications` signal or a …Reporting reply: the member of
/// the signal it stands for and that signal's arguments.
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

    /// Decodes the events of a call report `(t revision, ay kinds, at unsigned, ax signed,
    /// as strings, av values)`, as a `Notifications` signal or a …Reporting reply carries it
    /// (see `InputContext1.Notifications`): each kind byte takes its arguments from the
    /// columns in order. Events of an unknown kind, and whatever follows a column that
    /// ran short, are left out.
    public static func decode(_ report: DBusValue) -> [ContextEvent] {
        guard case .structure(let fields) = report, fields.count == 6,
            case .array(_, let kinds) = fields[1], case .array(_, let unsigned) = fields[2],
            case .array(_, let signed) = fields[3], case .array(_, let strings) = fields[4],
            case .array(_, let values) = fields[5]
        else { return [] }
        var columns = EventColumns(unsigned: unsigned, signed: signed, strings: strings, values: values)
        var decoded: [ContextEvent] = []
        for case .byte(let kind) in kinds {
            guard let event = columns.next(kind: kind) else { break }
            decoded.append(event)
        }
        return decoded
    }

    /// `Member(arguments)`.
    public var description: String { "\(member)\(arguments)" }
}

/// The columns of a call's events, read front to back.
private struct EventColumns {
    var unsigned: ArraySlice<DBusValue>
    var signed: ArraySlice<DBusValue>
    var strings: ArraySlice<DBusValue>
    var values: ArraySlice<DBusValue>

    init(unsigned: [DBusValue], signed: [DBusValue], strings: [DBusValue], values: [DBusValue]) {
        self.unsigned = unsigned[...]
        self.signed = signed[...]
        self.strings = strings[...]
        self.values = values[...]
    }

    /// The next event of `kind`, its arguments typed as the signal of that name has them;
    /// nil for an unknown kind or a short column.
    mutating func next(kind: UInt8) -> ContextEvent? {
        switch kind {
        case 1: return event("TextWillChange", [u()])
        case 2: return event("TextDidChange", [u(), x(), x(), x(), s()])
        case 3: return event("SelectionWillChange", [])
        case 4: return event("SelectionDidChange", [x(), x()])
        case 5: return event("MarkedTextChanged", [s(), x(), x()])
        case 6: return event("Committed", [s()])
        case 7: return event("EditApplied", [u(), u()])
        case 8: return event("EditFailed", [u(), s(), s()])
        case 9: return candidates()
        case 10: return event("PropertiesChanged", [v()])
        case 11: return event("AttributesWillChange", [])
        case 12: return attributes()
        default: return nil
        }
    }

    private func event(_ member: String, _ arguments: [DBusValue?]) -> ContextEvent? {
        let present = arguments.compactMap { $0 }
        guard present.count == arguments.count else { return nil }
        return ContextEvent(member: member, arguments: present)
    }

    /// `a(sss)iibb`, from n, cursor, page, has prev, has next and 3n strings.
    private mutating func candidates() -> ContextEvent? {
        guard let count = int(), let cursor = int(), let page = int(), let hasPrev = int(), let hasNext = int(),
            count >= 0, count <= strings.count / 3
        else { return nil }
        var items: [DBusValue] = []
        for _ in 0..<count { items.append(.structure([s(), s(), s()].compactMap { $0 })) }
        return ContextEvent(
            member: "CandidatesChanged",
            arguments: [
                .array(elementSignature: "(sss)", items), .int32(Int32(truncatingIfNeeded: cursor)),
                .int32(Int32(truncatingIfNeeded: page)), .bool(hasPrev != 0), .bool(hasNext != 0),
            ])
    }

    /// `xxas`, from start, length, n and n strings.
    private mutating func attributes() -> ContextEvent? {
        guard let start = x(), let length = x(), let count = int(), count >= 0, strings.count >= count else {
            return nil
        }
        let keys = (0..<count).compactMap { _ in s() }
        return ContextEvent(
            member: "AttributesDidChange", arguments: [start, length, .array(elementSignature: "s", keys)])
    }

    private mutating func u() -> DBusValue? { unsigned.popFirst() }
    private mutating func x() -> DBusValue? { signed.popFirst() }
    private mutating func s() -> DBusValue? { strings.popFirst() }
    private mutating func v() -> DBusValue? {
        guard case .variant(let inner) = values.popFirst() else { return nil }
        return inner
    }

    private mutating func int() -> Int? {
        guard case .int64(let value) = signed.popFirst() else { return nil }
        return Int(value)
    }
}
