import CGatheredWrites
import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// A method call's signals and its reply leave the daemon in one write when they fit
/// (``Connection/gatheredWrites`` counts those writes and their messages); a method call,
/// a message too large for the buffer or a full write queue leave them to sd-bus. Either
/// way the client reads them in the order they were sent, with unique growing serials.
@Suite struct GatheredWriteTests {
    static let interface = "org.example.Burst"
    static let calleePath = "/org/example/Callee"
    static let calleeInterface = "org.example.Callee"

    /// The daemon's gatherer, installed for this process as the daemon installs it at start-up.
    init() {
        WriteGatherer.install(
            WriteGatherer(
                begin: inkstone_gather_writes, release: inkstone_release_gathered_writes,
                capacity: Int(INKSTONE_GATHER_CAPACITY)))
    }

    /// `Burst(count, size) → u` sends `count` signals `Part(index, payload)` of `size`
    /// bytes to the caller, then replies `count`; `BurstThenFail(count)` answers an error
    /// after its signals instead; `PartPokePart` calls the caller's `Poke` between two parts,
    /// `PartReplyPart` replies between two parts. Each burst adds one to `bursts`.
    static func burstTable(counting bursts: BurstCount? = nil) -> InterfaceTable {
        var table = InterfaceTable(interface)
        table.method("Burst", input: "uu", output: "u") { call, reader in
            bursts?.value.add(1, ordering: .relaxed)
            let count = try reader.readUInt32()
            try emitParts(count: count, size: Int(try reader.readUInt32()), for: call)
            return .write { $0.append(count) }
        }
        table.method("BurstThenFail", input: "u") { call, reader in
            try emitParts(count: try reader.readUInt32(), size: 8, for: call)
            throw DBusKitError(name: "org.example.Error.AfterBurst", message: "failed after its signals")
        }
        table.method("PartPokePart") { call, _ in
            try emitParts(count: 1, size: 1, for: call)
            let poke = try call.connection.makeMethodCall(
                destination: call.message.sender, path: calleePath, interface: calleeInterface, member: "Poke")
            try call.connection.send(poke)
            try emitParts(count: 1, size: 1, for: call)
            return .empty
        }
        table.method("PartReplyPart", output: "u") { call, _ in
            try emitParts(count: 1, size: 3, for: call)
            call.reply { $0.append(UInt32(1)) }
            try emitParts(count: 1, size: 3, for: call)
            return .deferred
        }
        table.signal("Part", signature: "us")
        return table
    }

    private static func emitParts(count: UInt32, size: Int, for call: MethodCall) throws {
        for index in 0..<count {
            try call.connection.emitSignal(
                path: EchoService.path, interface: interface, member: "Part", destination: call.message.sender
            ) { writer in
                writer.append(index)
                writer.append(String(repeating: Character(Unicode.Scalar(UInt8(97 + index % 26))), count: size))
            }
        }
    }

    /// Calls `member` with `body` and returns the signals read before the reply, and the reply (or error).
    private static func exchange(
        _ client: Connection, destination: String?, _ member: String, _ body: (inout MessageWriter) -> Void
    ) throws -> (parts: [Message], reply: Message) {
        let call = try client.makeMethodCall(
            destination: destination, path: EchoService.path, interface: interface, member: member)
        call.write(body)
        let serial = try client.send(call)
        var parts: [Message] = []
        while let message = client.nextMessage(timeoutMilliseconds: 10_000) {
            if message.kind == .signal, message.member == "Part" { parts.append(message) }
            if message.replySerial == serial { return (parts, message) }
        }
        throw TestSupportError("no reply to \(member)")
    }

    /// The parts carry their index and payload, in order, and precede the reply; every serial is
    /// unique, non-zero and growing in the order the messages were sent.
    private static func expectInOrder(_ parts: [Message], then reply: Message, count: Int, size: Int) throws {
        #expect(parts.count == count)
        for (index, part) in parts.enumerated() {
            var reader = try MessageReader(part, expecting: "us")
            #expect(try reader.readUInt32() == UInt32(index))
            let payload = try reader.readString()
            #expect(payload.utf8.count == size && payload.utf8.allSatisfy { $0 == UInt8(97 + index % 26) })
        }
        let serials = parts.map(\.serial) + [reply.serial]
        #expect(!serials.contains(0))
        #expect(Set(serials).count == serials.count)
        #expect(serials == serials.sorted(), "\(serials)")
    }

    /// What the writes of a burst service's connection gathered while `body` ran with a
    /// client of the service.
    private static func gathered(_ body: (Connection) throws -> Void) throws -> GatheredWrites {
        let service = try EchoService(extraInterfaces: [burstTable()])
        let client = try Connection(address: service.bus.address)
        defer { client.close() }
        let before = service.connection.gatheredWrites
        try body(client)
        let after = service.connection.gatheredWrites
        return GatheredWrites(writes: after.writes - before.writes, messages: after.messages - before.messages)
    }

    /// Calls `Burst(count, size)` and checks its parts and reply arrived in order; the reply.
    @discardableResult
    private static func burst(_ client: Connection, count: UInt32, size: UInt32) throws -> Message {
        let (parts, reply) = try exchange(client, destination: EchoService.name, "Burst") {
            $0.append(count)
            $0.append(size)
        }
        #expect(reply.kind == .methodReturn)
        try expectInOrder(parts, then: reply, count: Int(count), size: Int(size))
        return reply
    }

