import InkstoneText

/// A configuration file that cannot be used: where and why.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or `command line` for a flag).
    public let file: String
    /// The 1-based line, or nil when the problem has no line (an unreadable file, a flag).
    public let line: Int?
    /// What is wrong, naming the key and the value.
    public let message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }

    /// The error as the service reports it (`InvalidArgument`).
    public var inkstoneError: InkstoneError { .invalidArgument(description) }
}
