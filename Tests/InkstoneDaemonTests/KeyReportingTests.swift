import DBusKit
import InkstoneTestSupport
import Testing

/// `ProcessKeyEventReporting`: the key's outcome comes in the reply, the
/// calling context gets no signals, other contexts on the document do.
@Suite struct KeyReportingTests {
    /// X11 keysyms of the Latin letters and space.
    private func keysym(_ name: Character) -> UInt32 { name == " " ? 0x20 : UInt32(name.asciiValue ?? 0) }

    @Test func hangulOutcomeComesInTheReplyAndOnlyTheObserverIsSignalled() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observer = try InkstonePeer(running)
        let document = try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        let typed = try typist.createContext(["document": .objectPath(document), "engine": .string("hangul")])
        let watching = try observer.createContext(["document": .objectPath(document), "notifications": .array(
            elementSignature: "s", [.string("text")])])
        _ = try typist.drainSignals()
        _ = try observer.drainSignals()

        var commits = ""
        var preedits: [String] = []
        var lastRevision: UInt64 = 0
        for key in "gksrmf " {
            let reply = try typist.call(typed, "ProcessKeyEventReporting") { writer in
                writer.append(keysym(key))
                writer.append(UInt32(0))
                writer.append(UInt32(0))
                writer.append(false)
                writer.append(UInt32(0))
            }
            #expect(reply.count == 6)
            #expect(reply.first == .bool(true))
            let revision = reply[1].uint64 ?? 0
            #expect(revision >= lastRevision)
            lastRevision = revision
            commits += reply[2].stringValue ?? ""
            preedits.append(reply[3].stringValue ?? "")
        }
        #expect(commits == "한글 ")
        #expect(preedits == ["ㅎ", "하", "한", "ㄱ", "그", "글", ""])
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
        let reply = try typist.call(typed, "ProcessKeyEventReporting") { writer in
            writer.append(UInt32(0xff34))  // Hangul_Hanja
            writer.append(UInt32(0))
            writer.append(UInt32(0))
            writer.append(false)
            writer.append(UInt32(0))
        }
        #expect(reply[3].stringValue == "한")
        #expect(reply[4].int == 0 || reply[4].int == 1)
        guard case .array(_, let items) = reply[5] else {
            Issue.record("no candidate array: \(reply)")
            return
        }
        #expect(items.contains { $0.compact.contains("\"韓\"") })
    }
}