    @Test func signalsAndTheirReplyLeaveInOneWrite() throws {
        let first = try Self.gathered { client in try Self.burst(client, count: 3, size: 40) }
        #expect(first == GatheredWrites(writes: 1, messages: 4))
        // A second call's serials follow the first's: none is used twice.
        let both = try Self.gathered { client in
            let reply = try Self.burst(client, count: 3, size: 40)
            let (secondParts, secondReply) = try Self.exchange(client, destination: EchoService.name, "Burst") {
                $0.append(UInt32(2))
                $0.append(UInt32(1))
            }
            try Self.expectInOrder(secondParts, then: secondReply, count: 2, size: 1)
            #expect(secondParts.first.map(\.serial) ?? 0 > reply.serial)
        }
        #expect(both == GatheredWrites(writes: 2, messages: 7))
    }

    @Test func signalsAndAnErrorReplyLeaveInOneWrite() throws {
        let added = try Self.gathered { client in
            let (parts, reply) = try Self.exchange(client, destination: EchoService.name, "BurstThenFail") {
                $0.append(UInt32(2))
            }
            #expect(reply.kind == .error && reply.errorName == "org.example.Error.AfterBurst")
            try Self.expectInOrder(parts, then: reply, count: 2, size: 8)
        }
        #expect(added == GatheredWrites(writes: 1, messages: 3))
    }

    /// A method call sent during a dispatch leaves after the signals sent before it (written
    /// first, together) and before those sent after it (sd-bus writes those: the gathering ended).
    @Test func aMethodCallSentDuringADispatchKeepsItsPlace() throws {
        let log = Mutex<[String]>([])
        let added = try Self.gathered { client in
            var callee = InterfaceTable(Self.calleeInterface)
            callee.method("Poke") { _, _ in
                log.withLock { $0.append("Poke") }
                return .empty
            }
            try client.export(ExportedObject(interfaces: [callee]), at: Self.calleePath)
            let call = try client.makeMethodCall(
                destination: EchoService.name, path: EchoService.path, interface: Self.interface,
                member: "PartPokePart")
            let serial = try client.send(call)
            while let message = client.nextMessage(timeoutMilliseconds: 10_000) {
                if message.member == "Part" { log.withLock { $0.append("Part") } }
                if message.replySerial == serial {
                    log.withLock { $0.append("reply") }
                    break
                }
            }
        }
        #expect(log.withLock { $0 } == ["Part", "Poke", "Part", "reply"])
        // The first part left before the call, on its own.
        #expect(added == GatheredWrites(writes: 1, messages: 1))
    }

    /// The reply leaves with the signals before it as soon as it is sent; a signal the
    /// dispatch sends after it follows through sd-bus.
    @Test func theReplyLeavesWithoutWaitingForTheDispatchsEnd() throws {
        let added = try Self.gathered { client in
            let (parts, reply) = try Self.exchange(client, destination: EchoService.name, "PartReplyPart") { _ in }
            try Self.expectInOrder(parts, then: reply, count: 1, size: 3)
            var later: Message?
            while later == nil, let message = client.nextMessage(timeoutMilliseconds: 10_000) {
                if message.member == "Part" { later = message }
            }
            let part = try #require(later)
            #expect(part.serial > reply.serial)
        }
        #expect(added == GatheredWrites(writes: 1, messages: 2))
    }

    /// What fits the buffer (64 KiB) leaves together; the message that does not, and every
    /// message after it, go out through sd-bus, in order.
    @Test func messagesPastTheBufferLeaveThroughSdBus() throws {
        // Two parts (60 KB) fit, the third would not.
        let added = try Self.gathered { client in try Self.burst(client, count: 3, size: 30_000) }
        #expect(added == GatheredWrites(writes: 1, messages: 2))
    }

    /// While sd-bus still queues messages for a peer that does not read, a call's signals and
    /// reply queue behind them one by one (none overtakes what is queued).
    @Test func messagesQueueBehindWhatSdBusHolds() throws {
        let bursts = BurstCount()
        let pair = try PeerPair(exporting: ExportedObject(interfaces: [Self.burstTable(counting: bursts)]))
        // 20 MB of signals: more than the socket holds (8 MiB at most, sd-bus's size), so sd-bus
        // queues the rest.
        let flood = try pair.client.makeMethodCall(
            destination: nil, path: EchoService.path, interface: Self.interface, member: "Burst")
        flood.write {
            $0.append(UInt32(2_000))
            $0.append(UInt32(10_000))
        }
        _ = try pair.client.send(flood)
        pair.client.flush()
        #expect(eventually { pair.accepted.outgoingBytes > 16 << 20 })
        // The burst is dispatched before the client reads anything.
        let burst = try pair.client.makeMethodCall(
            destination: nil, path: EchoService.path, interface: Self.interface, member: "Burst")
        burst.write {
            $0.append(UInt32(2))
            $0.append(UInt32(5))
        }
        let burstSerial = try pair.client.send(burst)
        pair.client.flush()
        #expect(eventually { bursts.value.load(ordering: .relaxed) == 2 })
        var parts: [Message] = []
        var replies: [Message] = []
        while replies.count < 2, let message = pair.client.nextMessage(timeoutMilliseconds: 10_000) {
            if message.kind == .signal, message.member == "Part" { parts.append(message) }
            if message.kind == .methodReturn { replies.append(message) }
        }
        let reply = try #require(replies.last)
        #expect(reply.replySerial == burstSerial)
        // The flood's parts and its reply came first, then the burst's.
        #expect(parts.count == 2_002)
        let burstParts = Array(parts.suffix(2))
        try Self.expectInOrder(burstParts, then: reply, count: 2, size: 5)
        // Only the flood's first six parts (60 KB) were gathered; the burst found sd-bus queueing.
        #expect(pair.accepted.gatheredWrites == GatheredWrites(writes: 1, messages: 6))
    }
}

/// How many bursts a connection dispatched.
final class BurstCount: Sendable {
    let value = Atomic<Int>(0)
}
