import DBusKit
import InkstoneTestSupport
import Synchronization
import Testing

@Suite struct ExportTests {
    private func expectError(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(name), got a reply")
        } catch let error as DBusKitError {
            #expect(error.name == name, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func dispatchErrorsComeBeforeHandlers() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        expectError(DBusErrorName.unknownMethod) {
            _ = try client.call(EchoService.name, EchoService.path, EchoService.interface, "Nope")
        }
        expectError(DBusErrorName.unknownMethod) {
            _ = try client.call(EchoService.name, EchoService.path, "org.example.Missing", "Echo") { $0.append("x") }
        }
        expectError(DBusErrorName.invalidArgs) {
            _ = try client.call(EchoService.name, EchoService.path, EchoService.interface, "Echo") {
                $0.append(Int32(1))
            }
        }
        expectError(DBusErrorName.unknownObject) {
            _ = try client.call(EchoService.name, "/org/example/Nowhere", EchoService.interface, "Echo") {
                $0.append("x")
            }
        }
        expectError("org.example.Error.Requested") {
            _ = try client.call(EchoService.name, EchoService.path, EchoService.interface, "Fail") { $0.append("why") }
        }
    }

    /// A call's interface is found by its name (an own or a standard one), or by
    /// searching the tables when the call names none; an unknown one is named in the error.
    @Test func callsFindTheirInterfaceByNameOrBySearch() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        #expect(
            try client.callString(EchoService.name, EchoService.path, EchoService.interface, "Echo") {
                $0.append("named")
            } == "named")
        let unnamed = try client.connection.makeMethodCall(
            destination: EchoService.name, path: EchoService.path, interface: nil, member: "Echo")
        unnamed.write { $0.append("searched") }
        var reader = try MessageReader(try client.connection.call(unnamed), expecting: "s")
        #expect(try reader.readString() == "searched")
        _ = try client.call(EchoService.name, EchoService.path, "org.freedesktop.DBus.Peer", "Ping")
        do {
            _ = try client.call(EchoService.name, EchoService.path, "org.example.Echo2", "Echo") { $0.append("x") }
            Issue.record("expected UnknownMethod")
        } catch let error as DBusKitError {
            #expect(error.name == DBusErrorName.unknownMethod)
            #expect(error.message.contains("'org.example.Echo2'"), "\(error.message)")
        }
    }

    @Test func propertiesGetGetAllSet() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        let properties = "org.freedesktop.DBus.Properties"
        var reader = try client.call(EchoService.name, EchoService.path, properties, "Get") {
            $0.append(EchoService.interface)
            $0.append("Answer")
        }.reader()
        #expect(try reader.readValue() == .variant(.int32(42)))
        _ = try client.call(EchoService.name, EchoService.path, properties, "Set") {
            $0.append(EchoService.interface)
            $0.append("Label")
            $0.appendVariant(signature: "s") { $0.append("changed") }
        }
        var all = try client.call(EchoService.name, EchoService.path, properties, "GetAll") {
            $0.append(EchoService.interface)
        }.reader()
        #expect(try all.readVardict() == ["Answer": .int32(42), "Label": .string("changed")])
        expectError(DBusErrorName.propertyReadOnly) {
            _ = try client.call(EchoService.name, EchoService.path, properties, "Set") {
                $0.append(EchoService.interface)
                $0.append("Answer")
                $0.appendVariant(signature: "i") { $0.append(Int32(1)) }
            }
        }
        expectError(DBusErrorName.unknownProperty) {
            _ = try client.call(EchoService.name, EchoService.path, properties, "Get") {
                $0.append(EchoService.interface)
                $0.append("Missing")
            }
        }
    }

    @Test func propertiesChangedIsUnicast() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        let destination = try #require(client.connection.uniqueName)
        try service.connection.emitPropertiesChanged(
            path: EchoService.path, interface: EchoService.interface, changed: ["Label": .string("new")],
            destination: destination)
        let signal = try #require(client.waitForSignal(member: "PropertiesChanged"))
        var reader = try MessageReader(signal, expecting: "sa{sv}as")
        #expect(try reader.readString() == EchoService.interface)
        #expect(try reader.readVardict() == ["Label": .string("new")])
        #expect(try reader.readStrings() == [])
    }

    /// Signals sent from one template arrive with its address and each its own arguments;
    /// the template is never sent and stays without a body. A refused value sends nothing.
    @Test func signalsCopiedFromATemplateCarryTheirOwnArguments() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        let destination = try #require(client.connection.uniqueName)
        let template = try service.connection.makeSignal(
            path: EchoService.path, interface: EchoService.interface, member: "Preedit", destination: destination)
        for (text, cursor) in [("ㅎ", Int32(3)), ("한", Int32(3))] {
            try service.connection.emitSignal(copying: template) { writer in
                writer.appendArray(of: "(si)") { array in
                    array.appendStruct {
                        $0.append(text)
                        $0.append(Int32(8))
                    }
                }
                writer.append(cursor)
            }
        }
        #expect(throws: DBusKitError.self) {
            try service.connection.emitSignal(copying: template) { $0.append("cut\u{0}here") }
        }
        for expected in ["ㅎ", "한"] {
            let signal = try #require(client.waitForSignal(member: "Preedit"))
            #expect(signal.path == EchoService.path && signal.destination == destination)
            var reader = try MessageReader(signal, expecting: "a(si)i")
            let segments = try reader.readArray { try $0.readStruct { (try $0.readString(), try $0.readInt32()) } }
            #expect(segments.map(\.0) == [expected] && segments.map(\.1) == [8])
            #expect(try reader.readInt32() == 3)
        }
        #expect(template.signature == "" && template.serial == 0)
    }

    @Test func introspectionListsMembersAndChildren() throws {
        let service = try EchoService()
        let client = try BusClient(address: service.bus.address)
        let introspectable = "org.freedesktop.DBus.Introspectable"
        let xml = try client.callString(EchoService.name, EchoService.path, introspectable, "Introspect")
        for fragment in [
            "<method name=\"Echo\">", "<property name=\"Label\" type=\"s\" access=\"readwrite\"/>",
            "<signal name=\"Ticked\">", "org.freedesktop.DBus.Properties",
        ] {
            #expect(xml.contains(fragment), "\(fragment) missing from \(xml)")
        }
        let parent = try client.callString(EchoService.name, "/org/example", introspectable, "Introspect")
        #expect(parent.contains("<node name=\"Echo\"/>"))
    }

    @Test func subtreeSeesTheCalledPath() throws {
        var table = InterfaceTable("org.example.Item")
        table.method("Where", output: "o") { call, _ in .write { $0.append(objectPath: call.path) } }
        let service = try EchoService()
        try service.connection.exportSubtree(ExportedObject(interfaces: [table]), under: "/org/example/items")
        let client = try BusClient(address: service.bus.address)
        var reader = try client.call(EchoService.name, "/org/example/items/17", "org.example.Item", "Where").reader()
        #expect(try reader.readObjectPath() == "/org/example/items/17")
    }

    /// A call goes to the deepest export that is its path or, exported as a subtree, above it
    /// (the rules of libdbus's object tree, kept by the connection's own routes): an object inside a subtree
    /// wins over the subtree, a path that only shares the subtree's leading bytes is nobody's,
    /// and after `unexport` the subtree answers for the path again.
    @Test func callsGoToTheDeepestExportAtOrAboveTheirPath() throws {
        func named(_ name: String) -> ExportedObject {
            var table = InterfaceTable("org.example.Item")
            table.method("Name", output: "s") { call, _ in .string(name + " at " + call.path) }
            return ExportedObject(interfaces: [table])
        }
        let service = try EchoService()
        try service.connection.exportSubtree(named("items"), under: "/org/example/items")
        try service.connection.export(named("special"), at: "/org/example/items/special")
        let client = try BusClient(address: service.bus.address)
        func name(at path: String) throws -> String {
            try client.callString(EchoService.name, path, "org.example.Item", "Name")
        }
        #expect(try name(at: "/org/example/items") == "items at /org/example/items")
        #expect(try name(at: "/org/example/items/7") == "items at /org/example/items/7")
        #expect(try name(at: "/org/example/items/special") == "special at /org/example/items/special")
        #expect(try name(at: "/org/example/items/special/1") == "items at /org/example/items/special/1")
        expectError(DBusErrorName.unknownObject) { _ = try name(at: "/org/example/itemsX") }
        service.connection.unexport(path: "/org/example/items/special")
        #expect(try name(at: "/org/example/items/special") == "items at /org/example/items/special")
        service.connection.unexport(path: "/org/example/items")
        expectError(DBusErrorName.unknownObject) { _ = try name(at: "/org/example/items/7") }
        #expect(
            try client.callString(EchoService.name, EchoService.path, EchoService.interface, "Echo") {
                $0.append("still here")
            } == "still here")
    }

    /// A live tree's lookup reads the called path's bytes; what it finds reaches the handler
    /// as the call's target (found once per call), and a path it finds nothing at is answered
    /// with the lookup's error before any handler runs.
    @Test func lookupHandsWhatItFoundToTheHandler() throws {
        final class Item: Sendable {
            let name: String
            init(_ name: String) { self.name = name }
        }
        final class Count: Sendable { let value = Mutex(0) }
        let items = ["/org/example/items/1": Item("first"), "/org/example/items/2": Item("second")]
        let lookups = Count()
        var table = InterfaceTable("org.example.Item")
        table.method("Name", output: "s") { call, _ in
            let item = try #require(call.target as? Item)
            return .string(item.name + " at " + call.path)
        }
        let object = ExportedObject(
            interfaces: [table],
            lookup: { pathBytes in
                lookups.value.withLock { $0 += 1 }
                guard let item = items[String(decoding: pathBytes, as: UTF8.self)] else {
                    return .absent(DBusKitError(name: DBusErrorName.unknownObject, message: "no item there"))
                }
                return .found(item)
            })
        let service = try EchoService()
        try service.connection.exportSubtree(object, under: "/org/example/items")
        let client = try BusClient(address: service.bus.address)
        #expect(
            try client.callString(EchoService.name, "/org/example/items/2", "org.example.Item", "Name")
                == "second at /org/example/items/2")
        #expect(lookups.value.withLock { $0 } == 1)
        do {
            _ = try client.call(EchoService.name, "/org/example/items/3", "org.example.Item", "Name")
            Issue.record("expected UnknownObject")
        } catch let error as DBusKitError {
            #expect(error.name == DBusErrorName.unknownObject)
            #expect(error.message == "no item there")
        }
        #expect(lookups.value.withLock { $0 } == 2)
    }

    @Test func nameRequestsAndReleasesReportOwnership() throws {
        let service = try EchoService()
        let rival = try Connection(address: service.bus.address)
        defer { rival.close() }
        #expect(try rival.requestName(EchoService.name, flags: [.doNotQueue]) == .exists)
        #expect(try rival.nameOwner(EchoService.name) == service.connection.uniqueName)
        #expect(try rival.requestName("org.example.Other", flags: [.doNotQueue]) == .primaryOwner)
        #expect(try rival.requestName("org.example.Other", flags: [.doNotQueue]) == .alreadyOwner)
        #expect(try rival.releaseName("org.example.Other") == .released)
        #expect(try rival.releaseName(EchoService.name) == .notOwner)
        #expect(try rival.nameOwner("org.example.Nobody") == nil)
    }
}
