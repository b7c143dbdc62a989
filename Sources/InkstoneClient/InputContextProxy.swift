import DBusKit

/// One input context of the daemon (`org.inkstone.InputContext1` at ``path``), with typed calls.
///
/// Offsets are in the context's unit (see ``InputContextOptions/Unit``). Every
/// call blocks on ``connection``; a refused call throws an ``InkstoneClientError``
/// named `org.inkstone.Error.*` and changes nothing.
public struct InputContextProxy: Sendable, Equatable {
    /// The connection calls go on.
    public let connection: InkstoneConnection
    /// The context's object path.
    public let path: String

    /// A proxy for the context at `path` on `connection`.
    public init(connection: InkstoneConnection, path: String) {
        self.connection = connection
        self.path = path
    }

    /// Two proxies are equal when they name the same context on the same connection.
    public static func == (lhs: InputContextProxy, rhs: InputContextProxy) -> Bool {
        lhs.connection === rhs.connection && lhs.path == rhs.path
    }

    /// Calls `member` of `InputContext1` and returns the raw reply.
    @discardableResult
    public func call(_ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in })
        throws(InkstoneClientError) -> Message
    {
        try connection.call(path: path, interface: InkstoneNames.contextInterface, member: member, body)
    }

    /// Calls `member` and reads a reply of `signature` with `read`.
    func call<Result>(
        _ member: String, replying signature: String, _ body: (inout MessageWriter) throws -> Void = { _ in },
        read: (inout MessageReader) throws -> Result
    ) throws(InkstoneClientError) -> Result {
        try connection.call(
            path: path, interface: InkstoneNames.contextInterface, member: member, replying: signature, body,
            read: read)
    }

    /// Reads an edit reply (`t t`).
    static func readEdit(_ reader: inout MessageReader) throws -> EditReply {
        EditReply(revision: try reader.readUInt64(), ticket: try reader.readUInt64())
    }

    /// Reads a range (`x x`).
    static func readRange(_ reader: inout MessageReader) throws -> OffsetRange {
        OffsetRange(start: Int(try reader.readInt64()), length: Int(try reader.readInt64()))
    }

    /// Writes a range (`x x`).
    static func write(_ range: OffsetRange, _ writer: inout MessageWriter) {
        writer.append(Int64(range.start))
        writer.append(Int64(range.length))
    }
}
