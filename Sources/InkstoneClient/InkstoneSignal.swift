import DBusKit

/// A signal from the daemon as a client received it, decoded.
public struct InkstoneSignal: Sendable, Equatable, CustomStringConvertible {
    /// The signal name (`Notifications`, `TextDidChange`, `PropertiesChanged`, …).
    public var member: String
    /// Its interface.
    public var interface: String
    /// The object it came from (a context path for notifications).
    public var path: String
    /// The peer it was sent to (nil when broadcast or peer to peer).
    public var destination: String?
    /// Its arguments.
    public var arguments: [DBusValue]

    /// A signal from its parts.
    public init(member: String, interface: String, path: String, destination: String?, arguments: [DBusValue]) {
        self.member = member
        self.interface = interface
        self.path = path
        self.destination = destination
        self.arguments = arguments
    }

    /// Decodes a received signal message.
    public init(_ message: Message) {
        member = message.member ?? ""
        interface = message.interface ?? ""
        path = message.path ?? ""
        destination = message.destination
        var reader = message.reader()
        var values: [DBusValue] = []
        while !reader.isAtEnd, let value = try? reader.readValue() { values.append(value) }
        arguments = values
    }

    /// Whether this is a coalesced `Notifications` signal.
    public var isNotifications: Bool { member == "Notifications" && interface == InkstoneNames.contextInterface }

    /// The notifications the signal stands for: the entries of a `Notifications`
    /// signal, or the signal itself as one event.
    public var events: [ContextEvent] {
        if isNotifications, let entries = arguments.first { return ContextEvent.decode(entries) }
        return [ContextEvent(member: member, arguments: arguments)]
    }

    /// `path: Member(arguments)`.
    public var description: String { "\(path): \(member)\(arguments)" }
}
