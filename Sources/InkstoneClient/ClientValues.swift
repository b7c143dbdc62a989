import DBusKit

/// A range of offsets in a context's unit; −1 as start means "none" (as NSNotFound).
public struct OffsetRange: Sendable, Equatable, CustomStringConvertible {
    /// The first offset.
    public var start: Int
    /// How many units.
    public var length: Int

    /// The range `start ..< start + length`.
    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    /// No range (start −1, length 0), as `SetMarkedText` takes for "replace the selection".
    public static let none = OffsetRange(start: -1, length: 0)

    /// `start+length`.
    public var description: String { "\(start)+\(length)" }
}

/// What an edit replies: the document revision after it and a ticket
/// (0: applied now; non-zero: queued while another context composes, revision 0).
public struct EditReply: Sendable, Equatable {
    /// The document revision after the edit (0 when queued).
    public var revision: UInt64
    /// 0 when applied now, else the ticket `EditApplied` / `EditFailed` report later.
    public var ticket: UInt64

    /// An edit reply.
    public init(revision: UInt64, ticket: UInt64) {
        self.revision = revision
        self.ticket = ticket
    }

    /// Whether the edit was queued instead of applied.
    public var isQueued: Bool { ticket != 0 }
}

/// The text of a context's document with the revision it was read at.
public struct TextSnapshot: Sendable, Equatable {
    /// The whole text.
    public var text: String
    /// The document revision.
    public var revision: UInt64

    /// A snapshot.
    public init(text: String, revision: UInt64) {
        self.text = text
        self.revision = revision
    }
}

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

/// The report a …Reporting method appends to its plain reply: the revision after the call
/// and this context's notifications of the call, in order.
public struct CallEvents: Sendable, Equatable {
    /// The document revision after the call.
    public var revision: UInt64
    /// The notifications, in order.
    public var events: [ContextEvent]

    /// A report.
    public init(revision: UInt64, events: [ContextEvent]) {
        self.revision = revision
        self.events = events
    }

    /// The members of the events, in order.
    public var members: [String] { events.map(\.member) }

    /// Reads `t a(sav)` from `reader`.
    static func read(_ reader: inout MessageReader) throws -> CallEvents {
        let revision = try reader.readUInt64()
        return CallEvents(revision: revision, events: ContextEvent.decode(try reader.readValue()))
    }
}

/// What `ProcessKeyEventReporting` replies: whether the key was handled, and the call's events.
public struct KeyEventReply: Sendable, Equatable {
    /// Whether Inkstone acted on the key (false: the application should).
    public var handled: Bool
    /// The revision after the key and its notifications.
    public var report: CallEvents

    /// A reply.
    public init(handled: Bool, report: CallEvents) {
        self.handled = handled
        self.report = report
    }
}

/// A key as X11 and the fcitx5/IBus protocols give it.
public struct KeyPress: Sendable, Equatable {
    /// The X11 keysym.
    public var keysym: UInt32
    /// The hardware keycode (0 when unknown).
    public var keycode: UInt32
    /// The modifier state (Shift 1, Lock 2, Control 4, Mod1 8, Mod4 64).
    public var state: UInt32
    /// Whether this is the release.
    public var isRelease: Bool
    /// The event time (0 when unknown).
    public var time: UInt32

    /// A key event; everything but the keysym defaults to 0 / press.
    public init(keysym: UInt32, keycode: UInt32 = 0, state: UInt32 = 0, isRelease: Bool = false, time: UInt32 = 0) {
        self.keysym = keysym
        self.keycode = keycode
        self.state = state
        self.isRelease = isRelease
        self.time = time
    }

    /// Writes `u u u b u`.
    func write(_ writer: inout MessageWriter) {
        writer.append(keysym)
        writer.append(keycode)
        writer.append(state)
        writer.append(isRelease)
        writer.append(time)
    }
}
