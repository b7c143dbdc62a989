import DBusKit
import InkstoneTestSupport
import Testing

/// Notifications watched from outside by a bus monitor.
@Suite struct NotificationTests {

    /// A connection turned into a bus monitor of everything the daemon sends.
    static func monitor(_ running: RunningDaemon) throws -> (BusClient, String) {
        let client = try BusClient(address: running.bus.address)
        var owner = try client.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner"
        ) {
            $0.append(busName)
        }.reader()
        let daemon = try owner.readString()
        _ = try client.call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Monitoring", "BecomeMonitor"
        ) { writer in
            writer.append(strings: ["sender='\(daemon)'"])
            writer.append(UInt32(0))
        }
        return (client, daemon)
    }

    @Test(arguments: [UInt64(1), 7, 2024], NotificationMode.allCases) func willAndDidBalanceOverARandomScript(
        seed: UInt64, mode: NotificationMode
    ) throws {
        let running = try RunningDaemon()
        let (monitor, _) = try Self.monitor(running)
        let alice = try InkstonePeer(running, mode: mode)
        let bob = try InkstonePeer(running, mode: mode)
        let document =
            try alice.call(servicePath, "CreateDocument", interface: serviceInterface).first?.stringValue ?? ""
        try alice.call(document, "Share", interface: documentInterface) { $0.append(bob.name) }
        let contexts = [
            (alice, try alice.newContext(["document=\(document)", "unit=utf16"])),
            (bob, try bob.newContext(["document=\(document)", "unit=graphemes"])),
            (bob, try bob.newContext(["document=\(document)", "unit=utf8", "queue_edits=false"])),
        ]
        var rng = SplitMix64(seed: seed)
        let pieces = ["a", "é", "e\u{301}", "👩‍👩‍👧", "한", "\n", " "]
        for _ in 0..<80 {
            let (peer, context) = contexts[Int.random(in: 0..<contexts.count, using: &rng)]
            let text = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                .joined()
            let length = Int(try peer.call(context, "Length").first?.int ?? 0)
            let start = Int.random(in: 0...length, using: &rng)
            switch Int.random(in: 0..<9, using: &rng) {
            case 0, 1: _ = peer.errorName(context, "InsertText") { $0.append(text) }
            case 2: _ = peer.errorName(context, "DeleteBackward")
            case 3, 4:
                _ = peer.errorName(context, "SetMarkedText") {
                    $0.append(text)
                    $0.append(Int64(0))
                    $0.append(Int64(0))
                    $0.append(Int64(-1))
                    $0.append(Int64(0))
                }
            case 5: _ = peer.errorName(context, Bool.random(using: &rng) ? "UnmarkText" : "DiscardMarkedText")
            case 6:
                _ = peer.errorName(context, "SetSelectedRange") {
                    $0.append(Int64(start))
                    $0.append(Int64(0))
                }
            case 7:
                _ = peer.errorName(context, "ReplaceRange") {
                    $0.append(Int64(start))
                    $0.append(Int64(Int.random(in: 0...(length - start), using: &rng)))
                    $0.append(text)
                    $0.append(UInt64(0))
                }
            default: _ = peer.errorName(context, Bool.random(using: &rng) ? "Undo" : "Redo")
            }
        }
        let finalRevision = try alice.revision(contexts[0].1)
        // The monitor sees alice's GetVersion reply after everything before it.
        _ = try alice.call(servicePath, "GetVersion", interface: serviceInterface)
        var seen: [Message] = []
        let synced = readMessages(on: monitor.connection) { message in
            if message.kind == .signal, message.path?.hasPrefix(servicePath) == true { seen.append(message) }
            return message.kind == .methodReturn && message.destination == alice.name && message.signature == "s"
        }
        #expect(synced, "seed \(seed): the monitor did not catch up")
        #expect(seen.flatMap(SeenSignal.expand).count > 40, "seed \(seed): only \(seen.count) signals")
        #expect(seen.allSatisfy { $0.destination != nil }, "seed \(seed): a signal was broadcast")
        for (peer, context) in contexts {
            let stream = seen.filter { $0.path == context }.flatMap(SeenSignal.expand)
            #expect(seen.filter { $0.path == context }.allSatisfy { $0.destination == peer.name })
            var lastRevision: UInt64 = 0
            var index = 0
            while index < stream.count {
                let member = stream[index].member
                if member == "TextWillChange" || member == "SelectionWillChange" {
                    let did = member == "TextWillChange" ? "TextDidChange" : "SelectionDidChange"
                    #expect(
                        index + 1 < stream.count && stream[index + 1].member == did,
                        "seed \(seed) \(context): \(member) at \(index) is not followed by \(did)")
                    if member == "TextWillChange", index + 1 < stream.count {
                        let revision = stream[index + 1].arguments.first?.uint64 ?? 0
                        #expect(stream[index].arguments.first?.uint64 == revision - 1)
                        #expect(revision > lastRevision, "seed \(seed) \(context): revision went back")
                        lastRevision = revision
                    }
                    index += 2
                } else {
                    #expect(
                        member != "TextDidChange" && member != "SelectionDidChange",
                        "seed \(seed) \(context): \(member) at \(index) without its will")
                    index += 1
                }
            }
            #expect(
                lastRevision == finalRevision,
                "seed \(seed) \(context): last TextDidChange \(lastRevision) of \(finalRevision)")
        }
    }

    @Test(arguments: NotificationMode.allCases) func unsubscribedKindsAreNotSent(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let (monitor, _) = try Self.monitor(running)
        let peer = try InkstonePeer(running, mode: mode)
        let quiet = try peer.newContext(["notifications="])
        let document = try peer.property(quiet, "Document")?.stringValue ?? ""
        let textOnly = try peer.newContext(["document=\(document)", "notifications=text"])
        try peer.insert(quiet, "hello")
        try peer.setMarked(quiet, "ka", 2, 0)
        try peer.call(quiet, "UnmarkText")
        try peer.call(textOnly, "Subscribe") { $0.append(strings: ["commit"]) }
        try peer.insert(textOnly, "!")
        _ = try peer.call(servicePath, "GetVersion", interface: serviceInterface)
        var members: [String: [String]] = [:]
        let synced = readMessages(on: monitor.connection) { message in
            if message.kind == .signal, let path = message.path {
                members[path, default: []] += SeenSignal.expand(message).map(\.member)
            }
            return message.kind == .methodReturn && message.signature == "s" && message.destination == peer.name
        }
        #expect(synced)
        #expect(members[quiet] == nil, "\(members[quiet] ?? [])")
        let textSignals = members[textOnly] ?? []
        #expect(Set(textSignals) == ["TextWillChange", "TextDidChange"], "\(textSignals)")
        #expect(textSignals.count == 2 * 2, "two changes before Subscribe(commit), none after: \(textSignals)")
    }
}
