import CSystemd
import Glibc

/// A D-Bus error: a dotted error name plus a readable message.
///
/// Thrown by DBusKit when sd-bus reports a failure (`sd_bus_error` or an `errno`), when a reply
/// is an error message, or when a message's signature is not the expected one.
/// Thrown from a method handler, it becomes the error reply with the same name.
public struct DBusKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.InvalidArgs`.
    public let name: String
    /// A readable sentence for people.
    public let message: String

    /// Creates an error with a D-Bus error name and a readable message.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// Takes over a set `sd_bus_error` (freeing it), or returns nil when it is not set.
    static func take(_ error: inout sd_bus_error) -> DBusKitError? {
        guard sd_bus_error_is_set(&error) != 0 else { return nil }
        defer { sd_bus_error_free(&error) }
        let name = error.name.map { String(cString: $0) } ?? DBusErrorName.failed
        let message = error.message.map { String(cString: $0) } ?? ""
        return DBusKitError(name: name, message: message)
    }

    /// The error for sd-bus's negative `errno` result of `what` (e.g. "could not send a message"):
    /// `Disconnected` for a closed connection, `NoMemory`, `NoReply` for a timeout, else `Failed`.
    static func errno(_ result: Int32, _ what: String) -> DBusKitError {
        let code = -result
        let reason = "\(what): \(String(cString: strerror(code)))"
        switch code {
        case ENOTCONN, ECONNRESET, EPIPE, ESHUTDOWN:
            return DBusKitError(name: DBusErrorName.disconnected, message: reason)
        case ENOMEM, ENOBUFS: return DBusKitError(name: DBusErrorName.noMemory, message: reason)
        case ETIMEDOUT: return DBusKitError(name: DBusErrorName.noReply, message: reason)
        default: return .failed(reason)
        }
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs` with a message.
    public static func invalidArgs(_ message: String) -> DBusKitError {
        DBusKitError(name: DBusErrorName.invalidArgs, message: message)
    }

    /// `org.freedesktop.DBus.Error.Failed` with a message.
    public static func failed(_ message: String) -> DBusKitError {
        DBusKitError(name: DBusErrorName.failed, message: message)
    }
}

/// Standard error names of the `org.freedesktop.DBus.Error` family.
public enum DBusErrorName {
    /// A generic failure.
    public static let failed = "org.freedesktop.DBus.Error.Failed"
    /// Arguments of the wrong type or value.
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// The object has no such method (or interface).
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// No object is exported at that path.
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    /// The object has no such interface.
    public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The object has no such property.
    public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The property cannot be written.
    public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// No reply arrived within the timeout.
    public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    /// The connection is closed.
    public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
    /// Out of memory.
    public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
}
