import DBusKit
import InkstoneTestSupport
import Testing

/// `coalesce=true`: one `Notifications(a(sav))` signal per call and context,
/// in order, before the call's reply.
@Suite struct CoalescedNotificationTests {
    /// The (member, arguments) entries of a `Notifications` signal.
    private func entries(_ signal: SeenSignal) -> [(String, [DBusValue])] {
        guard case .array(_, let items)? = signal.arguments.first else { return [] }
        return items.compactMap { item in
            guard case .structure(let fields) = item, fields.count == 2, case .string(let member) = fields[0],
                  case .array(_, let arguments) = fields[1] else { return nil }
            return (member, arguments.map { if case .variant(let inner) = $0 { inner } else { $0 } })
        }
    }

    @Test func oneSignalPerCallForEachCoalescingContext() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observer = try InkstonePeer(running)
        let document = try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        let typed = try typist.createContext([
            "document": .objectPath(document), "engine": .string("hangul"), "coalesce": .bool(true)])
        let watching = try observer.newContext(["document=\(document)", "coalesce=true", "notifications=text"])
        _ = try typist.drainSignals()
        _ = try observer.drainSignals()

        #expect(try typist.keys(typed, ["g", "k", "s", "r"]) == [true, true, true, true])
        let seen = try observer.drainSignals(of: watching)
        #expect(seen.map(\.member) == ["Notifications"], "\(seen)")
        let events = entries(try #require(seen.first))
        let members = events.map(\.0)
        #expect(!members.isEmpty)
        #expect(Set(members) == ["TextWillChange", "TextDidChange"], "\(members)")
        for pair in stride(from: 0, to: members.count, by: 2) {
            #expect(members[pair] == "TextWillChange" && members[pair + 1] == "TextDidChange")
        }
        #expect(events.last?.1.first?.uint64 == (try typist.revision(typed)))

        let own = try typist.drainSignals(of: typed)
        #expect(own.map(\.member).allSatisfy { $0 == "Notifications" })
        let ownMembers = own.flatMap { entries($0).map(\.0) }
        #expect(ownMembers.contains("Committed") && ownMembers.contains("MarkedTextChanged"), "\(ownMembers)")
        #expect(ownMembers.contains("PropertiesChanged"))
    }

    @Test func theCombinedSignalPrecedesTheReply() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let typed = try typist.createContext(["coalesce": .bool(true)])
        _ = try typist.drainSignals()
        guard let call = Message.methodCall(
            destination: busName, path: typed, interface: contextInterface, member: "InsertText")
        else { throw TestSupportError("no message") }
        call.write { $0.append("한") }
        try typist.client.connection.send(call)
        typist.client.connection.flush()
        var order: [String] = []
        let done = readMessages(on: typist.client.connection) { message in
            if message.kind == .signal, message.path == typed { order.append(message.member ?? "") }
            if message.kind == .methodReturn { order.append("reply") }
            return message.kind == .methodReturn || message.kind == .error
        }
        #expect(done)
        #expect(order == ["Notifications", "reply"], "\(order)")
    }
}
