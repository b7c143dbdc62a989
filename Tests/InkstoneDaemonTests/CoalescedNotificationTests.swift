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
                case .array(_, let arguments) = fields[1]
            else { return nil }
            return (member, arguments.map { if case .variant(let inner) = $0 { inner } else { $0 } })
        }
    }

    @Test func oneSignalPerCallForEachCoalescingContext() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observer = try InkstonePeer(running)
        let document =
            try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        let typed = try typist.createContext([
            "document": .objectPath(document), "engine": .string("hangul"), "coalesce": .bool(true),
        ])
        let watching = try observer.newContext(["document=\(document)", "coalesce=true", "notifications=text"])
        _ = try typist.drainSignals()
        _ = try observer.drainSignals()

        #expect(try typist.keys(typed, ["g", "k", "s", "r"]) == [true, true, true, true])
        let seen = try observer.drainSignals(of: watching, expanding: false)
        #expect(seen.map(\.member) == ["Notifications"], "\(seen)")
        let events = entries(try #require(seen.first))
        let members = events.map(\.0)
        #expect(!members.isEmpty)
        #expect(Set(members) == ["TextWillChange", "TextDidChange"], "\(members)")
        for pair in stride(from: 0, to: members.count, by: 2) {
            #expect(members[pair] == "TextWillChange" && members[pair + 1] == "TextDidChange")
        }
        #expect(events.last?.1.first?.uint64 == (try typist.revision(typed)))

        let own = try typist.drainSignals(of: typed, expanding: false)
        #expect(own.map(\.member).allSatisfy { $0 == "Notifications" })
        let ownMembers = own.flatMap { entries($0).map(\.0) }
        #expect(ownMembers.contains("Committed") && ownMembers.contains("MarkedTextChanged"), "\(ownMembers)")
        #expect(!ownMembers.contains("PropertiesChanged"), "not asked for: \(ownMembers)")
    }

    /// Observers with the same notifications share one written signal (each gets a
    /// readdressed copy): every view still gets exactly its own signal, at its own
    /// path and to its own connection, in its own unit.
    @Test func observersInOneUnitGetCopiesAddressedToEachOfThem() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observers = try (0..<3).map { _ in try InkstonePeer(running) }
        let document =
            try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        for observer in observers {
            try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        }
        let typed = try typist.newContext(["document=\(document)", "notifications="])
        let units = ["utf16", "utf16", "utf8"]
        var views: [String] = []
        for (observer, unit) in zip(observers, units) {
            views.append(try observer.newContext(["document=\(document)", "notifications=text", "unit=\(unit)"]))
        }
        // The second peer also watches through a second context in the first unit.
        let secondView = try observers[1].newContext(["document=\(document)", "notifications=text", "unit=utf16"])
        for peer in [typist] + observers { _ = try peer.drainSignals() }

        try typist.insert(typed, "한")
        let revision = try typist.revision(typed)
        let received = try observers.map { try $0.drainSignals(expanding: false) }
        let watchers = [(0, views[0]), (1, views[1]), (1, secondView), (2, views[2])]
        for (index, view) in watchers {
            let observer = observers[index]
            let seen = received[index].filter { $0.path == view }
            #expect(seen.map(\.member) == ["Notifications"], "\(view): \(seen)")
            #expect(seen.first?.destination == observer.name)
            let events = entries(try #require(seen.first))
            #expect(events.map(\.0) == ["TextWillChange", "TextDidChange"], "\(events)")
            let newLength = view == views[2] ? 3 : 1
            #expect(events.last?.1.first?.uint64 == revision)
            #expect(events.last?.1.dropFirst(3).first == .int64(Int64(newLength)), "\(view): \(events)")
        }
        #expect(try typist.drainSignals(of: typed, expanding: false).isEmpty)
    }

    @Test func theCombinedSignalPrecedesTheReply() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let typed = try typist.createContext(["coalesce": .bool(true)])
        _ = try typist.drainSignals()
        guard
            let call = Message.methodCall(
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

/// The default notification form: no option needed.
@Suite struct DefaultNotificationTests {
    /// A default context gets one `Notifications` signal per key (none of the
    /// separate signals, no `PropertiesChanged`); `coalesce=false` gets each
    /// notification as its own signal.
    @Test func aDefaultContextGetsOneSignalPerKeyAndNoPropertiesChanged() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=hangul"])
        _ = try peer.drainSignals()
        for key in ["g", "k", "s", "r"] {
            #expect(try peer.keys(context, [key]) == [true])
            let raw = try peer.drainSignals(of: context, expanding: false)
            #expect(raw.map(\.member) == ["Notifications"], "\(key): \(raw)")
            #expect(raw.first?.arguments.first?.compact.contains("\"MarkedTextChanged\"") == true, "\(raw)")
        }
        try peer.insert(context, "!")
        let events = try peer.drainSignals(of: context)
        #expect(!events.isEmpty && !events.contains { $0.member == "PropertiesChanged" }, "\(events)")

        let separate = try peer.newContext(["engine=hangul", "coalesce=false"])
        _ = try peer.drainSignals()
        _ = try peer.keys(separate, ["g"])
        let members = try peer.drainSignals(of: separate, expanding: false).map(\.member)
        #expect(!members.contains("Notifications") && members.contains("MarkedTextChanged"), "\(members)")
        #expect(!members.contains("PropertiesChanged"), "\(members)")
    }

    /// `PropertiesChanged` comes to a context that asked for it.
    @Test func propertiesChangedOnlyWhenAskedFor() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["notifications=text"])
        try peer.call(context, "Subscribe") { $0.append(strings: ["text", "properties"]) }
        _ = try peer.drainSignals()
        try peer.insert(context, "a")
        #expect(only(["PropertiesChanged"], try peer.drainSignals(of: context)).count == 1)
    }
}
