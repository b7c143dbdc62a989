/// What `ProcessKeyEventReporting` replies, as one struct `(b(tayataxasav))`: whether the key
/// was handled, and the call's events.
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
