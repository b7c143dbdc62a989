import Glibc
import InkstoneClient
import InkstoneTestSupport
import Testing

let busName = InkstoneNames.busName
let servicePath = InkstoneNames.servicePath
let serviceInterface = InkstoneNames.serviceInterface

/// A private bus with a running `inkstoned` that owns its name.
///
/// New tests should reach it through `InkstoneClient` (``client()``) rather than raw calls.
final class RunningDaemon {
    let bus: PrivateBus
    let daemon: DaemonProcess

    /// Starts the daemon with `arguments`; it reads no configuration file of the user running
    /// the tests (`XDG_CONFIG_HOME` points nowhere unless `environment` sets it) and keeps what
    /// it learns in a fresh folder (`XDG_DATA_HOME`, unless `environment` sets it), and its
    /// durable documents in another (`XDG_STATE_HOME`, likewise).
    init(bus: PrivateBus? = nil, arguments: [String] = [], environment: [String: String] = [:]) throws {
        self.bus = try bus ?? PrivateBus()
        let dataHome = try environment["XDG_DATA_HOME"] ?? makeTemporaryDirectory(prefix: "inkstone-data")
        let stateHome = try environment["XDG_STATE_HOME"] ?? makeTemporaryDirectory(prefix: "inkstone-state")
        let defaults = [
            "XDG_CONFIG_HOME": "/nonexistent/inkstone-tests", "XDG_DATA_HOME": dataHome, "XDG_STATE_HOME": stateHome,
        ]
        daemon = try DaemonProcess(
            arguments: ["--address", self.bus.address] + arguments,
            environment: defaults.merging(environment) { $1 })
        let owned = try daemon.waitForName(busName, on: self.bus.address)
        try #require(owned, "inkstoned did not take \(busName): \(daemon.stderr)")
    }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: .seconds(5))
    }

    /// A new typed client on this daemon's bus.
    func client() throws -> InkstoneConnection {
        try dbusKitErrors { try InkstoneConnection(busAddress: bus.address, timeoutMilliseconds: 10_000) }
    }

    /// `dbus-send` against this bus.
    func dbusSend(_ arguments: [String]) throws -> RunResult {
        try run(["dbus-send", "--bus=\(bus.address)", "--print-reply"] + arguments)
    }
}

/// The version `inkstoned --version` prints.
func daemonVersion() throws -> String {
    let result = try run([builtProduct("inkstoned"), "--version"])
    return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
}
