import CSystemd
import Glibc
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

/// An owned reference to an sd-bus message (unref'd when the last Swift reference goes).
///
/// An sd-bus message belongs to the bus it was made on (each of its references is also
/// a reference to that bus), so messages are made by a ``Connection``
/// (``Connection/makeMethodCall(destination:path:interface:member:)``,
/// ``Connection/makeSignal(path:interface:member:destination:)``), replies from the call
/// they answer (``makeReturn()``, ``makeError(name:message:)``), and a message is sent
/// only on the connection that made it (or received it).
///
/// Threads: taking and dropping references runs under the connection's lock, so a
/// `Message` may travel between threads. Writing a body is for the one thread that built
/// the message, before it is sent; reading moves the message's one read position, so one
/// thread reads a message at a time (a new ``MessageReader`` starts again from the first
/// argument).
public final class Message: @unchecked Sendable {
    /// The sd-bus message.
    let raw: OpaquePointer
    /// The lock of the connection the message belongs to.
    let lock: BusLock
    /// Whether this process built the message (and may still write it): sd-bus reads only
    /// sealed messages, so a reader seals a built message that was not sent.
    private let built: Bool
    private let sealed = Atomic<Bool>(false)
    /// The body bytes written so far, about (alignment padding left out): by the one thread
    /// that builds the message.
    var bodyBytes = 0
    private let refusedValue = Mutex<DBusKitError?>(nil)
    /// Whether ``refusedValue`` holds an error: every value written checks it, so
    /// it is one atomic load, and the mutex is taken only once something was refused.
    private let refused = Atomic<Bool>(false)

    /// Takes ownership of one reference to `raw`, a message this process built on the
    /// connection whose lock is `lock`.
    init(building raw: OpaquePointer, lock: BusLock) {
        self.raw = raw
        self.lock = lock
        built = true
    }

    /// Takes ownership of one reference to `raw`, a message received on the connection
    /// whose lock is `lock`.
    init(receiving raw: OpaquePointer, lock: BusLock) {
        self.raw = raw
        self.lock = lock
        built = false
    }

    /// Adds a reference to `raw`, a message received on the connection whose lock is `lock`
    /// (the caller holds it).
    init(retaining raw: OpaquePointer, lock: BusLock) {
        sd_bus_message_ref(raw)
        self.raw = raw
        self.lock = lock
        built = false
    }

    deinit { lock.withLock { _ = sd_bus_message_unref(raw) } }

    /// An unsent copy of this message: the same kind, address and header, and the body so
    /// far (which seals this one: a template is not written to again). Throws the value this
    /// message's writer refused.
    public func duplicate() throws(DBusKitError) -> Message {
        try checkWritten()
        let copied: OpaquePointer = try lock.withLock { () throws(DBusKitError) -> OpaquePointer in
            let bus = sd_bus_message_get_bus(raw)
            var copy: OpaquePointer?
            var result: Int32
            switch kind {
            case .signal:
                result = sd_bus_message_new_signal(
                    bus, &copy, sd_bus_message_get_path(raw), sd_bus_message_get_interface(raw),
                    sd_bus_message_get_member(raw))
            case .methodCall:
                result = sd_bus_message_new_method_call(
                    bus, &copy, sd_bus_message_get_destination(raw), sd_bus_message_get_path(raw),
                    sd_bus_message_get_interface(raw), sd_bus_message_get_member(raw))
            default:
                throw DBusKitError.failed("only signals and method calls are duplicated")
            }
            guard result >= 0, let copy else { throw DBusKitError.errno(result, "could not copy a message") }
            if kind == .signal, let destination = sd_bus_message_get_destination(raw) {
                result = sd_bus_message_set_destination(copy, destination)
            }
            if result >= 0, !hasSignature("") {
                sealForReading()
                result = sd_bus_message_rewind(raw, 1)
                if result >= 0 { result = sd_bus_message_copy(copy, raw, 1) }
            }
            guard result >= 0 else {
                sd_bus_message_unref(copy)
                throw DBusKitError.errno(result, "could not copy a message")
            }
            return copy
        }
        return Message(building: copied, lock: lock)
    }

    /// A new successful reply to this method call.
    public func makeReturn() -> Message? {
        lock.withLock {
            var reply: OpaquePointer?
            guard sd_bus_message_new_method_return(raw, &reply) >= 0, let reply else { return nil }
            return Message(building: reply, lock: lock)
        }
    }

