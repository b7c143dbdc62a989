/// Identifies a view (an input context's window on a document).
public struct ViewID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique within the process.
    public let rawValue: UInt64

    /// Wraps a raw number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "view#\(rawValue)" }
}

/// A receipt for an edit that was queued because another view is composing.
public struct EditTicket: Hashable, Sendable {
    /// Unique within the document.
    public let id: UInt64
    /// The document revision when the edit was queued; the edit gets a later one.
    public let queuedAtRevision: UInt64
}

/// Whether an edit made while another view composes waits or fails.
public enum QueuePolicy: Sendable {
    /// Queue it (anchored) and apply it when the composition ends.
    case queue
    /// Fail at once with `Busy`.
    case failIfBusy
}

/// Something that happened to a document, in the order it happened.
///
/// Events carry unit-free data (``ChangeRecord`` converts to any unit), so the
/// service can notify every view in its own unit and balance will/did pairs
/// around each call.
public enum DocumentEvent: Sendable {
    /// The text changed.
    case textChanged(ChangeRecord)
    /// A view's selection moved (by its own call or shifted by an edit).
    case selectionChanged(ViewID)
    /// A view's marked text (range, text, relative selection or segments) changed.
    case markedTextChanged(ViewID)
    /// An edit was queued behind a composition.
    case editQueued(EditTicket)
    /// A queued edit was applied; its text changes were reported just before.
    case queuedEditApplied(EditTicket, [ChangeRecord])
    /// A queued edit could not be applied when the composition ended.
    case queuedEditFailed(EditTicket, InkstoneError)
    /// Attributes changed over a range without a text change (set, removed,
    /// toggled, or the runs of pasted attributed text).
    case attributesChanged(AttributeChange)

    /// The change record, for text changes.
    public var changeRecord: ChangeRecord? {
        if case .textChanged(let record) = self { return record }
        return nil
    }
}

/// What a mutating call did: the events it produced and, if it was queued, its ticket.
public struct EditResult: Sendable {
    /// Every event this call produced, in order (including queued edits it released).
    public let events: [DocumentEvent]
    /// Set when the edit was queued instead of applied.
    public let ticket: EditTicket?

    /// The text changes among ``events``.
    public var changeRecords: [ChangeRecord] { events.compactMap(\.changeRecord) }
}
