import CDBus

/// Flags for ``Connection/requestName(_:flags:)``.
public struct NameFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Let another connection take the name with ``replaceExisting``.
    public static let allowReplacement = NameFlags(rawValue: CDBUS_NAME_FLAG_ALLOW_REPLACEMENT)
    /// Take the name from an owner that allowed replacement.
    public static let replaceExisting = NameFlags(rawValue: CDBUS_NAME_FLAG_REPLACE_EXISTING)
    /// Fail instead of waiting in the queue when the name is owned.
    public static let doNotQueue = NameFlags(rawValue: CDBUS_NAME_FLAG_DO_NOT_QUEUE)
}

/// What the bus answered to a name request.
public enum RequestNameResult: Sendable, Equatable {
    /// This connection now owns the name.
    case primaryOwner
    /// Someone else owns it; this connection waits in the queue.
    case inQueue
    /// Someone else owns it and ``NameFlags/doNotQueue`` was given.
    case exists
    /// This connection already owned it.
    case alreadyOwner
}

/// What the bus answered to a name release.
public enum ReleaseNameResult: Sendable, Equatable {
    /// The name was released.
    case released
    /// Nobody owned the name.
    case nonExistent
    /// Someone else owns the name.
    case notOwner
}

extension Connection {
    /// Asks the bus for a well-known name (blocking).
    public func requestName(_ name: String, flags: NameFlags) throws -> RequestNameResult {
        try DBusValidation.busName(name)
        let reply = try DBusKitError.check { error in dbus_bus_request_name(raw, name, flags.rawValue, error) }
        switch reply {
        case CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER: return .primaryOwner
        case CDBUS_REQUEST_NAME_REPLY_IN_QUEUE: return .inQueue
        case CDBUS_REQUEST_NAME_REPLY_EXISTS: return .exists
        case CDBUS_REQUEST_NAME_REPLY_ALREADY_OWNER: return .alreadyOwner
        default: throw DBusKitError.failed("unexpected RequestName reply \(reply)")
        }
    }

    /// Gives a well-known name back to the bus (blocking).
    @discardableResult
    public func releaseName(_ name: String) throws -> ReleaseNameResult {
        try DBusValidation.busName(name)
        let reply = try DBusKitError.check { error in dbus_bus_release_name(raw, name, error) }
        switch reply {
        case CDBUS_RELEASE_NAME_REPLY_RELEASED: return .released
        case CDBUS_RELEASE_NAME_REPLY_NON_EXISTENT: return .nonExistent
        case CDBUS_RELEASE_NAME_REPLY_NOT_OWNER: return .notOwner
        default: throw DBusKitError.failed("unexpected ReleaseName reply \(reply)")
        }
    }

    /// The unique name owning `name`, or nil when nobody owns it (blocking).
    public func nameOwner(_ name: String) throws -> String? {
        do {
            var reader = try call(
                destination: busName, path: busPath, interface: busName, member: "GetNameOwner"
            ) { $0.append(name) }.reader()
            return try reader.readString()
        } catch let error as DBusKitError where error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            return nil
        }
    }

    /// Whether anyone owns `name` (blocking).
    public func nameHasOwner(_ name: String) throws -> Bool {
        try DBusValidation.busName(name)
        return try DBusKitError.check { error in dbus_bus_name_has_owner(raw, name, error) } != 0
    }

    /// Adds a match rule so matching signals are routed to this connection (blocking).
    public func addMatch(_ rule: String) throws {
        try DBusValidation.string(rule)
        try DBusKitError.check { error in dbus_bus_add_match(raw, rule, error) }
    }

    /// Removes a match rule added with ``addMatch(_:)`` (blocking).
    public func removeMatch(_ rule: String) throws {
        try DBusValidation.string(rule)
        try DBusKitError.check { error in dbus_bus_remove_match(raw, rule, error) }
    }

    /// Subscribes to the bus's `NameOwnerChanged` (e.g. to notice peers that disconnect).
    public func watchNameOwnerChanges() throws {
        try addMatch(
            "type='signal',sender='\(busName)',interface='\(busName)',member='NameOwnerChanged',path='\(busPath)'")
    }
}

/// The bus driver's well-known name and interface.
let busName = "org.freedesktop.DBus"
/// The bus driver's object path.
let busPath = "/org/freedesktop/DBus"
