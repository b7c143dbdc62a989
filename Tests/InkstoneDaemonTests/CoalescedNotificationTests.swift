import DBusKit
import InkstoneClient
import InkstoneTestSupport
import Testing

/// `coalesce=true`: one `Notifications((tayataxasav))` signal per call and context,
/// in order, before the call's reply.
@Suite struct CoalescedNotificationTests {
    /// A document created by `typist` and shared with `observer`.
    private func sharedDocument(of typist: InkstonePeer, with observer: InkstonePeer) throws -> String {
        let document =
            try typist.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try typist.call(document, "Share", interface: documentInterface) { $0.append(observer.name) }
        return document
    }

    /// The (member, arguments) entries of a `Notifications` signal, as the client library decodes its columns.
    private func entries(_ signal: SeenSignal) -> [(String, [DBusValue])] {
        guard let columns = signal.arguments.first else { return [] }
        return ContextEvent.decode(columns).map { ($0.member, $0.arguments) }
    }

    @Test func oneSignalPerCallForEachCoalescingContext() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observer = try InkstonePeer(running)
        let document = try sharedDocument(of: typist, with: observer)
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

    /// Observers with the same notifications each get exactly their own signal, at
    /// their own path and to their own connection, in their own unit.
    @Test func observersInOneUnitEachGetTheirOwnAddressedSignal() throws {
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

    /// Signal slots and their storage are reused from call to call: each call's
    /// signal carries that call's events only, never an earlier call's.
    @Test func eachSignalCarriesOnlyItsOwnCallsEvents() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let observer = try InkstonePeer(running)
        let document = try sharedDocument(of: typist, with: observer)
        let typed = try typist.newContext(["document=\(document)", "notifications=text"])
        let watching = try observer.newContext(["document=\(document)", "notifications=text"])
        _ = try typist.drainSignals()
        _ = try observer.drainSignals()
        var revisions: [UInt64] = []
        for text in ["a", "bc", "d"] {
            try typist.insert(typed, text)
            for (peer, path) in [(typist, typed), (observer, watching)] {
                let seen = try peer.drainSignals(of: path, expanding: false)
                #expect(seen.map(\.member) == ["Notifications"], "\(text): \(seen)")
                let events = entries(try #require(seen.first))
                #expect(events.map(\.0) == ["TextWillChange", "TextDidChange"], "\(text): \(events)")
                #expect(events.last?.1.dropFirst(3).first == .int64(Int64(text.utf16.count)), "\(events)")
                if peer === observer { revisions.append(events.last?.1.first?.uint64 ?? 0) }
            }
        }
        #expect(revisions == revisions.sorted() && Set(revisions).count == 3, "\(revisions)")
    }

    /// Each context's signal is made from a template addressed to its listener: when
    /// another peer subscribes to a persistent context, the next signal goes to it alone.
    @Test func aPersistentContextsSignalFollowsItsNewSubscriber() throws {
        let running = try RunningDaemon()
        let first = try InkstonePeer(running)
        let second = try InkstonePeer(running)
        let context = try first.newContext(["persist=true", "notifications=text"])
        _ = try first.drainSignals()
        try first.insert(context, "a")
        let toFirst = try first.drainSignals(of: context, expanding: false)
        #expect(toFirst.map(\.member) == ["Notifications"] && toFirst.first?.destination == first.name, "\(toFirst)")

        try second.call(context, "Subscribe") { $0.append(strings: ["text"]) }
        _ = try first.drainSignals()
        _ = try second.drainSignals()
        try second.insert(context, "b")
        let toSecond = try second.drainSignals(of: context, expanding: false)
        #expect(toSecond.map(\.member) == ["Notifications"], "\(toSecond)")
        #expect(toSecond.first?.destination == second.name)
        #expect(entries(try #require(toSecond.first)).map(\.0) == ["TextWillChange", "TextDidChange"])
        #expect(try first.drainSignals(of: context, expanding: false).isEmpty)
    }

    @Test func theCombinedSignalPrecedesTheReply() throws {
        let running = try RunningDaemon()
        let typist = try InkstonePeer(running)
        let typed = try typist.createContext(["coalesce": .bool(true)])
        _ = try typist.drainSignals()
        guard
            let call = typist.client.connection.methodCall(
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
            let events = raw.first.map { ContextEvent.decode($0.arguments.first ?? .structure([])) } ?? []
            #expect(events.map(\.member).contains("MarkedTextChanged"), "\(raw)")
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
