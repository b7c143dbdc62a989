/// What one key did, for a caller that takes its events in the reply
/// instead of as signals.
public struct KeyReport: Sendable, Equatable {
    /// Whether Inkstone acted on the key.
    public var handled: Bool
    /// The document revision after the key.
    public var revision: UInt64
    /// The text the key committed ("" when none).
    public var commit: String
    /// The marked text after the key ("" when none).
    public var preedit: String
    /// The caret within the marked text, in the context's unit (−1 when none).
    public var preeditCursor: Int
    /// The candidate page after the key.
    public var candidates: CandidatesSnapshot
}
