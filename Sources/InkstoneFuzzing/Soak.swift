import DBusKit
import Glibc
import InkstoneDBus
import InkstoneTestSupport

/// How long and how hard a soak runs.
public struct SoakConfiguration: Sendable {
    /// Calls to make in all.
    public var calls = 20_000
    /// Stop after this many seconds even if calls remain.
    public var seconds = 600
    /// The random seed (the same seed makes the same calls against a fresh daemon).
    public var seed: UInt64 = 1
    /// Calls between two invariant checks.
    public var batch = 200
    /// The daemon to run.
    public var daemonPath = builtProduct("inkstoned")
    /// Known open defects whose triggers the soak does not send, so a long run
    /// explores past them: `p2p-geometry` (geometry calls from direct peers and
    /// on persistent contexts), `selection-overflow` (`SetSelectedRange` whose
    /// end overflows). Empty by default: every call is made.
    public var avoid: Set<String> = []

    public init() {}
}

/// What a soak saw.
public struct SoakReport: Sendable {
    /// Calls made (invariant checks not counted).
    public var calls = 0
    /// Calls answered with an error, by error name.
    public var errors: [String: Int] = [:]
    /// Broken invariants and daemon deaths, each with the calls that led to it.
    public var violations: [String] = []
    /// Connections opened (bus and direct).
    public var connections = 0
    /// Times the daemon was started.
    public var daemonStarts = 0
    /// The daemon's resident memory after start-up and at the end, in KiB.
    public var residentKiB: (start: Int, end: Int) = (0, 0)
    /// Wall time.
    public var seconds = 0.0

    /// A readable summary, one fact a line.
    public var summary: String {
        var lines = ["soak: \(calls) calls in \(Int(seconds)) s over \(connections) connections, \(daemonStarts) daemon start(s)"]
        lines.append("soak: daemon memory \(residentKiB.start) KiB after start-up, \(residentKiB.end) KiB at the end")
        lines += errors.sorted { $0.key < $1.key }.map { "soak: \($0.value) × \($0.key)" }
        lines.append("soak: \(violations.count) invariant violation(s)")
        var seen: [String: Int] = [:]
        for violation in violations {
            let headline = String(violation.split(separator: "\n").first ?? "").drop { $0 != ":" }.dropFirst(2)
            let kind = String(headline.prefix(90).map { $0.isNumber ? "#" : $0 })
            seen[kind, default: 0] += 1
        }
        lines += seen.sorted { $0.key < $1.key }.map { "soak:   \($0.value) × \($0.key)" }
        return lines.joined(separator: "\n")
    }
}

/// Random calls over a private bus and the direct socket against a real
/// `inkstoned`, with the observable invariants checked after every batch:
/// the daemon lives; `Length` equals `GetText` measured in the context's unit;
/// `SelectedRange` and `MarkedRange` lie inside the text; `HasMarkedText`
/// agrees with `MarkedRange`; every error is a named `org.inkstone.Error.*` or
/// a standard D-Bus one.
public final class Soak {
    static let inkstoneErrors: Set<String> = [
        "InvalidArgument", "InvalidRange", "UnknownObject", "AccessDenied", "LimitExceeded", "Stale", "Busy", "InvalidState",
    ]
    static let standardErrors: Set<String> = [
        "UnknownMethod", "InvalidArgs", "UnknownObject", "UnknownInterface", "UnknownProperty", "PropertyReadOnly",
        "AccessDenied", "LimitsExceeded",
    ]
    static let servicePath = "/org/inkstone/Inkstone1"
    static let serviceMethods = ContractMethod.parse(InkstoneIntrospection.xml)
    static let contextMethods = ContractMethod.parse(InkstoneIntrospection.inputContext)
    static let documentMethods = ContractMethod.parse(InkstoneIntrospection.document)

    let configuration: SoakConfiguration
    var report = SoakReport()
    var arguments: SoakArguments
    var session: SoakSession?
    var clients: [SoakClient] = []
    /// Persistent contexts: any client may call them.
    var persistent: [String] = []
    /// The last calls, for the report of a violation.
    var recent: [String] = []
    var log: (String) -> Void

