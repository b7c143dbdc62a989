import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

@Suite struct LifecycleTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func stopSignalReleasesNameAndExitsZero(signal: Int32) throws {
        let running = try RunningDaemon()
        running.daemon.signal(signal)
        #expect(running.daemon.waitForExit(timeout: .seconds(10)) == .exited(0), "\(running.daemon.stderr)")
        let result = try running.dbusSend([
            "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
            "string:\(busName)",
        ])
        #expect(result.stdout.contains("boolean false"), "\(result.stdout)\(result.stderr)")
    }

    @Test func nameTakenWithoutReplaceExitsThree() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let owner = try #require(try client.connection.nameOwner(busName))
        let second = try DaemonProcess(arguments: ["--address", running.bus.address])
        #expect(second.waitForExit(timeout: .seconds(10)) == .exited(3))
        #expect(
            second.stderr.contains("\(busName) is already owned by \(owner); use --replace to take it over"),
            "\(second.stderr)")
        #expect(running.daemon.termination == nil)
    }

    @Test func replaceTakesOverAndTheOldDaemonExitsCleanly() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let firstOwner = try client.connection.nameOwner(busName)
        let second = try DaemonProcess(arguments: ["--address", running.bus.address, "--replace"])
        defer {
            second.signal(SIGTERM)
            _ = second.waitForExit()
        }
        #expect(running.daemon.waitForExit(timeout: .seconds(10)) == .exited(0), "\(running.daemon.stderr)")
        #expect(running.daemon.waitForStderr(containing: "taken over"))
        let newOwner = try client.connection.nameOwner(busName)
        #expect(newOwner != nil && newOwner != firstOwner)
        #expect(second.termination == nil, "\(second.stderr)")
        #expect(try client.callString(busName, servicePath, serviceInterface, "GetVersion") == (try daemonVersion()))
    }

    @Test func busGoneMakesTheDaemonExitNonZero() throws {
        let running = try RunningDaemon()
        running.bus.stop(signal: SIGKILL)
        let ended = running.daemon.waitForExit(timeout: .seconds(10))
        #expect(ended == .exited(2), "\(running.daemon.stderr)")
    }

    @Test func busActivationStartsTheDaemon() throws {
        let services = try makeTemporaryDirectory(prefix: "inkstone-services")
        let template = try readFile(repositoryRoot() + "/dbus/org.inkstone.Inkstone1.service.in")
        let daemonFolder = String(builtProduct("inkstoned").dropLast("/inkstoned".count))
        try writeFile(services + "/org.inkstone.Inkstone1.service", template.replacing("@BINDIR@", with: daemonFolder))
        let bus = try PrivateBus(servicesDirectory: services)
        let client = try BusClient(address: bus.address)
        #expect(try !client.connection.nameHasOwner(busName))
        let result = try run([
            "dbus-send", "--bus=\(bus.address)", "--print-reply", "--dest=\(busName)", servicePath,
            "\(serviceInterface).GetVersion",
        ])
        #expect(result.stdout.contains("string \"\(try daemonVersion())\""), "\(result.stdout)\(result.stderr)")
        // Stop the activated daemon through its pid.
        var reader = try client.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID"
        ) { $0.append(busName) }.reader()
        let pid = pid_t(try reader.readUInt32())
        kill(pid, SIGTERM)
        let released = (0..<500).contains { _ in
            usleep(10_000)
            return (try? client.connection.nameHasOwner(busName)) == false
        }
        #expect(released)
    }
}
