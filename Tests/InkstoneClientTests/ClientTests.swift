import DBusKit
import InkstoneClient
import InkstoneTestSupport
import Testing

/// The client library against a real `inkstoned` on a private bus, by bus and by its direct socket.
@Suite("InkstoneClient", .serialized)
struct ClientTests {
    @Test("connects by bus and by direct socket, and both reach the same daemon")
    func connects() throws {
        let daemon = try DirectDaemon()
        let bus = try daemon.busClient()
        #expect(!bus.isDirect)
        #expect(bus.uniqueName?.hasPrefix(":") == true)
        let version = try bus.version()
        #expect(!version.isEmpty)
        let direct = try InkstoneConnection(directAddress: try bus.peerAddress())
        #expect(direct.isDirect)
        #expect(direct.uniqueName == nil)
        try direct.ping()
        #expect(try direct.version() == version)
        let viaBus = try bus.connectingDirectly()
        #expect(viaBus.isDirect)
        #expect(try viaBus.status()["peer_connections"]?.int64Value == 2)
    }

    @Test("typed create, insert and read back, over both transports")
    func typedCalls() throws {
        let daemon = try DirectDaemon()
        for client in [try daemon.busClient(), try daemon.connectClient()] {
            let context = try client.createContext(InputContextOptions(engine: "hangul", unit: .utf8))
            #expect(try context.property("Unit") == .string("utf8"))
            #expect(try context.property("Engine") == .string("hangul"))
            let edit = try context.insertText("café ")
            #expect(edit.ticket == 0)
            #expect(!edit.isQueued)
            let snapshot = try context.text()
            #expect(snapshot == TextSnapshot(text: "café ", revision: edit.revision))
            #expect(try context.length() == 6)
            #expect(try context.selectedRange() == OffsetRange(start: 6, length: 0))
            #expect(try context.text(in: OffsetRange(start: 0, length: 5)) == "café")
            #expect(try context.processKeyNames(["g", "k", "s"]) == [true, true, true])
            #expect(try context.hasMarkedText())
            #expect(try context.markedRange() == OffsetRange(start: 6, length: 3))
            try context.unmarkText()
            #expect(try context.text().text == "café 한")
            try context.undo()
            #expect(try context.text().text == "café ")
            try context.destroy()
        }
    }

    @Test("a refused call throws its org.inkstone.Error name with a message and changes nothing")
    func typedErrors() throws {
        let daemon = try DirectDaemon()
        let client = try daemon.busClient()
        let context = try client.createContext(InputContextOptions(unit: .utf16))
        try context.insertText("👩‍👩‍👧 x")
        let before = try context.text()
        do throws(InkstoneClientError) {
            try context.replace(OffsetRange(start: 1, length: 1), with: "y")
            Issue.record("an offset inside a surrogate pair was accepted")
        } catch {
            #expect(error.name == "org.inkstone.Error.InvalidRange")
            #expect(error.inkstoneName == "InvalidRange")
            #expect(!error.message.isEmpty)
        }
        #expect(try context.text() == before)
        #expect(throws: InkstoneClientError.self) { try context.processKeyNames(["g", "no-such-key"]) }
        #expect(try context.text() == before)
        do throws(InkstoneClientError) {
            _ = try client.createContext(InputContextOptions(extra: ["no_such_option": .bool(true)]))
            Issue.record("an unknown option was accepted")
        } catch {
            #expect(error.name == InkstoneNames.errorName("InvalidArgument"))
        }
        do throws(InkstoneClientError) {
            _ = try client.context(at: InkstoneNames.contextPathPrefix + "999").text()
            Issue.record("a missing context answered")
        } catch {
            #expect(error.name.hasSuffix(".UnknownObject"), "\(error)")
        }
    }

    @Test("typed options become the a{sv} the daemon reads; a typed field wins over extra")
    func options() {
        let options = InputContextOptions(
            engine: "hangul", unit: .graphemes, document: "/org/inkstone/Inkstone1/document/1", notifications: ["text"],
            focusOut: .discard, coalesce: false, durable: true, sensitive: true, livePatterns: true,
            extra: ["engine": .string("compose"), "future": .uint32(3)])
        let vardict = options.vardict
        #expect(vardict["engine"] == .string("hangul"))
        #expect(vardict["unit"] == .string("graphemes"))
        #expect(vardict["document"] == .objectPath("/org/inkstone/Inkstone1/document/1"))
        #expect(vardict["notifications"] == .array(elementSignature: "s", [.string("text")]))
        #expect(vardict["focus_out"] == .string("discard"))
        #expect(vardict["coalesce"] == .bool(false))
        #expect(vardict["durable"] == .bool(true))
        #expect(vardict["sensitive"] == .bool(true))
        #expect(vardict["live_patterns"] == .bool(true))
        #expect(vardict["future"] == .uint32(3))
        #expect(vardict["persist"] == nil)
        #expect(InputContextOptions().vardict.isEmpty)
    }