    /// A soak with `configuration`; `log` receives progress lines.
    public init(_ configuration: SoakConfiguration, log: @escaping (String) -> Void = { print($0) }) {
        self.configuration = configuration
        self.log = log
        arguments = SoakArguments(seed: configuration.seed)
        arguments.properties = ContractMethod.propertyNames(InkstoneIntrospection.inputContext)
            + ContractMethod.propertyNames(InkstoneIntrospection.document)
    }

    /// Runs the soak to its call count or time limit.
    public func run() throws -> SoakReport {
        let started = Soak.now()
        let deadline = started + configuration.seconds * 1000
        try restart()
        report.residentKiB.start = session?.residentKiB ?? 0
        var nextProgress = 10_000
        while report.calls < configuration.calls, Soak.now() < deadline {
            for _ in 0..<configuration.batch where report.calls < configuration.calls {
                try step()
            }
            try checkInvariants()
            if report.calls >= nextProgress {
                nextProgress += 10_000
                log("soak: \(report.calls) calls, \(report.violations.count) violation(s), daemon \(session?.residentKiB ?? 0) KiB")
            }
        }
        report.residentKiB.end = session?.residentKiB ?? 0
        report.seconds = Double(Soak.now() - started) / 1000
        clients.forEach { $0.connection.close() }
        clients = []
        stopDaemon()
        return report
    }

    // MARK: Sessions and clients

    func restart() throws {
        clients.forEach { $0.connection.close() }
        clients = []
        persistent = []
        stopDaemon()
        session = try SoakSession(daemonPath: configuration.daemonPath)
        report.daemonStarts += 1
        try connect(peer: false)
        try connect(peer: true)
    }

    /// Stops the daemon; a sanitizer report in its output (a daemon built with
    /// `-sanitize=address` or `thread`) is a violation.
    func stopDaemon() {
        guard let session else { return }
        session.daemon.signal(SIGTERM)
        _ = session.daemon.waitForExit(timeout: .seconds(30))
        let reports = session.daemon.stderr.split(separator: "\n").filter { $0.contains("Sanitizer") }
        if !reports.isEmpty { violation("the daemon's sanitizer reported:\n" + reports.prefix(20).joined(separator: "\n")) }
        self.session = nil
    }

    func connect(peer: Bool) throws {
        guard let session else { return }
        let connection = peer
            ? try Connection(address: session.peerAddress, registerWithBus: false)
            : try Connection(address: session.bus.address)
        clients.append(SoakClient(connection: connection, isPeer: peer))
        if let name = connection.uniqueName { arguments.peers = Array((arguments.peers + [name]).suffix(16)) }
        report.connections += 1
    }

    func disconnect(_ index: Int) {
        let client = clients.remove(at: index)
        client.connection.close()
    }

    // MARK: Calls

    func step() throws {
        if clients.count < 2 || arguments.chance(150) {
            if clients.count > 1 { disconnect(arguments.random.next(below: clients.count)) }
            try connect(peer: arguments.chance(2))
        }
        let client = arguments.pick(clients)
        let (path, methods) = target(for: client)
        var method = arguments.pick(methods)
        if path == Self.servicePath, client.contexts.count + persistent.count < 3, arguments.chance(2) {
            method = Self.serviceMethods.first { $0.name == (arguments.chance(2) ? "CreateInputContext" : "NewInputContext") } ?? method
        }
        let argumentMethod = arguments.chance(40) ? arguments.pick(Self.contextMethods) : method
        let values = argumentMethod.arguments.map { arguments.value(Substring($0.type), named: $0.name) }
        if avoids(method.name, values, client: client, path: path) { return }
        let outcome = client.call(path, method.interface, method.name) { writer in
            for value in values { writer.append(value) }
        }
        report.calls += 1
        remember("\(client.kind) \(path) \(method.name)(\(values.map(SoakArguments.describe).joined(separator: ", "))) → \(outcome.summary)")
        try handle(outcome, of: method, on: path, by: client)
    }
}

extension Soak {
    static let geometryMethods: Set<String> = ["SetWindowGeometry", "SetCellGrid", "SetGeometryProvider", "SetLineFragments"]

