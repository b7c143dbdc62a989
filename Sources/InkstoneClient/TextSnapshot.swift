/// The text of a context's document with the revision it was read at.
public struct TextSnapshot: Sendable, Equatable {
    /// The whole text.
    public var text: String
    /// The document revision.
    public var revision: UInt64

    /// A snapshot.
    public init(text: String, revision: UInt64) {
        self.text = text
        self.revision = revision
    }
}
