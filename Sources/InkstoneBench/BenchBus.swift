import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

/// A private bus holding the raw echo service and one server: `inkstoned` (started with
/// `daemonArguments`), or another program that owns a name on it (stock fcitx5).
final class BenchBus {
    let bus: PrivateBus
    let echo: RawEchoService
    let daemon: DaemonProcess
    /// Times the echo baseline.
    let echoClient: RawClient

    convenience init(daemonArguments: [String] = []) throws {
        try self.init(executable: builtProduct("inkstoned"), owning: InkstoneNames.busName) { address in
            (["--address", address] + daemonArguments, [:])
        }
    }

    /// Starts `executable` with the arguments and environment that `launch` makes for the
    /// bus's address; ready once it owns `name` (within `timeout`).
    init(
        executable: String, owning name: String, timeout: Duration = .seconds(10),
        launch: (_ address: String) -> (arguments: [String], environment: [String: String])
    ) throws {
        bus = try PrivateBus()
        echo = try RawEchoService(address: bus.address)
        let (arguments, environment) = launch(bus.address)
        daemon = try DaemonProcess(executable: executable, arguments: arguments, environment: environment)
        guard try daemon.waitForName(name, on: bus.address, timeout: timeout) else {
            throw ValidationError("\(executable) did not start: \(daemon.stderr)")
        }
        echoClient = try RawClient(address: bus.address)
    }

    /// Stops the daemon, the bus and the echo thread.
    func stop() {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit()
        bus.stop()
        echo.join()
    }

    /// The daemon's resident memory (VmRSS), in bytes.
    var daemonResidentBytes: UInt64 { ResidentMemory.of(pid: daemon.pid) }
}
