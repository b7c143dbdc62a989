import InkstoneText

/// One notification for one input context, already in that context's unit.
/// The transport (D-Bus) turns each into a signal unicast to the context's owner.
public enum Notification: Sendable, Equatable {
    /// The text is about to change from `revision`; a `textDidChange` follows at once.
    case textWillChange(revision: UInt64)
    /// The text changed (range in the old text, lengths in the context's unit).
    case textDidChange(revision: UInt64, start: Int, oldLength: Int, newLength: Int, cause: EditCause)
    /// The context's selection is about to change; a `selectionDidChange` follows at once.
    case selectionWillChange
    /// The context's selection changed; start −1 means none.
    case selectionDidChange(start: Int, length: Int)
    /// The context's marked text changed; empty text means none.
    case markedTextChanged(text: String, selectionStart: Int, selectionLength: Int)
    /// The context committed text into the document.
    case committed(String)
    /// A queued edit of the context was applied, giving `revision`.
    case editApplied(ticket: UInt64, revision: UInt64)
    /// A queued edit of the context could not be applied.
    case editFailed(ticket: UInt64, error: InkstoneError)
    /// Properties of the context changed (only those that did).
    case propertiesChanged([String: PropertyValue])
    /// The candidate list changed (empty items: closed).
    case candidatesChanged(CandidatesSnapshot)
    /// Attributes are about to change (no text change). Always followed by one `attributesDidChange`.
    case attributesWillChange
    /// Attributes changed over (start, length) in the context's unit; `keys` names them.
    case attributesDidChange(start: Int, length: Int, keys: [String])

    /// The subscription kind that gates this notification.
    public var kind: NotificationKind {
        switch self {
        case .textWillChange, .textDidChange: .text
        case .selectionWillChange, .selectionDidChange: .selection
        case .markedTextChanged: .marked
        case .committed: .commit
        case .editApplied, .editFailed: .edits
        case .propertiesChanged: .properties
        case .candidatesChanged: .candidates
        case .attributesWillChange, .attributesDidChange: .attributes
        }
    }
}

/// A property value, independent of any wire format.
public enum PropertyValue: Sendable, Equatable {
    case bool(Bool)
    case int64(Int64)
    case uint64(UInt64)
    case string(String)
    /// A (start, length) pair; start −1 means none.
    case range(start: Int64, length: Int64)
}

/// Receives notifications for contexts. Called synchronously, in order, on
/// the thread that made the change.
public protocol NotificationSink: AnyObject {
    /// Delivers one notification for `context`.
    func deliver(_ notification: Notification, to context: InputContext)
    /// Ends one change made outside a call (a peer left): whatever the sink
    /// holds back until the end of a call goes out now.
    func endOfChange()
}

extension NotificationSink {
    /// Nothing held back by default.
    public func endOfChange() {}
}
