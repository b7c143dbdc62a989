import DBusKit
import Glibc
import InkstoneClient
import InkstoneDBus
import InkstoneTestSupport

/// Random calls over a private bus and the direct socket against a real
/// `inkstoned`, with the observable invariants checked after every batch:
/// the daemon lives; `Length` equals `GetText` measured in the context's unit;
/// `SelectedRange` and `MarkedRange` lie inside the text; `HasMarkedText`
/// agrees with `MarkedRange`; every error is a named `org.inkstone.Error.*` or
/// a standard D-Bus one.
public final class Soak {
    static let inkstoneErrors: Set<String> = [
        "InvalidArgument", "InvalidRange", "UnknownObject", "AccessDenied", "LimitExceeded", "Stale", "Busy",
        "InvalidState", "UnsupportedVersion",
    ]
    static let standardErrors: Set<String> = [
        "UnknownMethod", "InvalidArgs", "UnknownObject", "UnknownInterface", "UnknownProperty", "PropertyReadOnly",
        "AccessDenied", "LimitsExceeded",
    ]
    static let servicePath = InkstoneNames.servicePath
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
        arguments.properties =
            ContractMethod.propertyNames(InkstoneIntrospection.inputContext)
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
                log(
                    "soak: \(report.calls) calls, \(report.violations.count) violation(s), daemon \(session?.residentKiB ?? 0) KiB"
                )
            }
        }
        report.residentKiB.end = session?.residentKiB ?? 0
        report.seconds = Double(Soak.now() - started) / 1000
        for client in clients { client.connection.close() }
        clients = []
        stopDaemon()
        return report
    }

    // MARK: Sessions and clients

    func restart() throws {
        for client in clients { client.connection.close() }
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
        if !reports.isEmpty {
            violation("the daemon's sanitizer reported:\n" + reports.prefix(20).joined(separator: "\n"))
        }
        self.session = nil
    }

    func connect(peer: Bool) throws {
        guard let session else { return }
        let connection =
            peer
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
            method =
                Self.serviceMethods.first {
                    $0.name == (arguments.chance(2) ? "CreateInputContext" : "NewInputContext")
                } ?? method
        }
        let argumentMethod = arguments.chance(40) ? arguments.pick(Self.contextMethods) : method
        let values = argumentMethod.arguments.map { arguments.value(Substring($0.type), named: $0.name) }
        if avoids(method.name, values, client: client, path: path) { return }
        let outcome = client.call(path, method.interface, method.name) { writer in
            for value in values { writer.append(value) }
        }
        report.calls += 1
        remember(
            "\(client.kind) \(path) \(method.name)(\(values.map(SoakArguments.describe).joined(separator: ", "))) → \(outcome.summary)"
        )
        try handle(outcome, of: method, on: path, by: client)
    }
}
