import InkstoneEngines
import InkstoneText

/// Calls whose outcome travels in the reply: while `body` runs, the context's
/// own notifications are collected instead of sent, and returned with the
/// revision after the call. Other contexts of the document are notified as usual.
extension InputContext {
    /// The kinds a reporting call collects for its caller, whatever it
    /// subscribed to: everything the call did to its text, selection, marked
    /// text, commits, queued edits, candidates and attributes. Properties are left out
    /// (their changes are in these events); geometry keeps its own signals.
    static let reportedKinds = NotificationKindMask([
        .text, .selection, .marked, .commit, .edits, .candidates, .attributes,
    ])

    /// Runs `body` as a reporting call and returns its result with the
    /// caller's events. A call that throws reports nothing (and, like every
    /// failed call, changed nothing).
    public func reporting<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> (Result, CallReport) {
        let outer = report
        report = []
        defer { report = outer.map { $0 + (report ?? []) } }
        let result = try body()
        return (result, CallReport(revision: shared.document.revision, events: report ?? []))
    }

    /// Processes one key as a reporting call (see ``processKey(_:)``).
    public func processKeyReporting(_ key: KeyEvent) throws(InkstoneError) -> (handled: Bool, report: CallReport) {
        try reporting { () throws(InkstoneError) -> Bool in try processKey(key) }
    }
}
