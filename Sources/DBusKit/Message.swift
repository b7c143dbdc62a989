import CDBus
import Synchronization

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
    private let refusedValue = Mutex<DBusKitError?>(nil)
    /// Whether ``refusedValue`` holds an error: every value written checks it, so
    /// it is one atomic load, and the mutex is taken only once something was refused.
    private let refused = Atomic<Bool>(false)

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

    /// A new method call, or nil when a name or the path is invalid (see ``makeMethodCall(destination:path:interface:member:)``).
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String
    ) -> Message? {
        try? makeMethodCall(destination: destination, path: path, interface: interface, member: member)
    }

    /// A new method call; throws `InvalidArgs` for an invalid destination, path, interface or member.
    public static func makeMethodCall(
        destination: String?, path: String, interface: String?, member: String
    ) throws(DBusKitError) -> Message {
        if let destination { try DBusValidation.busName(destination) }
        try DBusValidation.objectPath(path)
        if let interface { try DBusValidation.interface(interface) }
        try DBusValidation.member(member)
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not create a method call")
        }
        return Message(owning: raw)
    }

    /// A new signal, or nil when a name or the path is invalid (see ``makeSignal(path:interface:member:destination:)``).
    public static func signal(path: String, interface: String, member: String) -> Message? {
        try? makeSignal(path: path, interface: interface, member: member)
    }

    /// A new signal, unicast to `destination` when given; throws `InvalidArgs`
    /// for an invalid path, interface, member or destination.
    public static func makeSignal(
        path: String, interface: String, member: String, destination: String? = nil
    ) throws(DBusKitError) -> Message {
        try DBusValidation.objectPath(path)
        try DBusValidation.interface(interface)
        try DBusValidation.member(member)
        if let destination { try DBusValidation.busName(destination) }
        guard let raw = dbus_message_new_signal(path, interface, member) else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not create a signal")
        }
        let signal = Message(owning: raw)
        if let destination, dbus_message_set_destination(raw, destination) == 0 {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not set the destination")
        }
        return signal
    }

    /// An unsent copy of this message: the same address, header and body so far.
    /// A signal template (built and validated once, never sent) duplicated per
    /// signal costs one allocation and two `memcpy`s instead of a new message whose
    /// every header field is written again. Throws the value this message's writer refused.
    public func duplicate() throws(DBusKitError) -> Message {
        try checkWritten()
        guard let copied = dbus_message_copy(raw) else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not copy a message")
        }
        return Message(owning: copied)
    }

    /// A new successful reply to this method call.
    public func makeReturn() -> Message? {
        guard let reply = dbus_message_new_method_return(raw) else { return nil }
        return Message(owning: reply)
    }

    /// A new error reply to this method call. An invalid error name becomes
    /// `org.freedesktop.DBus.Error.Failed`; U+0000 in the text becomes U+FFFD.
    public func makeError(name: String, message: String) -> Message? {
        let validName = (try? DBusValidation.errorName(name)) != nil ? name : DBusErrorName.failed
        let text =
            DBusValidation.containsNUL(message)
            ? String(String.UnicodeScalarView(message.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
            : message
        guard let reply = dbus_message_new_error(raw, validName, text) else { return nil }
        return Message(owning: reply)
    }

    /// The first value a ``MessageWriter`` refused for this message (it was not
    /// written, nor was anything after it); sending the message throws it.
    public var writeFailure: DBusKitError? {
        guard hasWriteFailure else { return nil }
        return refusedValue.withLock { $0 }
    }

    /// Whether a value was refused (see ``writeFailure``), without taking a lock.
    var hasWriteFailure: Bool { refused.load(ordering: .acquiring) }

    /// Keeps the first refused value.
    func recordWriteFailure(_ error: DBusKitError) {
        refusedValue.withLock { current in
            if current == nil { current = error }
        }
        refused.store(true, ordering: .releasing)
    }

    /// Throws ``writeFailure`` if a value was refused.
    public func checkWritten() throws(DBusKitError) {
        if let failure = writeFailure { throw failure }
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
