import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

/// A private bus holding the raw echo service and one `inkstoned` (started with `daemonArguments`).
final class BenchBus {
    let bus: PrivateBus
    let echo: RawEchoService
    let daemon: DaemonProcess
    /// Times the echo baseline.
    let echoClient: RawClient

    init(daemonArguments: [String] = []) throws {
        bus = try PrivateBus()
        echo = try RawEchoService(address: bus.address)
        daemon = try DaemonProcess(
            executable: builtProduct("inkstoned"), arguments: ["--address", bus.address] + daemonArguments)
        guard try daemon.waitForName(InkstoneNames.busName, on: bus.address) else {
            throw ValidationError("inkstoned did not start: \(daemon.stderr)")
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
