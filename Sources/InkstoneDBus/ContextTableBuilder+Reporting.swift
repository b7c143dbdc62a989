import DBusKit
import InkstoneService

extension ObjectTableBuilder where Object == InputContext {
    /// The signature of a reporting method's one reply argument: a struct of the plain
    /// method's results (`output`, empty when it returns nothing), then one call report.
    static func reportingReplySignature(plain output: String) -> String {
        "(" + output + MessageWriter.callReportSignature + ")"
    }

    /// An edit method `member`, and its reporting twin `member + "Reporting"`:
    /// the same call, whose reply is one struct of the plain reply's values followed by
    /// one `(t revision, ay kinds, at, ax, as, av)` report — the caller's own
    /// notifications of the call, exactly as a `Notifications` signal would carry them, instead of
    /// any signal to the caller.
    mutating func reportingMethod(
        _ member: String, input: String = "", output: String = "",
        _ body: @escaping @Sendable (InputContext, inout MessageReader) throws -> MethodReply
    ) {
        method(member, input: input, output: output, body)
        method(member + "Reporting", input: input, output: Self.reportingReplySignature(plain: output)) {
            context, reader in
            let (reply, report) = try context.reporting { () throws -> MethodReply in try body(context, &reader) }
            return .write { writer in
                try writer.appendStruct { fields in
                    if case .write(let plain) = reply { try plain(&fields) }
                    fields.appendCallReport(revision: report.revision, events: report.events)
                }
            }
        }
    }
}
