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
