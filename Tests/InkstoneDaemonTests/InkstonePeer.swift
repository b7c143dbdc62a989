import CDBus
import Glibc
import DBusKit
import InkstoneTestSupport
import Testing

let contextInterface = "org.inkstone.InputContext1"
let documentInterface = "org.inkstone.Document1"
let propertiesInterface = "org.freedesktop.DBus.Properties"

/// A signal as a client saw it: member, path, destination and decoded arguments.
struct SeenSignal: CustomStringConvertible {
    let member: String
    let path: String
    let destination: String?
    let arguments: [DBusValue]

    init(_ message: Message) {
        member = message.member ?? ""
        path = message.path ?? ""
        destination = message.destination
        var reader = message.reader()
        var values: [DBusValue] = []
        while !reader.isAtEnd, let value = try? reader.readValue() { values.append(value) }
        arguments = values
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
        let signal = SeenSignal(message)
        guard signal.member == "Notifications", case .array(_, let entries)? = signal.arguments.first else {
            return [signal]
        }
        return entries.compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 2, case .string(let member) = fields[0],
                  case .array(_, let wrapped) = fields[1] else { return nil }
            var arguments = wrapped.map { if case .variant(let inner) = $0 { inner } else { $0 } }
            if member == "PropertiesChanged" {
                arguments = [.string(contextInterface)] + arguments + [.array(elementSignature: "s", [])]
            }
            return SeenSignal(member: member, path: signal.path, destination: signal.destination, arguments: arguments)
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

/// One client connection to the daemon's bus, with typed helpers for Inkstone calls.
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

    /// Calls `member` of `interface` at `path` and returns every reply argument.
    @discardableResult
    func call(
        _ path: String, _ member: String, interface: String = contextInterface,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> [DBusValue] {
        var reader = try client.call(busName, path, interface, member, body).reader()
        var values: [DBusValue] = []
        while !reader.isAtEnd { values.append(try reader.readValue()) }
        return values
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
        if mode == .perEvent, !options.contains(where: { $0.hasPrefix("coalesce=") }) { options.append("coalesce=false") }
        let reply = try call(servicePath, "NewInputContext", interface: serviceInterface) { $0.append(strings: options) }
        guard case .objectPath(let path) = reply.first else { throw TestSupportError("no context path: \(reply)") }
        return path
    }

    /// `CreateInputContext` with an `a{sv}` of options.
    func createContext(_ options: [String: DBusValue] = [:]) throws -> String {
        var options = options
        if mode == .perEvent, options["coalesce"] == nil { options["coalesce"] = .bool(false) }
        let reply = try call(servicePath, "CreateInputContext", interface: serviceInterface) { $0.append(vardict: options) }
        guard case .objectPath(let path) = reply.first else { throw TestSupportError("no context path: \(reply)") }
        return path
    }

    func text(_ context: String) throws -> String {
        try call(context, "GetText").first?.stringValue ?? ""
    }

    func revision(_ context: String) throws -> UInt64 {
        try call(context, "GetText").last?.uint64 ?? 0
    }

    func range(_ context: String, _ member: String) throws -> (Int, Int) {
        let reply = try call(context, member)
        return (reply[0].int ?? -99, reply[1].int ?? -99)
    }

    /// `InsertText`: (revision, ticket).
    @discardableResult
    func insert(_ context: String, _ text: String) throws -> (UInt64, UInt64) {
        let reply = try call(context, "InsertText") { $0.append(text) }
        return (reply[0].uint64 ?? 0, reply[1].uint64 ?? 0)
    }

    /// `ReplaceRange`: (revision, ticket).
    @discardableResult
    func replace(_ context: String, _ start: Int, _ length: Int, _ text: String, expected: UInt64 = 0) throws -> (UInt64, UInt64) {
        let reply = try call(context, "ReplaceRange") { writer in
            writer.append(Int64(start))
            writer.append(Int64(length))
            writer.append(text)
            writer.append(expected)
        }
        return (reply[0].uint64 ?? 0, reply[1].uint64 ?? 0)
    }

    func setMarked(_ context: String, _ text: String, _ selStart: Int, _ selLength: Int, _ replStart: Int = -1, _ replLength: Int = 0) throws {
        try call(context, "SetMarkedText") { writer in
            writer.append(text)
            writer.append(Int64(selStart))
            writer.append(Int64(selLength))
            writer.append(Int64(replStart))
            writer.append(Int64(replLength))
        }
    }

    func keys(_ context: String, _ names: [String]) throws -> [Bool] {
        let reply = try call(context, "ProcessKeyNames") { $0.append(strings: names) }
        guard case .array(_, let flags) = reply.first else { return [] }
        return flags.compactMap(\.boolValue)
    }

    func property(_ context: String, _ name: String, interface: String = contextInterface) throws -> DBusValue? {
        let reply = try call(context, "Get", interface: propertiesInterface) { writer in
            writer.append(interface)
            writer.append(name)
        }
        if case .variant(let inner) = reply.first { return inner }
        return reply.first
    }

    /// Every signal already queued on the connection, after a round trip to
    /// the daemon (the daemon sends in order, so everything it sent before
    /// answering is here); `Notifications` signals are expanded into the
    /// notifications they carry unless `expanding` is false.
    func drainSignals(of path: String? = nil, expanding: Bool = true) throws -> [SeenSignal] {
        _ = try client.call(busName, servicePath, serviceInterface, "GetVersion")
        var seen: [SeenSignal] = []
        while let raw = dbus_connection_pop_message(client.connection.raw) {
            let message = Message(owning: raw)
            guard message.kind == .signal, message.interface != "org.freedesktop.DBus" else { continue }
            let signals = expanding ? SeenSignal.expand(message) : [SeenSignal(message)]
            seen += signals.filter { path == nil || $0.path == path }
        }
        return seen
    }
}

/// The signals of some members only.
func only(_ members: Set<String>, _ signals: [SeenSignal]) -> [SeenSignal] {
    signals.filter { members.contains($0.member) }
}

/// Reads messages from `connection` in arrival order, handing each to `body`
/// until it returns true; false when `seconds` pass first.
func readMessages(on connection: Connection, seconds: Int = 30, until body: (Message) -> Bool) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let deadline = now.tv_sec + seconds
    while now.tv_sec < deadline {
        if let raw = dbus_connection_pop_message(connection.raw) {
            if body(Message(owning: raw)) { return true }
            continue
        }
        guard connection.isConnected else { return false }
        _ = dbus_connection_read_write(connection.raw, 100)
        clock_gettime(CLOCK_MONOTONIC, &now)
    }
    return false
}
