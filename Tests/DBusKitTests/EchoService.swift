import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization

/// A DBusKit service on a private bus, driven by its own loop thread.
final class EchoService: @unchecked Sendable {
    static let name = "org.example.Echo"
    static let path = "/org/example/Echo"
    static let interface = "org.example.Echo"

    let bus: PrivateBus
    let loop: EventLoop
    let connection: Connection
    let label = LabelBox()

    init(bus: PrivateBus? = nil, extraInterfaces: [InterfaceTable] = []) throws {
        self.bus = try bus ?? PrivateBus()
        connection = try Connection(address: self.bus.address)
        loop = try EventLoop()
        var table = InterfaceTable(Self.interface)
        table.method("Echo", input: "s", output: "s") { _, reader in .string(try reader.readString()) }
        table.method("Fail", input: "s") { _, reader in
            throw DBusKitError(name: "org.example.Error.Requested", message: try reader.readString())
        }
        table.method("Never") { _, _ in .deferred }
        let label = self.label
        table.property(
            "Label", signature: "s", get: { $0.append(label.value.withLock { $0 }) },
            set: { reader in
                let value = try reader.readString()
                label.value.withLock { $0 = value }
            })
        table.property("Answer", signature: "i", get: { $0.append(Int32(42)) })
        table.signal("Ticked", signature: "u")
        let object = ExportedObject(interfaces: [table] + extraInterfaces)
        try connection.export(object, at: Self.path)
        loop.attach(connection)
        try loop.start()
        _ = try connection.requestName(Self.name, flags: [.doNotQueue])
    }

    deinit {
        loop.stop()
        connection.close()
    }
}

/// Polls `condition` every millisecond until it holds or `timeout` passes.
func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}

/// A mutable property value shared with handlers.
final class LabelBox: Sendable {
    let value = Mutex("initial")
}
