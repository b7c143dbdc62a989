import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

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
            executable: daemonPath, arguments: ["--address", bus.address],
            environment: ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": runtime + "/data"])
        guard try daemon.waitForName(InkstoneNames.busName, on: bus.address) else {
            throw TestSupportError("inkstoned did not start: \(daemon.stderr)")
        }
        peerAddress = try InkstoneConnection(busAddress: bus.address).peerAddress()
    }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: .seconds(5))
        bus.stop()
        _ = try? run(["rm", "-rf", runtime])
    }

    /// The daemon's resident set size in KiB (0 when it cannot be read).
    var residentKiB: Int { Int(ResidentMemory.of(pid: daemon.pid) / 1024) }
}
