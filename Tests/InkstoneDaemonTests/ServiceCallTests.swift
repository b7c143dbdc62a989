import DBusKit
import InkstoneTestSupport
import Testing

@Suite struct ServiceCallTests {
    @Test func versionIsSemantic() throws {
        let parts = try daemonVersion().split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }

    @Test func getVersionAnswersDbusSend() throws {
        let running = try RunningDaemon()
        let result = try running.dbusSend([
            "--dest=\(busName)", servicePath, "\(serviceInterface).GetVersion",
        ])
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout.contains("string \"\(try daemonVersion())\""), "\(result.stdout)")
    }

    @Test func getVersionAnswersGdbus() throws {
        let running = try RunningDaemon()
        let result = try run([
            "gdbus", "call", "--address", running.bus.address, "--dest", busName,
            "--object-path", servicePath, "--method", "\(serviceInterface).GetVersion",
        ])
        #expect(result.stdout.trimmingSuffixNewlines == "('\(try daemonVersion())',)", "\(result.stderr)")
    }

    @Test func versionPropertyIsReadableAndReadOnly() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let properties = "org.freedesktop.DBus.Properties"
        var single = try client.call(busName, servicePath, properties, "Get") {
            $0.append(serviceInterface)
            $0.append("Version")
        }.reader()
        let version = try daemonVersion()
        #expect(try single.readValue() == .variant(.string(version)))
        var all = try client.call(busName, servicePath, properties, "GetAll") { $0.append(serviceInterface) }.reader()
        #expect(try all.readVardict() == ["Version": .string(version)])
        do {
            _ = try client.call(busName, servicePath, properties, "Set") {
                $0.append(serviceInterface)
                $0.append("Version")
                $0.appendVariant(signature: "s") { $0.append("9.9.9") }
            }
            Issue.record("Version accepted a Set")
        } catch let error as DBusKitError {
            #expect(error.name == DBusErrorName.propertyReadOnly)
        }
    }

    @Test func dispatchErrorsSeenByDbusSend() throws {
        let running = try RunningDaemon()
        let cases: [([String], String)] = [
            ([servicePath, "\(serviceInterface).NoSuchMethod"], "org.freedesktop.DBus.Error.UnknownMethod"),
            (
                [servicePath, "\(serviceInterface).GetVersion", "string:unexpected"],
                "org.freedesktop.DBus.Error.InvalidArgs"
            ),
            (["/org/inkstone/Nowhere", "\(serviceInterface).GetVersion"], "org.freedesktop.DBus.Error.UnknownObject"),
            (["\(servicePath)/child", "\(serviceInterface).GetVersion"], "org.freedesktop.DBus.Error.UnknownObject"),
        ]
        for (arguments, errorName) in cases {
            let result = try running.dbusSend(["--dest=\(busName)"] + arguments)
            #expect(result.termination != .exited(0))
            #expect(result.stderr.contains("Error \(errorName)"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func peerPingIsAnswered() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let reply = try client.call(busName, servicePath, "org.freedesktop.DBus.Peer", "Ping")
        #expect(reply.kind == .methodReturn)
    }
}

extension String {
    /// The string without trailing newlines.
    var trimmingSuffixNewlines: String {
        var trimmed = self
        while trimmed.last == "\n" { trimmed.removeLast() }
        return trimmed
    }
}
