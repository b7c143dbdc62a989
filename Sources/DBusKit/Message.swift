import CDBus

/// The kind of a D-Bus message.
public enum MessageKind: Sendable, Equatable {
    /// A method call.
    case methodCall
    /// A successful reply.
    case methodReturn
    /// An error reply.
    case error
    /// A signal.
    case signal
    /// Anything else (never sent by a conforming peer).
    case invalid
}

/// An owned reference to a `DBusMessage` (unref'd when the last Swift reference goes).
///
/// Messages are immutable once sent; libdbus locks internally, so a `Message`
/// may travel between threads.
public final class Message: @unchecked Sendable {
    /// The libdbus message.
    public let raw: OpaquePointer

    /// Takes ownership of one reference to `raw`.
    public init(owning raw: OpaquePointer) {
        self.raw = raw
    }

    /// Adds a reference to `raw` and wraps it.
    public init(retaining raw: OpaquePointer) {
        dbus_message_ref(raw)
        self.raw = raw
    }

    deinit { dbus_message_unref(raw) }

    /// A new method call.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String
    ) -> Message? {
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        return Message(owning: raw)
    }

    /// A new signal.
    public static func signal(path: String, interface: String, member: String) -> Message? {
        guard let raw = dbus_message_new_signal(path, interface, member) else { return nil }
        return Message(owning: raw)
    }

    /// A new successful reply to this method call.
    public func makeReturn() -> Message? {
        guard let reply = dbus_message_new_method_return(raw) else { return nil }
        return Message(owning: reply)
    }

    /// A new error reply to this method call.
    public func makeError(name: String, message: String) -> Message? {
        guard let reply = dbus_message_new_error(raw, name, message) else { return nil }
        return Message(owning: reply)
    }

    /// The message's kind.
    public var kind: MessageKind {
        switch dbus_message_get_type(raw) {
        case CDBUS_MESSAGE_TYPE_METHOD_CALL: return .methodCall
        case CDBUS_MESSAGE_TYPE_METHOD_RETURN: return .methodReturn
        case CDBUS_MESSAGE_TYPE_ERROR: return .error
        case CDBUS_MESSAGE_TYPE_SIGNAL: return .signal
        default: return .invalid
        }
    }

    /// The object path, if any.
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    /// The interface, if any.
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    /// The member (method or signal name), if any.
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    /// The body signature ("" for no arguments).
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// The sender's unique name, if any.
    public var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    /// The destination, if any.
    public var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }
    /// The error name of an error message.
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// The serial libdbus assigned when sending (0 before).
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    /// Whether the sender asked for no reply.
    public var noReply: Bool { dbus_message_get_no_reply(raw) != 0 }

    /// Whether the body signature is exactly `expected`, without allocating.
    public func hasSignature(_ expected: String) -> Bool {
        guard let actual = dbus_message_get_signature(raw) else { return expected.isEmpty }
        var expected = expected
        return expected.withUTF8 { bytes in
            var byteOffset = 0
            while byteOffset < bytes.count {
                if UInt8(bitPattern: actual[byteOffset]) != bytes[byteOffset] { return false }
                byteOffset += 1
            }
            return actual[bytes.count] == 0
        }
    }

    /// Whether this is a method call (or signal) for `interface`.`member`.
    public func isMember(_ member: String, of interface: String) -> Bool {
        dbus_message_has_member(raw, member) != 0 && dbus_message_has_interface(raw, interface) != 0
    }

    /// Throws the error carried by an error message; returns self otherwise.
    @discardableResult
    public func throwIfError() throws -> Message {
        guard kind == .error else { return self }
        let text = (try? MessageReader(self).peekString()) ?? ""
        throw DBusKitError(name: errorName ?? DBusErrorName.failed, message: text)
    }

    /// A reader over the body.
    public func reader() -> MessageReader { MessageReader(self) }

    /// Appends arguments to the body.
    public func write(_ body: (inout MessageWriter) throws -> Void) rethrows {
        var writer = MessageWriter(self)
        try body(&writer)
    }
}