    /// Whether a call would reach a defect listed in ``SoakConfiguration/avoid``.
    func avoids(_ member: String, _ values: [DBusValue], client: SoakClient, path: String) -> Bool {
        let avoid = configuration.avoid
        if avoid.contains("p2p-geometry"), Self.geometryMethods.contains(member),
           client.isPeer || persistent.contains(path) {
            return true
        }
        if avoid.contains("selection-overflow"), member == "SetSelectedRange", values.count == 2,
           let start = values[0].int64Value, let length = values[1].int64Value,
           start.addingReportingOverflow(length).overflow {
            return true
        }
        return false
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    /// An object for `client` to call and the methods it has.
    func target(for client: SoakClient) -> (String, [ContractMethod]) {
        let contexts = client.contexts + persistent
        switch arguments.random.next(below: 20) {
        case 0..<3: return (Self.servicePath, Self.serviceMethods)
        case 3 where !client.documents.isEmpty: return (arguments.pick(client.documents), Self.documentMethods)
        case 4: return (arguments.pick(["/org/inkstone/Inkstone1/context/999999", "/org/inkstone/Inkstone1/document/0", "/"]),
                        Self.contextMethods)
        case 5 where !clients.isEmpty:
            // Someone else's context: AccessDenied unless persistent.
            let other = arguments.pick(clients)
            if let path = other.contexts.first { return (path, Self.contextMethods) }
            fallthrough
        default:
            guard !contexts.isEmpty else { return (Self.servicePath, Self.serviceMethods) }
            return (arguments.pick(contexts), Self.contextMethods)
        }
    }

    /// Records what a successful call created or destroyed, and checks error names.
    func handle(_ outcome: SoakClient.Outcome, of method: ContractMethod, on path: String, by client: SoakClient) throws {
        switch outcome {
        case .reply(let reply):
            switch method.name {
            case "CreateInputContext", "NewInputContext", "CreateDocument":
                var reader = reply.reader()
                guard let created = try? reader.readObjectPath() else { return }
                if method.name == "CreateDocument" {
                    client.documents.append(created)
                } else if method.name == "NewInputContext" {
                    persistent.append(created)
                } else {
                    client.contexts.append(created)
                }
            case "Destroy":
                client.contexts.removeAll { $0 == path }
                persistent.removeAll { $0 == path }
            default: break
            }
        case .error(let name, let message):
            report.errors[name, default: 0] += 1
            if name.hasSuffix(".UnknownObject") {
                client.contexts.removeAll { $0 == path }
                persistent.removeAll { $0 == path }
            }
            try checkError(name: name, message: message, client: client)
        }
    }

    func checkError(name: String, message: String, client: SoakClient) throws {
        let parts = name.split(separator: ".")
        let short = parts.last.map(String.init) ?? ""
        let prefix = parts.dropLast().joined(separator: ".")
        let named = (prefix == "org.inkstone.Error" && Self.inkstoneErrors.contains(short))
            || (prefix == "org.freedesktop.DBus.Error" && Self.standardErrors.contains(short))
        if named, !message.isEmpty { return }
        // A connection error may mean the daemon is going down: give it time to finish dying.
        if let session, let ended = session.daemon.waitForExit(timeout: .seconds(10)) {
            violation("the daemon died (\(ended)) during this call; its last words:\n\(Self.lastWords(session.daemon.stderr))")
            try restart()
            return
        }
        if !client.connection.isConnected {
            violation("the daemon dropped a \(client.kind) connection (\(name): \(message))")
            if let index = clients.firstIndex(where: { $0 === client }) { disconnect(index) }
            return
        }
        violation("an error that is not a named one: \(name): \(message.debugDescription)")
    }

    /// The lines of a crash report that say what happened (not the register dump).
    static func lastWords(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n").filter {
            let line = $0.lowercased()
            return line.contains("fatal error") || line.contains("crash") || line.contains("runtime failure")
                || line.contains(" at /") || line.contains("error") || line.contains("abort")
        }
        return lines.prefix(12).joined(separator: "\n")
    }

    func remember(_ line: String) {
        recent.append(line)
        if recent.count > 24 { recent.removeFirst(recent.count - 24) }
    }

    func violation(_ what: String) {
        let entry = "after call \(report.calls): \(what)\n  last calls:\n    " + recent.joined(separator: "\n    ")
        report.violations.append(entry)
        log("soak: VIOLATION " + entry)
    }

    // MARK: Invariants