    @Test("the typed durable option journals the document; GetStatus counts the durable documents open")
    func durableOption() throws {
        let runtime = try makeTemporaryDirectory(prefix: "inkstone-runtime")
        let state = try makeTemporaryDirectory(prefix: "inkstone-state")
        let daemon = try DirectDaemon(environment: ["XDG_RUNTIME_DIR": runtime, "XDG_STATE_HOME": state])
        let client = try daemon.busClient()
        #expect(try client.status()["durable_documents"] == .uint32(0))
        let plain = try client.createContext(InputContextOptions(durable: false))
        #expect(try plain.property("RestoreToken") == .string(""))
        #expect(try client.status()["durable_documents"] == .uint32(0))
        let durable = try client.createContext(InputContextOptions(durable: true))
        guard case .string(let token) = try durable.property("RestoreToken") else {
            Issue.record("no RestoreToken")
            return
        }
        #expect(token.count == 32)
        #expect(try client.status()["durable_documents"] == .uint32(1))
        try durable.destroy()
        #expect(try client.status()["durable_documents"] == .uint32(0))
    }

    @Test("the typed live_patterns option and a registered pattern mark their matches; a bad pattern is a named error")
    func livePatterns() throws {
        let runtime = try makeTemporaryDirectory(prefix: "inkstone-runtime")
        let daemon = try DirectDaemon(environment: ["XDG_RUNTIME_DIR": runtime])
        let client = try daemon.busClient()
        let context = try client.createContext(InputContextOptions(unit: .utf8, livePatterns: true))
        try context.registerPattern("ticket", regex: "T-[0-9]+")
        _ = try context.insertText("@ana T-42")
        let runs = try context.connection.callValues(
            path: context.path, interface: InkstoneNames.contextInterface, member: "GetAttributedText"
        ) {
            $0.append(Int64(0))
            $0.append(Int64(9))
        }
        let described = "\(runs)"
        #expect(described.contains("mention"), "\(described)")
        #expect(described.contains("ticket"), "\(described)")
        do {
            try context.registerPattern("broken", regex: "(")
            Issue.record("an unbalanced regular expression was accepted")
        } catch {
            #expect(error.name == "org.inkstone.Error.InvalidArgument", "\(error)")
        }
        try context.unregisterPattern("ticket")
        _ = try context.insertText(" ")
        let after = try context.connection.callValues(
            path: context.path, interface: InkstoneNames.contextInterface, member: "GetAttributedText"
        ) {
            $0.append(Int64(0))
            $0.append(Int64(10))
        }
        #expect(!"\(after)".contains("ticket"), "\(after)")
    }

    @Test("a view on a shared document receives the typist's edit as one coalesced Notifications signal")
    func signalStream() throws {
        let daemon = try DirectDaemon()
        let typist = try daemon.busClient()
        let observer = try daemon.busClient()
        try observer.watchSignals()
        let document = try typist.createDocument()
        try document.share(with: observer.uniqueName ?? "")
        let typing = try document.createContext(InputContextOptions(engine: "direct"))
        let view = try observer.document(at: document.path).createContext(InputContextOptions(engine: "direct"))

        let reply = try typing.insertTextReporting("hi")
        #expect(reply.1.members.contains("TextDidChange"))
        #expect(reply.1.revision == reply.0.revision)

        let signal = try #require(observer.nextSignal(timeout: .seconds(10)))
        #expect(signal.isNotifications)
        #expect(signal.path == view.path)
        #expect(signal.interface == InkstoneNames.contextInterface)
        let members = signal.events.map(\.member)
        #expect(members.contains("TextWillChange"))
        #expect(members.contains("TextDidChange"))
        #expect(try observer.drainSignals().isEmpty)
        #expect(try view.text().text == "hi")
    }

    @Test("ProcessKeyEventReporting decodes handled, revision and events; a prepared call is reusable")
    func keyReporting() throws {
        let daemon = try DirectDaemon()
        let client = try daemon.connectClient()
        let context = try client.createContext(InputContextOptions(engine: "hangul"))
        let reply = try context.processKeyReporting(KeyPress(keysym: UInt32(UInt8(ascii: "g"))))
        #expect(reply.handled)
        #expect(reply.report.members.contains("MarkedTextChanged"))
        #expect(reply.report.revision == (try context.text().revision))
        let prepared = try context.keyEventCall(KeyPress(keysym: UInt32(UInt8(ascii: "k"))))
        var reader = try MessageReader(try client.call(prepared), expecting: "b")
        #expect(try reader.readBool())
        #expect(try context.processKey(KeyPress(keysym: 0x20)))  // space commits 하
        #expect(try context.text().text.hasPrefix("하"))
    }
}
