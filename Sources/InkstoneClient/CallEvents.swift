import DBusKit

/// The report that closes every …Reporting method's reply struct (after the plain method's
/// results): the revision after the call and this context's notifications of the call, in order.
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

    /// The signature of a call report: `(t revision, ay kinds, at, ax, as, av)`.
    public static let signature = "(tayataxasav)"

    /// The signature of a …Reporting reply's one argument: a struct of the plain method's
    /// results (`plain`, empty when it returns nothing), then the call report.
    public static func replySignature(plain: String) -> String { "(" + plain + signature + ")" }

    /// The members of the events, in order.
    public var members: [String] { events.map(\.member) }

    /// Decodes a call report `(t revision, ay kinds, at, ax, as, av)`, as a `Notifications`
    /// signal or a …Reporting reply's struct carries it; nil when it has another shape.
    public init?(report: DBusValue) {
        guard case .structure(let fields) = report, case .uint64(let revision)? = fields.first else { return nil }
        self.init(revision: revision, events: ContextEvent.decode(report))
    }

    /// Reads a call report from `reader`.
    static func read(_ reader: inout MessageReader) throws -> CallEvents {
        let report = try reader.readValue()
        guard let decoded = CallEvents(report: report) else {
            throw DBusKitError.invalidArgs("a call report is \(signature), got \(report)")
        }
        return decoded
    }
}
