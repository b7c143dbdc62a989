import DBusKit
import InkstoneTestSupport
import Testing

/// Keys through the daemon: engines, candidates, and signals before replies.
@Suite struct KeyPathTests {
    @Test func dbusSendTypesHangulInAPersistentContext() throws {
        let running = try RunningDaemon()
        let created = try running.dbusSend([
            "--dest=\(busName)", servicePath, "\(serviceInterface).NewInputContext",
            "array:string:engine=hangul,persist=true,unit=graphemes",
        ])
        let path = created.stdout.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
        #expect(path.hasPrefix(servicePath + "/context/"), "\(created.stdout) \(created.stderr)")
        let typed = try running.dbusSend([
            "--dest=\(busName)", path, "\(contextInterface).ProcessKeyNames", "array:string:g,k,s,r,m,f,space",
        ])
        #expect(typed.termination == .exited(0), "\(typed.stderr)")
        #expect(!typed.stdout.contains("boolean false"), "\(typed.stdout)")
        let text = try running.dbusSend(["--dest=\(busName)", path, "\(contextInterface).GetText"])
        #expect(text.stdout.contains("string \"한글 \""), "\(text.stdout)")
        let engine = try run([
            "gdbus", "call", "--address", running.bus.address, "--dest", busName, "--object-path", path,
            "--method", "\(propertiesInterface).Get", contextInterface, "Engine",
        ])
        #expect(engine.stdout.contains("'hangul'"), "\(engine.stdout) \(engine.stderr)")
    }

    @Test(arguments: NotificationMode.allCases) func hangulNotificationsArriveInOrder(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext(["engine=hangul", "notifications=text+marked+commit"])
        _ = try peer.drainSignals()
        #expect(try peer.keys(context, ["g", "k", "s", "r", "m", "f", "space"]) == Array(repeating: true, count: 7))
        #expect(try peer.text(context) == "한글 ")
        let signals = try peer.drainSignals(of: context)
        let marked = only(["MarkedTextChanged"], signals).map { $0.arguments.first?.stringValue ?? "?" }
        #expect(marked.contains("한") && marked.contains("글") && marked.last == "", "\(marked)")
        let committed = only(["Committed"], signals).compactMap { $0.arguments.first?.stringValue }
        #expect(committed.joined() == "한글 ", "\(committed)")
        // Every will is followed by its did; revisions only go up.
        var lastRevision: UInt64 = 0
        for (index, signal) in signals.enumerated() where signal.member == "TextWillChange" {
            #expect(signals.indices.contains(index + 1) && signals[index + 1].member == "TextDidChange")
            let revision = signals[index + 1].arguments.first?.uint64 ?? 0
            #expect(revision > lastRevision)
            lastRevision = revision
        }
        #expect(lastRevision == (try peer.revision(context)))
        // "한" is committed before "글" starts composing.
        let firstCommit = signals.firstIndex { $0.member == "Committed" } ?? -1
        let geulStarts =
            signals.firstIndex { $0.member == "MarkedTextChanged" && $0.arguments.first?.stringValue == "글" } ?? -1
        #expect(firstCommit >= 0 && firstCommit < geulStarts, "\(signals)")
    }

