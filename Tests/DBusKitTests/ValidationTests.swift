import DBusKit
import InkstoneTestSupport
import Testing

/// Values sd-bus would refuse with a bare `errno` are refused with a named `InvalidArgs` before it sees them.
@Suite struct ValidationTests {
    @Test(arguments: ["", "x", "/a/", "/a//b", "/a-b", "p2p:1", "/a\u{0}b"])
    func invalidObjectPathsAreRefused(_ path: String) throws {
        let connection = try WireEndpoint().connection
        #expect(throws: DBusKitError.self) { try DBusValidation.objectPath(path) }
        #expect(connection.methodCall(destination: nil, path: path, interface: "org.example.I", member: "M") == nil)
        #expect(throws: DBusKitError.self) {
            try connection.makeSignal(path: path, interface: "org.example.I", member: "S")
        }
    }

    @Test(arguments: ["p2p:1", "", "org", "1.a.b", "a..b", "not a name", "org.example.\u{0}x"])
    func invalidBusNamesAreRefused(_ name: String) throws {
        let connection = try WireEndpoint().connection
        #expect(throws: DBusKitError.self) { try DBusValidation.busName(name) }
        #expect(throws: DBusKitError.self) {
            try connection.makeSignal(path: "/a", interface: "org.example.I", member: "S", destination: name)
        }
        #expect(throws: DBusKitError.self) {
            try connection.makeMethodCall(destination: name, path: "/a", interface: nil, member: "M")
        }
    }

    @Test func validNamesPass() throws {
        try DBusValidation.objectPath("/")
        try DBusValidation.objectPath("/org/inkstone/Inkstone1/context/1")
        try DBusValidation.busName(":1.42")
        try DBusValidation.busName("org.inkstone.Inkstone1")
        try DBusValidation.interface("org.inkstone.InputContext1")
        try DBusValidation.member("SetWindowGeometry")
        try DBusValidation.errorName("org.inkstone.Error.InvalidRange")
        try DBusValidation.signature("a{sv}(dddd)x")
        try DBusValidation.string("한글 👩‍👩‍👧 \u{1}\u{FFFF}")
        #expect(throws: DBusKitError.self) { try DBusValidation.interface("noDots") }
        #expect(throws: DBusKitError.self) { try DBusValidation.member("Has.Dot") }
        #expect(throws: DBusKitError.self) { try DBusValidation.errorName("nodots") }
        #expect(throws: DBusKitError.self) { try DBusValidation.signature("a{") }
    }

    /// sd-bus checks the signature of every container opened (an array's element, a
    /// variant's value, a struct's fields) and refuses an invalid one with `EINVAL`, writing
    /// nothing; the writer records that as `InvalidArgs`. An empty struct, which sd-bus
    /// would open, is refused before it.
    @Test func containerSignaturesAreCheckedBySdBus() throws {
        let connection = try WireEndpoint().connection
        func written(_ body: (inout MessageWriter) -> Void) throws -> Message {
            let message = try #require(
                connection.methodCall(destination: nil, path: "/test", interface: "org.example.Test", member: "M"))
            message.write(body)
            return message
        }
        for element in ["y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "v", "{sv}", "(sav)", "a{sa(ii)}"] {
            let message = try written { $0.appendArray(of: element) { _ in } }
            #expect(message.writeFailure == nil, "\(element)")
            #expect(message.signature == "a" + element)
        }
        for invalid in ["a", "(", "{", "z", "", "{s", "{vs}", "ss", "(ss", "s)", "{sv}}"] {
            let message = try written { $0.appendArray(of: invalid) { _ in } }
            #expect(message.writeFailure?.name == DBusErrorName.invalidArgs, "array of '\(invalid)'")
            #expect(message.signature == "", "array of '\(invalid)': nothing written")
        }
        for invalid in ["a", "z", "", "{sv}", "ss", "r"] {
            let message = try written { $0.appendVariant(signature: invalid) { _ in } }
            #expect(message.writeFailure?.name == DBusErrorName.invalidArgs, "variant of '\(invalid)'")
            #expect(message.signature == "", "variant of '\(invalid)': nothing written")
        }
        for invalid in [
            "", "a", "{sv}", "s)", "(s", String(repeating: "(", count: 33) + "s" + String(repeating: ")", count: 33),
        ] {
            let message = try written { $0.appendStruct(signature: invalid) { _ in } }
            #expect(message.writeFailure?.name == DBusErrorName.invalidArgs, "struct of '\(invalid)'")
            #expect(message.signature == "", "struct of '\(invalid)': nothing written")
        }
    }

    /// A duplicated signal (a template's copy) keeps its address, member and
    /// arguments, and takes more arguments without changing the original.
    @Test func aDuplicatedSignalKeepsItsAddressAndArguments() throws {
        let signal = try WireEndpoint().connection.makeSignal(
            path: "/a/1", interface: "org.example.I", member: "S", destination: ":1.1")
        signal.write { writer in
            writer.appendArray(of: "(sav)") { array in
                array.appendStruct { entry in
                    entry.append("Entry")
                    entry.appendArray(of: "v") { $0.appendVariant(signature: "x") { $0.append(Int64(7)) } }
                }
            }
        }
        let copy = try signal.duplicate()
        #expect(copy.path == "/a/1" && copy.destination == ":1.1")
        #expect(copy.member == "S" && copy.interface == "org.example.I" && copy.kind == .signal)
        #expect(copy.signature == "a(sav)")
        copy.write { $0.append("more") }
        #expect(copy.signature == "a(sav)s" && signal.signature == "a(sav)")
        var original = signal.reader()
        var copied = copy.reader()
        #expect(try copied.readValue() == (try original.readValue()))
        #expect(try copied.readString() == "more")
        #expect(signal.path == "/a/1" && signal.destination == ":1.1")
    }

    @Test func stringsWithNULAreRefused() {
        do {
            try DBusValidation.string("a\u{0}b")
            Issue.record("U+0000 accepted")
        } catch {
            #expect(error.name == DBusErrorName.invalidArgs)
            #expect(error.message.contains("U+0000"), "\(error)")
        }
    }

    /// A refused value is recorded on the message, nothing after it is written, and sending throws.
    @Test func theWriterRefusesAndSendingThrows() throws {
        let bus = try PrivateBus()
        let connection = try Connection(address: bus.address)
        defer { connection.close() }
        let cases: [(String, (inout MessageWriter) -> Void)] = [
            ("string", { $0.append("cut\u{0}here") }),
            ("object path", { $0.append(objectPath: "not/a/path") }),
            ("signature", { $0.append(signature: "a{") }),
            (
                "nested string",
                { writer in
                    writer.appendArray(of: "{sv}") { array in
                        array.appendDictEntry { entry in
                            entry.append("key")
                            entry.appendVariant(signature: "s") { $0.append("\u{0}") }
                        }
                    }
                }
            ),
            ("array signature", { $0.appendArray(of: "{s") { _ in } }),
            ("variant signature", { $0.appendVariant(signature: "ss") { _ in } }),
        ]
        for (name, body) in cases {
            let message = try connection.makeMethodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")
            message.write { writer in
                writer.append("before")
                body(&writer)
                writer.append("after")
            }
            #expect(message.writeFailure?.name == DBusErrorName.invalidArgs, "\(name)")
            // sd-bus cannot take back a container it opened: the refused value's containers stay open.
            let written = name == "nested string" ? "sa{sv}" : "s"
            #expect(message.signature == written, "\(name): nothing after the refused value is written")
            #expect(throws: DBusKitError.self, "\(name)") { try connection.send(message) }
            #expect(throws: DBusKitError.self, "\(name)") { try connection.call(message, timeoutMilliseconds: 1000) }
        }
    }

    /// A signal to a name that is not a bus name (a peer-to-peer identity) is refused, not sent.
    @Test func signalsToInvalidDestinationsThrow() throws {
        let bus = try PrivateBus()
        let connection = try Connection(address: bus.address)
        defer { connection.close() }
        #expect(throws: DBusKitError.self) {
            try connection.emitSignal(path: "/a", interface: "org.example.I", member: "S", destination: "p2p:3")
        }
        #expect(throws: DBusKitError.self) {
            try connection.emitSignal(path: "a", interface: "org.example.I", member: "S", destination: nil)
        }
        #expect(throws: DBusKitError.self) {
            try connection.emitSignal(path: "/a", interface: "org.example.I", member: "S", destination: nil) {
                $0.append("\u{0}")
            }
        }
        #expect(throws: DBusKitError.self) { try connection.requestName("not a name", flags: []) }
        #expect(throws: DBusKitError.self) { try connection.nameHasOwner("p2p:1") }
        #expect(throws: DBusKitError.self) {
            try connection.export(ExportedObject(interfaces: []), at: "no/slash")
        }
        // The connection is still usable.
        #expect(try connection.nameHasOwner("org.freedesktop.DBus"))
    }

    /// A handler whose reply holds a value the writer refuses answers `InvalidArgs`
    /// instead of a cut reply; an invalid error name becomes `Failed`.
    @Test func handlersWithRefusedRepliesAnswerErrors() throws {
        var table = InterfaceTable("org.example.Refusing")
        table.method("Nul", output: "s") { _, _ in .string("a\u{0}b") }
        table.method("BadName") { _, _ in throw DBusKitError(name: "not a name", message: "x\u{0}y") }
        let service = try EchoService(extraInterfaces: [table])
        let client = try BusClient(address: service.bus.address)
        do {
            _ = try client.call(EchoService.name, EchoService.path, "org.example.Refusing", "Nul")
            Issue.record("a reply with U+0000 was sent")
        } catch let error as DBusKitError {
            #expect(error.name == DBusErrorName.invalidArgs, "\(error)")
        }
        do {
            _ = try client.call(EchoService.name, EchoService.path, "org.example.Refusing", "BadName")
            Issue.record("no error")
        } catch let error as DBusKitError {
            #expect(error.name == DBusErrorName.failed, "\(error)")
            #expect(error.message == "x\u{FFFD}y", "\(error)")
        }
        // The service still answers.
        #expect(
            try client.callString(EchoService.name, EchoService.path, EchoService.interface, "Echo") {
                $0.append("alive")
            } == "alive")
    }
}
