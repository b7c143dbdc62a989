/// The one error type of Inkstone's core. Every layer below the D-Bus adapter
/// throws it; the adapter maps ``Code`` to a D-Bus error name
/// (`org.inkstone.Error.<Code.rawValue>`) in exactly one place.
public struct InkstoneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable name clients can match on.
    public enum Code: String, CaseIterable, Sendable {
        /// An argument is malformed or out of its domain (bad unit, unknown key name, …).
        case invalidArgument = "InvalidArgument"
        /// An offset or range is outside the text, negative, or splits a code point or grapheme.
        case invalidRange = "InvalidRange"
        /// No object (context, document, engine, undo step, …) has that id.
        case unknownObject = "UnknownObject"
        /// The caller may not use that object.
        case accessDenied = "AccessDenied"
        /// A configured limit (contexts per peer, document size, string length) would be exceeded.
        case limitExceeded = "LimitExceeded"
        /// A conditional edit named a revision the document has moved past.
        case stale = "Stale"
        /// The document is composing and the caller asked not to queue.
        case busy = "Busy"
        /// An operation is not valid in the current state (e.g. redo with nothing to redo).
        case invalidState = "InvalidState"
        /// A stored file is in a newer format than this build reads (it is left as it is).
        case unsupportedVersion = "UnsupportedVersion"
    }

    /// The error's stable name.
    public let code: Code
    /// A readable sentence for people, naming the value that was wrong.
    public let message: String

    /// Creates an error with a code and a readable message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// `InvalidArgument` with a message.
    public static func invalidArgument(_ message: String) -> InkstoneError { .init(.invalidArgument, message) }
    /// `InvalidRange` with a message.
    public static func invalidRange(_ message: String) -> InkstoneError { .init(.invalidRange, message) }
    /// `UnknownObject` with a message.
    public static func unknownObject(_ message: String) -> InkstoneError { .init(.unknownObject, message) }
    /// `AccessDenied` with a message.
    public static func accessDenied(_ message: String) -> InkstoneError { .init(.accessDenied, message) }
    /// `LimitExceeded` with a message.
    public static func limitExceeded(_ message: String) -> InkstoneError { .init(.limitExceeded, message) }
    /// `Stale` with a message.
    public static func stale(_ message: String) -> InkstoneError { .init(.stale, message) }
    /// `Busy` with a message.
    public static func busy(_ message: String) -> InkstoneError { .init(.busy, message) }
    /// `InvalidState` with a message.
    public static func invalidState(_ message: String) -> InkstoneError { .init(.invalidState, message) }
    /// `UnsupportedVersion` with a message.
    public static func unsupportedVersion(_ message: String) -> InkstoneError { .init(.unsupportedVersion, message) }
}
