/// Flags for ``Connection/requestName(_:flags:)``.
public struct NameFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Let another connection take the name with ``replaceExisting``.
    public static let allowReplacement = NameFlags(rawValue: 1)
    /// Take the name from an owner that allowed replacement.
    public static let replaceExisting = NameFlags(rawValue: 2)
    /// Fail instead of waiting in the queue when the name is owned.
    public static let doNotQueue = NameFlags(rawValue: 4)
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
        let reply = try callBus("RequestName") { writer in
            writer.append(name)
            writer.append(flags.rawValue)
        }
        switch reply {
        case 1: return .primaryOwner
        case 2: return .inQueue
        case 3: return .exists
        case 4: return .alreadyOwner
        default: throw DBusKitError.failed("unexpected RequestName reply \(reply)")
        }
    }

    /// Gives a well-known name back to the bus (blocking).
    @discardableResult
    public func releaseName(_ name: String) throws -> ReleaseNameResult {
        try DBusValidation.busName(name)
        let reply = try callBus("ReleaseName") { $0.append(name) }
        switch reply {
        case 1: return .released
        case 2: return .nonExistent
        case 3: return .notOwner
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
        var reader = try MessageReader(
            try call(destination: busName, path: busPath, interface: busName, member: "NameHasOwner") {
                $0.append(name)
            }, expecting: "b")
        return try reader.readBool()
    }

    /// Adds a match rule so matching signals are routed to this connection (blocking).
    public func addMatch(_ rule: String) throws {
        try DBusValidation.string(rule)
        _ = try call(destination: busName, path: busPath, interface: busName, member: "AddMatch") { $0.append(rule) }
    }

    /// Removes a match rule added with ``addMatch(_:)`` (blocking).
    public func removeMatch(_ rule: String) throws {
        try DBusValidation.string(rule)
        _ = try call(destination: busName, path: busPath, interface: busName, member: "RemoveMatch") {
            $0.append(rule)
        }
    }

    /// Subscribes to the bus's `NameOwnerChanged` (e.g. to notice peers that disconnect).
    public func watchNameOwnerChanges() throws {
        try addMatch(
            "type='signal',sender='\(busName)',interface='\(busName)',member='NameOwnerChanged',path='\(busPath)'")
    }

    /// Calls a bus driver method whose reply is one `u` (blocking).
    private func callBus(_ member: String, _ body: (inout MessageWriter) throws -> Void) throws -> UInt32 {
        var reader = try MessageReader(
            try call(destination: busName, path: busPath, interface: busName, member: member, body), expecting: "u")
        return try reader.readUInt32()
    }
}

/// The bus driver's well-known name and interface.
let busName = "org.freedesktop.DBus"
/// The bus driver's object path.
let busPath = "/org/freedesktop/DBus"