    /// Checks every context a live client may read.
    func checkInvariants() throws {
        guard let session else { return }
        if session.daemon.termination != nil, let ended = session.daemon.waitForExit() {
            violation("the daemon died (\(ended)); its last words:\n\(Self.lastWords(session.daemon.stderr))")
            try restart()
            return
        }
        for client in clients {
            for path in client.contexts + (client === clients.first ? persistent : []) {
                if let broken = checkContext(path, by: client) {
                    violation("\(path) read by \(client.kind): \(broken)")
                }
            }
        }
    }

    /// The first broken invariant of one context, nil when all hold (or it is gone).
    func checkContext(_ path: String, by client: SoakClient) -> String? {
        let interface = "org.inkstone.InputContext1"
        guard case .reply(let textReply) = client.call(path, interface, "GetText", { _ in }),
              case .reply(let lengthReply) = client.call(path, interface, "Length", { _ in }),
              case .reply(let selectedReply) = client.call(path, interface, "SelectedRange", { _ in }),
              case .reply(let markedReply) = client.call(path, interface, "MarkedRange", { _ in }),
              case .reply(let hasMarkedReply) = client.call(path, interface, "HasMarkedText", { _ in }),
              case .reply(let unitReply) = client.call(path, "org.freedesktop.DBus.Properties", "Get", {
                  $0.append(interface)
                  $0.append("Unit")
              })
        else { return nil }
        do {
            var reader = textReply.reader()
            let text = try reader.readString()
            reader = lengthReply.reader()
            let length = Int(try reader.readInt64())
            reader = selectedReply.reader()
            let selected = (Int(try reader.readInt64()), Int(try reader.readInt64()))
            reader = markedReply.reader()
            let marked = (Int(try reader.readInt64()), Int(try reader.readInt64()))
            reader = hasMarkedReply.reader()
            let hasMarked = try reader.readBool()
            reader = unitReply.reader()
            let unit = try reader.readVariant { _, inner in try inner.readString() }
            let counts = ["utf8": text.utf8.count, "utf16": text.utf16.count, "scalars": text.unicodeScalars.count,
                          "graphemes": text.count]
            guard let expected = counts[unit] else { return "unknown unit '\(unit)'" }
            if length != expected {
                return "Length is \(length) but GetText has \(expected) \(unit) units (\(text.utf8.count) bytes)"
            }
            if selected.0 != -1, selected.0 < 0 || selected.1 < 0 || selected.0 > length - selected.1 {
                return "SelectedRange \(selected) outside 0...\(length)"
            }
            if hasMarked != (marked.0 != -1) { return "HasMarkedText \(hasMarked) but MarkedRange \(marked)" }
            if marked.0 != -1, marked.0 < 0 || marked.1 < 0 || marked.0 > length - marked.1 {
                return "MarkedRange \(marked) outside 0...\(length)"
            }
            return nil
        } catch {
            return "a reply did not have its documented signature: \(error)"
        }
    }
}

extension SoakClient.Outcome {
    var summary: String {
        switch self {
        case .reply(let reply): return "ok(\(reply.signature))"
        case .error(let name, let message): return "\(name.split(separator: ".").last ?? "?"): \(message.prefix(80))"
        }
    }
}

/// A private bus, a runtime folder and a running `inkstoned` that owns its name.
final class SoakSession {
    let bus: PrivateBus
    let runtime: String
    let daemon: DaemonProcess
    let peerAddress: String

    init(daemonPath: String) throws {
        runtime = try makeTemporaryDirectory(prefix: "inkstone-soak")
        bus = try PrivateBus()
        daemon = try DaemonProcess(
            executable: daemonPath, arguments: ["--address", bus.address], environment: ["XDG_RUNTIME_DIR": runtime])
        guard try daemon.waitForName("org.inkstone.Inkstone1", on: bus.address) else {
            throw TestSupportError("inkstoned did not start: \(daemon.stderr)")
        }
        let client = try BusClient(address: bus.address)
        peerAddress = try client.callString("org.inkstone.Inkstone1", "/org/inkstone/Inkstone1", "org.inkstone.Inkstone1", "GetPeerAddress")
    }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: .seconds(5))
        bus.stop()
        _ = try? run(["rm", "-rf", runtime])
    }

    /// The daemon's resident set size in KiB (0 when it cannot be read).
    var residentKiB: Int {
        guard let file = fopen("/proc/\(daemon.pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") { return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        }
        return 0
    }
}
