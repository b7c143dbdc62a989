import Glibc
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
            executable: daemonPath, arguments: ["--address", bus.address], environment: ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": runtime + "/data"])
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
