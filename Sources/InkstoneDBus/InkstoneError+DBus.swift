import DBusKit
import InkstoneService
import InkstoneText

/// The one place where core errors become D-Bus errors.
public enum InkstoneErrorMapping {
    /// The prefix of every Inkstone error name.
    public static let namePrefix = "org.inkstone.Error."

    /// The D-Bus error for anything a handler threw: ``InkstoneError`` becomes
    /// `org.inkstone.Error.<Code>`, ``DBusKitError`` passes through, anything else is `Failed`.
    public static func dbusError(for error: any Error) -> DBusKitError {
        switch error {
        case let error as InkstoneError:
            return DBusKitError(name: namePrefix + error.code.rawValue, message: error.message)
        case let error as DBusKitError:
            return error
        default:
            return .failed("internal error: \(error)")
        }
    }
}

extension ServiceLimits {
    /// The per-call argument bound every exported object enforces: all strings
    /// of one call together hold at most ``stringUTF8Bytes``, else `LimitExceeded`.
    public var argumentLimits: ArgumentLimits {
        ArgumentLimits(
            stringBytes: stringUTF8Bytes,
            errorName: InkstoneErrorMapping.namePrefix + InkstoneError.Code.limitExceeded.rawValue)
    }
}

extension InkstoneError {
    /// The D-Bus error name clients see, `org.inkstone.Error.<Code>`.
    public var dbusErrorName: String { InkstoneErrorMapping.namePrefix + code.rawValue }
}