    /// A client reading its connection in order sees every signal a key causes before that key's reply.
    @Test(arguments: NotificationMode.allCases) func signalsComeBeforeTheReply(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext(["engine=hangul"])
        _ = try peer.drainSignals()
        let connection = peer.client.connection
        for (names, expectCommit) in [(["g", "k", "s"], false), (["r"], true), (["space"], true)] {
            guard
                let call = connection.methodCall(
                    destination: busName, path: context, interface: contextInterface, member: "ProcessKeyNames")
            else { throw TestSupportError("no message") }
            call.write { $0.append(strings: names) }
            let serial = try connection.send(call)
            var before: [String] = []
            let replied = readMessages(on: connection) { message in
                if message.kind == .signal, message.path == context {
                    before += SeenSignal.expand(message).map(\.member)
                }
                return (message.kind == .methodReturn || message.kind == .error)
                    && message.replySerial == serial
            }
            #expect(replied)
            #expect(before.contains("TextDidChange") && before.contains("MarkedTextChanged"), "\(names): \(before)")
            #expect(before.contains("Committed") == expectCommit, "\(names): \(before)")
            #expect(
                before.filter { $0 == "PropertiesChanged" }.count <= names.count,
                "one PropertiesChanged per key: \(before)")
            let after = try peer.drainSignals(of: context)
            #expect(after.isEmpty, "\(names): signals after the reply: \(after)")
        }
    }

    @Test(
        arguments: [
            (["dead_acute", "e"], "é"),
            (["Multi_key", "o", "e"], "œ"),
            (["Multi_key", "minus", "minus", "minus"], "—"),
            (["Multi_key", "o", "Escape"], ""),
            (["dead_acute", "x"], ""),
        ], NotificationMode.allCases)
    func composeThroughTheDaemon(sequence: ([String], String), mode: NotificationMode) throws {
        let (names, expected) = sequence
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext([])
        #expect(try peer.property(context, "Engine")?.stringValue == "compose")
        _ = try peer.drainSignals()
        let handled = try peer.keys(context, names)
        #expect(handled.count == names.count && handled.allSatisfy { $0 }, "\(handled)")
        #expect(try peer.text(context) == expected)
        #expect(try peer.call(context, "HasMarkedText").first?.boolValue == false)
        let signals = try peer.drainSignals(of: context)
        #expect(only(["Committed"], signals).compactMap { $0.arguments.first?.stringValue }.joined() == expected)
        if names.count > 2 {
            #expect(only(["MarkedTextChanged"], signals).count >= 2, "a pending sequence shows preedit: \(signals)")
        }
        // The engine is usable again.
        _ = try peer.keys(context, ["a"])
        #expect(try peer.text(context) == expected + "a")
    }

    @Test func unknownKeyNameProcessesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=hangul"])
        #expect(
            peer.errorName(context, "ProcessKeyNames") { $0.append(strings: ["g", "k", "no_such_key"]) }
                == "org.inkstone.Error.InvalidArgument")
        #expect(try peer.text(context) == "")
        #expect(try peer.call(context, "HasMarkedText").first?.boolValue == false)
        let handled = try peer.call(context, "ProcessKeyEvent") { writer in
            writer.append(UInt32(0x67))  // g
            writer.append(UInt32(42))
            writer.append(UInt32(0))
            writer.append(false)
            writer.append(UInt32(1000))
        }
        #expect(handled.first?.boolValue == true)
        #expect(try peer.text(context) == "ㅎ")
        let shortcut = try peer.call(context, "ProcessKeyEvent") { writer in
            writer.append(UInt32(0x63))  // Control+c
            writer.append(UInt32(54))
            writer.append(UInt32(4))
            writer.append(false)
            writer.append(UInt32(1001))
        }
        #expect(shortcut.first?.boolValue == false)
    }

    /// One composition per document: keys that would compose while another context composes are Busy,
    /// and leave the engine ready for the next composition.
    @Test func keysWhileAnotherContextComposes() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let composer = try peer.newContext([])
        let document = try peer.property(composer, "Document")?.stringValue ?? ""
        let typist = try peer.newContext(["document=\(document)", "engine=hangul"])
        try peer.setMarked(composer, "か", 1, 0)
        #expect(peer.errorName(typist, "ProcessKeyNames") { $0.append(strings: ["g"]) } == "org.inkstone.Error.Busy")
        #expect(try peer.call(typist, "HasMarkedText").first?.boolValue == false)
        #expect(try peer.text(typist) == "か")
        try peer.call(composer, "UnmarkText")
        #expect(try peer.keys(typist, ["k"]) == [true])
        #expect(try peer.text(typist) == "かㅏ", "the refused ㅎ is not remembered by the engine")
    }

    @Test func listEnginesNamesEveryEngineAndSwitchingCommitsThePreedit() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let listed = try peer.call(servicePath, "ListEngines", interface: serviceInterface)
        guard case .array(_, let entries) = listed.first else { throw TestSupportError("no engines: \(listed)") }
        let ids = entries.compactMap { entry -> String? in
            if case .structure(let fields) = entry { return fields.first?.stringValue }
            return nil
        }
        #expect(Set(ids).isSuperset(of: ["compose", "direct", "hangul", "unicode"]))
        let context = try peer.newContext(["engine=hangul"])
        _ = try peer.keys(context, ["g", "k", "s"])
        try peer.call(context, "SetEngine") { $0.append("direct") }
        #expect(try peer.property(context, "Engine")?.stringValue == "direct")
        #expect(try peer.text(context) == "한" && peer.call(context, "HasMarkedText").first?.boolValue == false)
        _ = try peer.keys(context, ["g"])
        #expect(try peer.text(context) == "한g")
    }

    @Test(arguments: NotificationMode.allCases) func hanjaCandidatesReplaceTheSyllableAndUndo(mode: NotificationMode)
        throws
    {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext(["engine=hangul"])
        try peer.insert(context, "나라 ")
        _ = try peer.keys(context, ["g", "k", "s"])
        #expect(try peer.text(context) == "나라 한")
        _ = try peer.drainSignals()
        #expect(try peer.keys(context, ["Hangul_Hanja"]) == [true])
        let opened = only(["CandidatesChanged"], try peer.drainSignals(of: context))
        #expect(opened.count == 1)
        func page(_ value: DBusValue?) -> [String] {
            guard case .array(_, let items) = value else { return [] }
            return items.compactMap { item in
                if case .structure(let fields) = item { return fields.first?.stringValue }
                return nil
            }
        }
        var visible = page(try peer.property(context, "Candidates"))
        #expect(visible == page(opened.first?.arguments.first))
        #expect(opened.first?.arguments.last?.boolValue == true, "has_next")
        var turns = 0
        while !visible.contains("韓"), turns < 50 {
            try peer.call(context, "NextPage")
            visible = page(try peer.property(context, "Candidates"))
            turns += 1
        }
        let index = try #require(visible.firstIndex(of: "韓"), "韓 is not among the candidates of 한")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(index)) }
        #expect(try peer.text(context) == "나라 韓")
        #expect(page(try peer.property(context, "Candidates")).isEmpty)
        let closed = only(["CandidatesChanged"], try peer.drainSignals(of: context))
        #expect(closed.last?.arguments.dropFirst().first?.int == -1, "\(closed)")
        #expect(peer.errorName(context, "NextPage") == "org.inkstone.Error.InvalidState")
        #expect(try peer.range(context, "SelectedRange") == (4, 0))
        try peer.call(context, "Undo")
        #expect(try peer.text(context) == "나라 한", "Undo returns to the syllable before the conversion")
        try peer.call(context, "Redo")
        #expect(try peer.text(context) == "나라 韓")
        _ = try peer.keys(context, ["r", "k"])
        #expect(try peer.text(context) == "나라 韓가")
    }
}
