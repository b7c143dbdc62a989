import DBusKit
import InkstoneService

extension ObjectTableBuilder where Object == InputContext {
    /// The signature a reporting method appends to its plain reply: one struct of
    /// the document revision after the call and the caller's events in order.
    static var reportSignature: String { MessageWriter.callReportSignature }

    /// An edit method `member`, and its reporting twin `member + "Reporting"`:
    /// the same call, whose reply is the plain reply followed by
    /// one `(t revision, ay kinds, at, ax, as, av)` report — the caller's own
    /// notifications of the call, exactly as a `Notifications` signal would carry them, instead of
    /// any signal to the caller.
    mutating func reportingMethod(
        _ member: String, input: String = "", output: String = "",
        _ body: @escaping @Sendable (InputContext, inout MessageReader) throws -> MethodReply
    ) {
        method(member, input: input, output: output, body)
        method(member + "Reporting", input: input, output: output + Self.reportSignature) { context, reader in
            let (reply, report) = try context.reporting { () throws -> MethodReply in try body(context, &reader) }
            return .write { writer in
                if case .write(let plain) = reply { try plain(&writer) }
                writer.appendCallReport(revision: report.revision, events: report.events)
            }
        }
    }
}
