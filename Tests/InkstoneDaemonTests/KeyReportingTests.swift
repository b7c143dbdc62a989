import DBusKit
import InkstoneClient
import InkstoneTestSupport
import Testing

/// The `…Reporting` methods: the call's outcome comes in the reply as one struct
/// of the plain results and the report (revision, events), the calling context
/// gets no signals, other contexts on the document get their `Notifications` as usual.
@Suite struct KeyReportingTests {
    /// X11 keysyms of the Latin letters and space.
    private func keysym(_ name: Character) -> UInt32 { name == " " ? 0x20 : UInt32(name.asciiValue ?? 0) }

    /// The events of a reporting reply's fields (the last one), as the signals they stand for.
    private func events(_ reply: [DBusValue], path: String) -> [SeenSignal] {
        guard let last = reply.last, case .structure = last else { return [] }
        guard let endpoint = try? WireEndpoint(),
            let message = endpoint.connection.signal(path: path, interface: contextInterface, member: "Notifications")
        else {
            return []
        }
        message.write { $0.append(last) }
        return SeenSignal.expand(message)
    }

    private func pressReporting(_ peer: InkstonePeer, _ context: String, _ keysym: UInt32) throws -> [DBusValue] {
        try peer.callReporting(context, "ProcessKeyEventReporting") { writer in
            writer.append(keysym)
            writer.append(UInt32(0))
            writer.append(UInt32(0))
            writer.append(false)
            writer.append(UInt32(0))
        }
    }

