import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport
import Testing

let contextInterface = InkstoneNames.contextInterface
let documentInterface = InkstoneNames.documentInterface
let propertiesInterface = InkstoneNames.propertiesInterface

/// A signal as a client saw it: member, path, destination and decoded arguments.
struct SeenSignal: CustomStringConvertible {
    let member: String
    let path: String
    let destination: String?
    let arguments: [DBusValue]

    init(_ message: Message) {
        self.init(InkstoneSignal(message))
    }

    init(_ signal: InkstoneSignal) {
        self.init(
            member: signal.member, path: signal.path, destination: signal.destination, arguments: signal.arguments)
    }

    init(member: String, path: String, destination: String?, arguments: [DBusValue]) {
        self.member = member
        self.path = path
        self.destination = destination
        self.arguments = arguments
    }

    /// The notifications a signal carries: itself, or each entry of a
    /// `Notifications` signal as the signal it stands for (`PropertiesChanged`
    /// with the interface and invalidated list it has as a signal of its own).
    static func expand(_ message: Message) -> [SeenSignal] {
        expand(InkstoneSignal(message))
    }

    /// ``expand(_:)-(Message)`` for a signal the client library decoded.
    static func expand(_ signal: InkstoneSignal) -> [SeenSignal] {
        guard signal.member == "Notifications" else { return [SeenSignal(signal)] }
        return signal.events.map { event in
            var arguments = event.arguments
            if event.member == "PropertiesChanged" {
                arguments = [.string(contextInterface)] + arguments + [.array(elementSignature: "s", [])]
            }
            return SeenSignal(
                member: event.member, path: signal.path, destination: signal.destination, arguments: arguments)
        }
    }

    var description: String { member + "[" + arguments.map(\.compact).joined(separator: ", ") + "]" }
}

/// How contexts a test peer creates get their notifications: one
/// `Notifications` signal per call (the default) or one signal each
/// (`coalesce=false`). Notification tests run in both.
enum NotificationMode: String, CaseIterable, CustomStringConvertible {
    case coalesced
    case perEvent

    var description: String { rawValue }
}

extension DBusValue {
    /// A short rendering for messages.
    var compact: String {
        switch self {
        case .string(let s): s.debugDescription
        case .int64(let v): "\(v)"
        case .uint64(let v): "\(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .objectPath(let p): p
        case .variant(let inner): inner.compact
        case .array(_, let items): "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .structure(let items): "(" + items.map(\.compact).joined(separator: ", ") + ")"
        case .dictEntry(let key, let value): "\(key.compact): \(value.compact)"
        default: "\(self)"
        }
    }

    var int: Int? { if case .int64(let v) = self { Int(v) } else if case .int32(let v) = self { Int(v) } else { nil } }
    var uint64: UInt64? { if case .uint64(let v) = self { v } else { nil } }
}

/// One client connection to the daemon's bus, with typed helpers for Inkstone calls
/// (errors thrown as ``DBusKitError``), implemented on `InkstoneClient`.
///
/// New tests should prefer `InkstoneConnection` (``inkstone``) and its proxies directly.
final class InkstonePeer {
    let client: BusClient
    let name: String
    /// The notification form of the contexts this peer creates (unless the
    /// options name `coalesce` themselves).
    let mode: NotificationMode

    init(_ running: RunningDaemon, mode: NotificationMode = .coalesced) throws {
        client = try BusClient(address: running.bus.address)
        name = client.connection.uniqueName ?? ""
        self.mode = mode
    }

    /// The typed client this peer calls through.
    var inkstone: InkstoneConnection { client.client }

    /// A typed proxy for the context at `path`.
    func context(_ path: String) -> InputContextProxy { inkstone.context(at: path) }