    /// A new error reply to this method call. An invalid error name becomes
    /// `org.freedesktop.DBus.Error.Failed`; U+0000 in the text becomes U+FFFD.
    public func makeError(name: String, message: String) -> Message? {
        let validName = (try? DBusValidation.errorName(name)) != nil ? name : DBusErrorName.failed
        let text =
            DBusValidation.containsNUL(message)
            ? String(String.UnicodeScalarView(message.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
            : message
        return validName.withCString { cName in
            text.withCString { cText in
                lock.withLock {
                    var error = csd_error_null()
                    error.name = cName
                    error.message = cText
                    var reply: OpaquePointer?
                    guard sd_bus_message_new_method_error(raw, &reply, &error) >= 0, let reply else { return nil }
                    return Message(building: reply, lock: lock)
                }
            }
        }
    }

    /// Seals a built, unsent message so it can be read (sd-bus reads sealed messages only);
    /// a received or sent message is sealed already.
    func sealForReading() {
        guard built, !sealed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = sd_bus_message_seal(raw, UInt64(UInt32.max), 0)
    }

    /// The message's size on the wire, about: a fixed header, its fields and the body
    /// (sd-bus does not tell a message's size; alignment padding is left out).
    var estimatedSize: Int {
        func field(_ text: UnsafePointer<CChar>?) -> Int { 8 + (text.map { strlen($0) } ?? 0) }
        return 16 + bodyBytes + field(sd_bus_message_get_path(raw)) + field(sd_bus_message_get_interface(raw))
            + field(sd_bus_message_get_member(raw)) + field(sd_bus_message_get_destination(raw))
            + field(sd_bus_message_get_signature(raw, 1))
    }

    /// Records that sending sealed the message.
    func markSent() { sealed.store(true, ordering: .releasing) }

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
        var type: UInt8 = 0
        guard sd_bus_message_get_type(raw, &type) >= 0 else { return .invalid }
        switch type {
        case CSD_MESSAGE_METHOD_CALL: return .methodCall
        case CSD_MESSAGE_METHOD_RETURN: return .methodReturn
        case CSD_MESSAGE_METHOD_ERROR: return .error
        case CSD_MESSAGE_SIGNAL: return .signal
        default: return .invalid
        }
    }

    /// The object path, if any.
    public var path: String? { sd_bus_message_get_path(raw).map { String(cString: $0) } }
    /// The interface, if any.
    public var interface: String? { sd_bus_message_get_interface(raw).map { String(cString: $0) } }
    /// The member (method or signal name), if any.
    public var member: String? { sd_bus_message_get_member(raw).map { String(cString: $0) } }
    /// The body signature ("" for no arguments).
    public var signature: String { sd_bus_message_get_signature(raw, 1).map { String(cString: $0) } ?? "" }
    /// The sender's unique name, if any.
    public var sender: String? { sd_bus_message_get_sender(raw).map { String(cString: $0) } }
    /// The destination, if any.
    public var destination: String? { sd_bus_message_get_destination(raw).map { String(cString: $0) } }
    /// The error name of an error message.
    public var errorName: String? { sd_bus_message_get_error(raw)?.pointee.name.map { String(cString: $0) } }
    /// The serial (cookie) assigned when sending (0 before).
    public var serial: UInt32 {
        var cookie: UInt64 = 0
        guard sd_bus_message_get_cookie(raw, &cookie) >= 0 else { return 0 }
        return UInt32(truncatingIfNeeded: cookie)
    }
    /// The serial of the call a reply answers (0 for calls and signals).
    public var replySerial: UInt32 {
        var cookie: UInt64 = 0
        guard sd_bus_message_get_reply_cookie(raw, &cookie) >= 0 else { return 0 }
        return UInt32(truncatingIfNeeded: cookie)
    }
    /// Whether the sender asked for no reply (true for anything but a method call).
    public var noReply: Bool { sd_bus_message_get_expect_reply(raw) == 0 }

    /// Whether the body signature is exactly `expected`, without allocating.
    public func hasSignature(_ expected: String) -> Bool {
        guard let actual = sd_bus_message_get_signature(raw, 1) else { return expected.isEmpty }
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
        guard let actualMember = sd_bus_message_get_member(raw),
            let actualInterface = sd_bus_message_get_interface(raw)
        else { return false }
        return strcmp(actualMember, member) == 0 && strcmp(actualInterface, interface) == 0
    }

    /// Throws the error carried by an error message; returns self otherwise.
    @discardableResult
    public func throwIfError() throws -> Message {
        guard kind == .error else { return self }
        let error = sd_bus_message_get_error(raw)?.pointee
        throw DBusKitError(
            name: error?.name.map { String(cString: $0) } ?? DBusErrorName.failed,
            message: error?.message.map { String(cString: $0) } ?? "")
    }

    /// A reader over the body, from its first argument.
    public func reader() -> MessageReader { MessageReader(self) }

    /// Appends arguments to the body.
    public func write(_ body: (inout MessageWriter) throws -> Void) rethrows {
        var writer = MessageWriter(self)
        try body(&writer)
    }
}
