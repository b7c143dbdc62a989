import DBusKit
import InkstoneTestSupport
import Testing

/// Several clients: isolation, sharing, persistent contexts, disconnect cleanup.
@Suite struct PeerTests {
    @Test(arguments: NotificationMode.allCases) func anotherClientCannotUseOrOverhearAContext(mode: NotificationMode)
        throws
    {
        let running = try RunningDaemon()
        let owner = try InkstonePeer(running, mode: mode)
        let stranger = try InkstonePeer(running, mode: mode)
        let eavesdropper = try InkstonePeer(running, mode: mode)
        try eavesdropper.client.connection.addMatch("type='signal',interface='\(contextInterface)'")
        try eavesdropper.client.connection.addMatch("type='signal',sender='\(busName)'")
        try eavesdropper.client.connection.addMatch("type='signal',interface='\(propertiesInterface)'")
        let context = try owner.newContext(["program=owner"])
        let document = try owner.property(context, "Document")?.stringValue ?? ""
        try owner.insert(context, "secret")
        try owner.setMarked(context, "pass", 4, 0)
        try owner.call(context, "UnmarkText")

        let denied = "org.inkstone.Error.AccessDenied"
        #expect(stranger.errorName(context, "GetText") == denied)
        #expect(stranger.errorName(context, "InsertText") { $0.append("x") } == denied)
        #expect(stranger.errorName(context, "Subscribe") { $0.append(strings: ["text"]) } == denied)
        #expect(stranger.errorName(context, "Destroy") == denied)
        #expect(
            stranger.errorName(context, "Get", interface: propertiesInterface) {
                $0.append(contextInterface)
                $0.append("Length")
            } == denied)
        #expect(
            stranger.errorName(document, "Share", interface: documentInterface) { $0.append(stranger.name) } == denied)
        #expect(throws: DBusKitError.self) { try stranger.createContext(["document": .objectPath(document)]) }
        #expect(try owner.text(context) == "secretpass")

        #expect(try owner.drainSignals(of: context).contains { $0.member == "Committed" })
        let overheard = try eavesdropper.drainSignals().filter { $0.path.hasPrefix(servicePath) }
        #expect(overheard.isEmpty, "a match rule saw \(overheard)")
        #expect(try stranger.drainSignals().filter { $0.path.hasPrefix(servicePath) }.isEmpty)
    }

    @Test(arguments: NotificationMode.allCases) func sharedDocumentNotifiesEveryContextInItsUnit(mode: NotificationMode)
        throws
    {
        let running = try RunningDaemon()
        let alice = try InkstonePeer(running, mode: mode)
        let bob = try InkstonePeer(running, mode: mode)
        let document =
            try alice.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        #expect(throws: DBusKitError.self) { try bob.createContext(["document": .objectPath(document)]) }
        try alice.call(document, "Share", interface: documentInterface) { $0.append(bob.name) }
        let mine = try alice.createContext(["document": .objectPath(document), "unit": .string("utf8")])
        let theirs = try bob.newContext(["document=\(document)", "unit=graphemes"])
        #expect(try alice.property(document, "ContextCount", interface: documentInterface) == .uint32(2))
        _ = try alice.drainSignals()
        _ = try bob.drainSignals()

        try alice.insert(mine, "héllo")
        let seenByBob = only(["TextDidChange"], try bob.drainSignals())
        #expect(seenByBob.map(\.path) == [theirs])
        #expect(seenByBob.first?.arguments.dropFirst().prefix(3).compactMap(\.int) == [0, 0, 5])
        #expect(seenByBob.allSatisfy { $0.destination == bob.name })
        let seenByAlice = only(["TextDidChange"], try alice.drainSignals())
        #expect(seenByAlice.first?.arguments.dropFirst().prefix(3).compactMap(\.int) == [0, 0, 6])

        try bob.call(theirs, "SetSelectedRange") {
            $0.append(Int64(1))
            $0.append(Int64(1))
        }
        try bob.insert(theirs, "e\u{301}")
        #expect(try alice.text(mine) == "he\u{301}llo")
        let aliceSaw = only(["TextDidChange"], try alice.drainSignals(of: mine))
        #expect(aliceSaw.first?.arguments.dropFirst().prefix(3).compactMap(\.int) == [1, 2, 3], "\(aliceSaw)")
        #expect(aliceSaw.first?.arguments.last?.stringValue == "typing")

        // Unsharing keeps bob's context attached, but he cannot attach another.
        try alice.call(document, "Unshare", interface: documentInterface) { $0.append(bob.name) }
        #expect(throws: DBusKitError.self) { try bob.newContext(["document=\(document)"]) }
        #expect(try bob.text(theirs) == "he\u{301}llo")
    }

    @Test func aDisconnectedClientLosesItsContexts() throws {
        let running = try RunningDaemon()
        let alice = try InkstonePeer(running)
        let context = try alice.newContext([])
        let document = try alice.property(context, "Document")?.stringValue ?? ""
        var bobContext = ""
        var persistent = ""
        do {
            let bob = try InkstonePeer(running)
            try alice.call(document, "Share", interface: documentInterface) { $0.append(bob.name) }
            bobContext = try bob.newContext(["document=\(document)"])
            persistent = try bob.newContext(["persist=true"])
            try bob.insert(bobContext, "from bob")
            #expect(try alice.property(document, "ContextCount", interface: documentInterface) == .uint32(2))
        }
        // Bob's connection is closed; wait (by round trips) until the daemon has noticed.
        var gone = false
        for _ in 0..<500 where !gone {
            gone = alice.errorName(bobContext, "GetText") == "org.inkstone.Error.UnknownObject"
        }
        #expect(gone, "bob's context outlived his connection")
        #expect(try alice.property(document, "ContextCount", interface: documentInterface) == .uint32(1))
        #expect(try alice.text(context) == "from bob")
        // A persistent context stays, and any client may call it.
        try alice.insert(persistent, "kept")
        #expect(try alice.text(persistent) == "kept")
        try alice.call(context, "Destroy")
        #expect(
            alice.errorName(document, "Share", interface: documentInterface) { $0.append(":1.99") }
                == "org.inkstone.Error.UnknownObject", "the document outlived its last context")
    }

    @Test(arguments: NotificationMode.allCases) func persistentContextsServeEveryClientAndTheLastSubscriber(
        mode: NotificationMode
    ) throws {
        let running = try RunningDaemon()
        let creator = try InkstonePeer(running, mode: mode)
        let script = try InkstonePeer(running, mode: mode)
        let context = try creator.newContext(["persist=true", "notifications=text+commit"])
        try script.insert(context, "x")
        #expect(try creator.text(context) == "x")
        #expect(only(["TextDidChange"], try creator.drainSignals()).count == 1)
        try script.call(context, "Subscribe") { $0.append(strings: ["text"]) }
        try creator.insert(context, "y")
        #expect(only(["TextDidChange"], try script.drainSignals()).count == 1)
        #expect(try creator.drainSignals().isEmpty)
    }

    @Test(arguments: NotificationMode.allCases) func aComposerLeavingReleasesTheQueuedEditsOfOthers(
        mode: NotificationMode
    ) throws {
        let running = try RunningDaemon()
        let alice = try InkstonePeer(running, mode: mode)
        let document =
            try alice.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        let mine = try alice.newContext(["document=\(document)"])
        var ticket: UInt64 = 0
        do {
            let bob = try InkstonePeer(running, mode: mode)
            try alice.call(document, "Share", interface: documentInterface) { $0.append(bob.name) }
            let composer = try bob.newContext(["document=\(document)"])
            try bob.setMarked(composer, "작성", 2, 0)
            ticket = try alice.insert(mine, "!").1
            #expect(ticket != 0)
        }
        let applied = readMessages(on: alice.client.connection) { message in
            message.kind == .signal
                && SeenSignal.expand(message).contains {
                    $0.member == "EditApplied" && $0.arguments.first?.uint64 == ticket
                }
        }
        #expect(applied, "the queued edit was not released when the composer left")
        #expect(try alice.text(mine) == "작성!", "bob's open composition is committed (focus_out=commit)")
        #expect(try alice.property(document, "Composing", interface: documentInterface)?.boolValue == false)
    }
}
