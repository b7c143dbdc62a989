import DBusKit

/// Every failure a client call reports: the D-Bus error name (an
/// `org.inkstone.Error.*` name from the daemon, or an `org.freedesktop.DBus.Error.*`
/// name from the bus or sd-bus) and its readable message.
public struct InkstoneClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The D-Bus error name.
    public let name: String
    /// The message that came with it.
    public let message: String

    /// An error named `name` with `message`.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The same error as DBusKit reported it.
    public init(_ error: DBusKitError) {
        self.init(name: error.name, message: error.message)
    }

    /// A reply that did not have the shape the contract promises.
    public static func unexpectedReply(_ what: String) -> InkstoneClientError {
        InkstoneClientError(name: DBusErrorName.invalidArgs, message: "unexpected reply: \(what)")
    }

    /// The part after `org.inkstone.Error.` (e.g. `InvalidRange`), nil for errors not from the daemon.
    public var inkstoneName: String? {
        name.hasPrefix(InkstoneNames.errorPrefix) ? String(name.dropFirst(InkstoneNames.errorPrefix.count)) : nil
    }

    /// The error as a ``DBusKitError`` (for code that speaks DBusKit).
    public var dbusKitError: DBusKitError { DBusKitError(name: name, message: message) }

    /// `name: message`.
    public var description: String { "\(name): \(message)" }

    /// Runs `body`, reporting any error it throws as an ``InkstoneClientError``.
    static func wrapping<Result>(_ body: () throws -> Result) throws(InkstoneClientError) -> Result {
        do {
            return try body()
        } catch let error as InkstoneClientError {
            throw error
        } catch let error as DBusKitError {
            throw InkstoneClientError(error)
        } catch {
            throw InkstoneClientError(name: DBusErrorName.failed, message: "\(error)")
        }
    }
}