    /// The events travel as the documented columns: one kind byte per event, each
    /// event's arguments in order in the column of their type.
    @Test func aKeysEventsComeAsColumns() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let typed = try typist.createContext(["engine": .string("direct")])
        let (revision, _) = try typist.insert(typed, "abc")
        let reply = try pressReporting(typist, typed, keysym("k"))
        #expect(reply.count == 2)
        let expected: DBusValue = .structure([
            .uint64(revision + 1),
            .array(elementSignature: "y", [1, 2, 3, 4, 6].map { .byte($0) }),
            .array(elementSignature: "t", [.uint64(revision), .uint64(revision + 1)]),
            .array(elementSignature: "x", [3, 0, 1, 4, 0].map { .int64($0) }),
            .array(elementSignature: "s", [.string("typing"), .string("k")]),
            .array(elementSignature: "v", []),
        ])
        #expect(reply[1] == expected, "\(reply[1])")
    }

    @Test(arguments: NotificationMode.allCases)
    func hangulOutcomeComesInTheReplyAndOnlyTheObserverIsSignalled(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running, mode: mode)
        let observer = try InkstonePeer(running, mode: mode)
        let document =
            try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        let typed = try typist.createContext(["document": .objectPath(document), "engine": .string("hangul")])
        let watching = try observer.createContext([
            "document": .objectPath(document),
            "notifications": .array(
                elementSignature: "s", [.string("text")]),
        ])
        _ = try typist.drainSignals()
        _ = try observer.drainSignals()

        var commits = ""
        var preedits: [String] = []
        var lastRevision: UInt64 = 0
        var all: [SeenSignal] = []
        for key in "gksrmf " {
            let reply = try pressReporting(typist, typed, keysym(key))
            #expect(reply.count == 2)
            #expect(reply.first == .bool(true))
            let revision = reply.last.flatMap { CallEvents(report: $0) }?.revision ?? 0
            #expect(revision > lastRevision)
            lastRevision = revision
            let seen = events(reply, path: typed)
            all += seen
            #expect(!seen.contains { $0.member == "PropertiesChanged" })
            commits += only(["Committed"], seen).compactMap { $0.arguments.first?.stringValue }.joined()
            if let marked = only(["MarkedTextChanged"], seen).last {
                preedits.append(marked.arguments.first?.stringValue ?? "?")
            }
            let dids = only(["TextDidChange"], seen)
            #expect(dids.last?.arguments.first?.uint64 == revision, "\(seen)")
        }
        #expect(commits == "한글 ")
        #expect(preedits == ["ㅎ", "하", "한", "ㄱ", "그", "글", ""])
        for (index, event) in all.enumerated()
        where event.member == "TextWillChange" || event.member == "SelectionWillChange" {
            let did = event.member == "TextWillChange" ? "TextDidChange" : "SelectionDidChange"
            #expect(all.indices.contains(index + 1) && all[index + 1].member == did, "\(all)")
        }
        #expect(try typist.text(typed) == "한글 ")
        #expect(try typist.drainSignals(of: typed).isEmpty, "the reporting context got signals")
        let seen = only(["TextWillChange", "TextDidChange"], try observer.drainSignals(of: watching))
        #expect(!seen.isEmpty)
        #expect(seen.count % 2 == 0)
        #expect(seen.last?.arguments.first?.uint64 == lastRevision)
    }

    @Test func hanjaCandidatesComeInTheReply() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let typed = try typist.createContext(["engine": .string("hangul")])
        _ = try typist.keys(typed, ["g", "k", "s"])
        let reply = try pressReporting(typist, typed, 0xff34)  // Hangul_Hanja
        let candidates = only(["CandidatesChanged"], events(reply, path: typed))
        #expect(candidates.count == 1)
        guard case .array(_, let items)? = candidates.first?.arguments.first else {
            Issue.record("no candidate array: \(reply)")
            return
        }
        #expect(items.contains { $0.compact.contains("\"韓\"") })
    }

    /// Every edit method has a twin whose reply struct holds the plain results, the revision and the events.
    @Test func editMethodsReportInTheirReply() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext(["unit": .string("utf8")])
        _ = try peer.drainSignals()
        let inserted = try peer.callReporting(context, "InsertTextReporting") { $0.append("añb") }
        #expect(inserted.count == 3)
        let reported = CallEvents(report: inserted[2])?.revision
        #expect(inserted[0].uint64 == reported && inserted[1].uint64 == 0, "\(inserted)")
        let did = only(["TextDidChange"], events(inserted, path: context))
        #expect(did.map { $0.arguments.map(\.compact) } == [[inserted[0].compact, "0", "0", "4", "\"typing\""]])
        #expect(
            only(["SelectionDidChange"], events(inserted, path: context)).last?.arguments.map(\.compact) == ["4", "0"])

        let marked = try peer.callReporting(context, "SetMarkedTextReporting") {
            $0.append("か")
            $0.append(Int64(3))
            $0.append(Int64(0))
            $0.append(Int64(-1))
            $0.append(Int64(0))
        }
        #expect(
            only(["MarkedTextChanged"], events(marked, path: context)).first?.arguments.map(\.compact) == [
                "\"か\"", "3", "0",
            ])
        let unmarked = try peer.callReporting(context, "UnmarkTextReporting")
        #expect(only(["Committed"], events(unmarked, path: context)).first?.arguments.first?.stringValue == "か")
        let undone = try peer.callReporting(context, "UndoReporting")
        let unmarkedRevision = CallEvents(report: unmarked[0])?.revision
        #expect(unmarkedRevision.map { $0 < (CallEvents(report: undone[0])?.revision ?? 0) } == true)
        #expect(only(["TextDidChange"], events(undone, path: context)).last?.arguments.last?.stringValue == "undo")
        #expect(try peer.drainSignals(of: context).isEmpty, "a reporting caller got signals")
    }

    /// An outside client (`gdbus`) reads a reporting key's reply as one struct: handled, then the
    /// report's revision and columns; a method whose plain form returns nothing replies the report alone.
    @Test func gdbusReadsAReportingKeyAsOneStruct() throws {
        let running = try RunningDaemon()
        func gdbus(_ path: String, _ member: String, _ arguments: String...) throws -> String {
            let result = try run(
                [
                    "gdbus", "call", "--address", running.bus.address, "--dest", busName, "--object-path", path,
                    "--method", "\(contextInterface).\(member)",
                ] + arguments)
            #expect(result.termination == .exited(0), "\(member): \(result.stderr)")
            return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        }
        let created = try running.dbusSend([
            "--dest=\(busName)", servicePath, "\(serviceInterface).NewInputContext",
            "array:string:engine=direct,persist=true",
        ])
        let path = created.stdout.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
        #expect(path.hasPrefix(servicePath + "/context/"), "\(created.stdout) \(created.stderr)")
        let inserted = try gdbus(path, "InsertText", "abc")
        let revision = try #require(
            inserted.split(separator: ",").first.flatMap { UInt64($0.dropFirst("(uint64 ".count)) }, "\(inserted)")
        // k: TextWillChange, TextDidChange, SelectionWillChange, SelectionDidChange, Committed.
        #expect(
            try gdbus(path, "ProcessKeyEventReporting", "0x6b", "0", "0", "false", "0")
                == "((true, (uint64 \(revision + 1), [byte 0x01, 0x02, 0x03, 0x04, 0x06], [uint64 \(revision), "
                + "\(revision + 1)], [int64 3, 0, 1, 4, 0], ['typing', 'k'], @av [])),)")
        // Undo (one typing step: "abck" goes) returns nothing of its own: the struct holds the report alone.
        #expect(
            try gdbus(path, "UndoReporting")
                == "(((uint64 \(revision + 2), [byte 0x01, 0x02, 0x03, 0x04], [uint64 \(revision + 1), "
                + "\(revision + 2)], [int64 0, 4, 0, 0, 0], ['undo'], @av []),),)")
    }

    /// A reporting call that fails is a named error, changes nothing and reports nothing.
    @Test func aFailedReportingCallChangesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext([:])
        try peer.insert(context, "👩‍👩‍👧")
        _ = try peer.drainSignals()
        let revision = try peer.revision(context)
        let error = peer.errorName(context, "ReplaceRangeReporting") {
            $0.append(Int64(1))
            $0.append(Int64(1))
            $0.append("x")
            $0.append(UInt64(0))
        }
        #expect(error == "org.inkstone.Error.InvalidRange")
        #expect(try peer.revision(context) == revision)
        #expect(try peer.text(context) == "👩‍👩‍👧")
        #expect(try peer.drainSignals(of: context).isEmpty)
        // The context reports and signals normally afterwards.
        let next = try peer.callReporting(context, "InsertTextReporting") { $0.append("!") }
        #expect(!only(["TextDidChange"], events(next, path: context)).isEmpty)
        try peer.insert(context, "?")
        #expect(!only(["TextDidChange"], try peer.drainSignals(of: context)).isEmpty)
    }
}
