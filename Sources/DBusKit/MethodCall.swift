/// An incoming method call, with the means to answer it (now or later, from any thread).
public struct MethodCall: Sendable {
    /// The connection the call arrived on.
    public let connection: Connection
    /// The call itself.
    public let message: Message
    /// The interface (resolved from the tables when the caller left it out).
    public let interface: String
    /// The method name.
    public let member: String
    /// What the exported object's lookup found at the path (see ``ObjectNode/found(_:)``), if
    /// anything. It was alive when the call was dispatched: a handler that answers later
    /// looks the path up again instead.
    nonisolated(unsafe) public let target: AnyObject?

    init(connection: Connection, message: Message, interface: String, member: String, target: AnyObject?) {
        self.connection = connection
        self.message = message
        self.interface = interface
        self.member = member
        self.target = target
    }

    /// The object path it was sent to (made from the message when asked: dispatch
    /// itself reads the path's bytes in place).
    public var path: String { message.path ?? "/" }

    /// The caller's unique name; on a peer-to-peer connection (whose messages
    /// carry no sender) the connection's ``Connection/peerIdentity``, else "".
    public var sender: String { message.sender ?? connection.peerIdentity ?? "" }

    /// Sends a successful reply whose body `body` writes (skipped when the caller wants no reply).
    ///
    /// When the writer refuses a value (see ``MessageWriter``), the caller gets
    /// that `InvalidArgs` error instead of a cut reply.
    public func reply(_ body: (inout MessageWriter) throws -> Void = { _ in }) rethrows {
        try reply(expecting: "", body)
    }

    /// Sends a successful reply of `signature` (the method's output: structs at the top
    /// find their field types there) whose body `body` writes.
    func reply(expecting signature: String, _ body: (inout MessageWriter) throws -> Void) rethrows {
        guard !message.noReply, let reply = message.makeReturn() else { return }
        var writer = MessageWriter(reply, expecting: signature)
        try body(&writer)
        if let failure = reply.writeFailure {
            self.reply(error: failure)
            return
        }
        _ = try? connection.send(reply)
    }

    /// Sends an error reply.
    public func reply(error: DBusKitError) {
        guard !message.noReply, let reply = message.makeError(name: error.name, message: error.message) else { return }
        _ = try? connection.send(reply)
    }
}

/// What a method handler answers.
public enum MethodReply {
    /// An empty successful reply.
    case empty
    /// A successful reply whose body the closure writes.
    case write((inout MessageWriter) throws -> Void)
    /// The handler kept the ``MethodCall`` and replies later (e.g. after an asynchronous call).
    case deferred

    /// A reply holding one string.
    public static func string(_ value: String) -> MethodReply {
        .write { $0.append(value) }
    }
}

/// Handles one method: reads arguments from the reader (signature already checked).
///
/// Thrown ``DBusKitError``s become error replies with their name; other errors
/// go through the exported object's error mapper.
public typealias MethodHandler = @Sendable (MethodCall, inout MessageReader) throws -> MethodReply
