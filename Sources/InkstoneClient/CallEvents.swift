import DBusKit

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

    /// Reads `t (ayataxasav)` from `reader`.
    static func read(_ reader: inout MessageReader) throws -> CallEvents {
        let revision = try reader.readUInt64()
        return CallEvents(revision: revision, events: ContextEvent.decode(try reader.readValue()))
    }
}