    /// Calls `member` of `interface` at `path` and returns every reply argument.
    @discardableResult
    func call(
        _ path: String, _ member: String, interface: String = contextInterface,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> [DBusValue] {
        try dbusKitErrors { try inkstone.callValues(path: path, interface: interface, member: member, body) }
    }

    /// Calls the `…Reporting` method `member` at `path` and returns the fields of its one reply
    /// struct: the plain method's results in order, then the call report. A reply of any other
    /// shape fails the call.
    func callReporting(
        _ path: String, _ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> [DBusValue] {
        let reply = try call(path, member, body)
        guard reply.count == 1, case .structure(let fields) = reply[0], case .structure? = fields.last else {
            throw TestSupportError("\(member) replied \(reply), not one struct ending in a call report")
        }
        return fields
    }

    /// The D-Bus error name a call fails with, nil when it succeeds.
    func errorName(
        _ path: String, _ member: String, interface: String = contextInterface,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) -> String? {
        do {
            try call(path, member, interface: interface, body)
            return nil
        } catch let error as DBusKitError {
            #expect(!error.message.isEmpty, "\(error.name) without a message")
            return error.name
        } catch {
            return "\(error)"
        }
    }

    /// `NewInputContext` with name=value options.
    func newContext(_ options: [String] = []) throws -> String {
        var options = options
        if mode == .perEvent, !options.contains(where: { $0.hasPrefix("coalesce=") }) {
            options.append("coalesce=false")
        }
        return try dbusKitErrors { try inkstone.newContext(options).path }
    }

    /// `CreateInputContext` with an `a{sv}` of options.
    func createContext(_ options: [String: DBusValue] = [:]) throws -> String {
        var options = options
        if mode == .perEvent, options["coalesce"] == nil { options["coalesce"] = .bool(false) }
        return try dbusKitErrors { try inkstone.createContext(vardict: options).path }
    }

    func text(_ context: String) throws -> String {
        try dbusKitErrors { try self.context(context).text().text }
    }

    func revision(_ context: String) throws -> UInt64 {
        try dbusKitErrors { try self.context(context).text().revision }
    }

    func range(_ context: String, _ member: String) throws -> (Int, Int) {
        let reply = try call(context, member)
        return (reply[0].int ?? -99, reply[1].int ?? -99)
    }

    /// `InsertText`: (revision, ticket).
    @discardableResult
    func insert(_ context: String, _ text: String) throws -> (UInt64, UInt64) {
        let reply = try dbusKitErrors { try self.context(context).insertText(text) }
        return (reply.revision, reply.ticket)
    }

    /// `ReplaceRange`: (revision, ticket).
    @discardableResult
    func replace(_ context: String, _ start: Int, _ length: Int, _ text: String, expected: UInt64 = 0) throws -> (
        UInt64, UInt64
    ) {
        let reply = try dbusKitErrors {
            try self.context(context).replace(
                OffsetRange(start: start, length: length), with: text, expectedRevision: expected)
        }
        return (reply.revision, reply.ticket)
    }

    func setMarked(
        _ context: String, _ text: String, _ selStart: Int, _ selLength: Int, _ replStart: Int = -1,
        _ replLength: Int = 0
    ) throws {
        try dbusKitErrors {
            try self.context(context).setMarkedText(
                text, selected: OffsetRange(start: selStart, length: selLength),
                replacing: OffsetRange(start: replStart, length: replLength))
        }
    }

    func keys(_ context: String, _ names: [String]) throws -> [Bool] {
        try dbusKitErrors { try self.context(context).processKeyNames(names) }
    }

    func property(_ context: String, _ name: String, interface: String = contextInterface) throws -> DBusValue? {
        try dbusKitErrors { try inkstone.property(name, of: interface, at: context) }
    }

    /// Every signal already queued on the connection, after a round trip to
    /// the daemon (the daemon sends in order, so everything it sent before
    /// answering is here); `Notifications` signals are expanded into the
    /// notifications they carry unless `expanding` is false.
    func drainSignals(of path: String? = nil, expanding: Bool = true) throws -> [SeenSignal] {
        let signals = try dbusKitErrors { try inkstone.drainSignals() }
        return signals.flatMap { expanding ? SeenSignal.expand($0) : [SeenSignal($0)] }
            .filter { path == nil || $0.path == path }
    }
}

/// The signals of some members only.
func only(_ members: Set<String>, _ signals: [SeenSignal]) -> [SeenSignal] {
    signals.filter { members.contains($0.member) }
}

/// Reads messages from `connection` in arrival order, handing each to `body`
/// until it returns true; false when `seconds` pass first.
func readMessages(on connection: Connection, seconds: Int = 30, until body: (Message) -> Bool) -> Bool {
    let deadline = MonotonicClock.milliseconds() + seconds * 1000
    while MonotonicClock.milliseconds() < deadline {
        if let message = connection.nextMessage(timeoutMilliseconds: 100) {
            if body(message) { return true }
            continue
        }
        guard connection.isConnected else { return false }
    }
    return false
}
