import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// Geometry signals and geometry-provider calls reach a context's listener
/// where it is: on the bus with a destination, or on its own peer-to-peer
/// connection without one (`p2p:N` is no bus name).
@Suite struct PeerGeometryTests {
    /// Writes the arguments of the layout-setting call `member`.
    static func layoutArguments(_ member: String, _ writer: inout MessageWriter) {
        switch member {
        case "SetWindowGeometry":
            for value in [0.0, 0, 1] { writer.append(value) }
        case "SetCellGrid":
            for value in [0.0, 0, 8, 16] { writer.append(value) }
            writer.append(UInt32(10))
            writer.append(UInt32(4))
        default:
            writer.append(objectPath: "/gp")
        }
    }

    /// The first message on `connection` that `matches`, nil after `seconds`.
    private func firstMessage(on connection: Connection, seconds: Int = 10, _ matches: (Message) -> Bool) -> Message? {
        var found: Message?
        _ = readMessages(on: connection, seconds: seconds) { message in
            guard matches(message) else { return false }
            found = message
            return true
        }
        return found
    }

    private func isInvalidate(_ message: Message, _ path: String) -> Bool {
        message.kind == .signal && message.member == "InvalidateCharacterCoordinates" && message.path == path
    }

    /// A direct client's own context: each layout call sends it the signal on its connection, and the daemon lives.
    @Test(arguments: ["SetWindowGeometry", "SetCellGrid", "SetGeometryProvider"])
    func directListenerGetsGeometrySignals(member: String) throws {
        let daemon = try PeerDaemon()
        let connection = try daemon.connect()
        defer { connection.close() }
        var created = try peerCall(connection, servicePath, serviceInterface, "CreateInputContext") {
            $0.append(vardict: [:])
        }.reader()
        let context = try created.readObjectPath()
        try peerCall(connection, context, contextInterface, member) { Self.layoutArguments(member, &$0) }
        let signal = firstMessage(on: connection) { isInvalidate($0, context) }
        #expect(signal != nil, "no InvalidateCharacterCoordinates after \(member)")
        #expect(signal?.destination == nil)
        #expect(daemon.isAlive, "\(daemon.daemon.stderr)")
    }

    /// A direct client that provides geometry for its context is called on its
    /// own connection, and its answer is the query's.
    @Test func directProviderIsCalledOnItsConnection() throws {
        let daemon = try PeerDaemon()
        let connection = try daemon.connect()
        defer { connection.close() }
        var created = try peerCall(connection, servicePath, serviceInterface, "CreateInputContext") {
            $0.append(vardict: [:])
        }.reader()
        let context = try created.readObjectPath()
        try peerCall(connection, context, contextInterface, "InsertText") { $0.append("abc") }
        try peerCall(connection, context, contextInterface, "SetGeometryProvider") { $0.append(objectPath: "/gp") }
        // Ask without blocking, answer the provider call, then read the answer.
        let query = try connection.makeMethodCall(
            destination: nil, path: context, interface: contextInterface, member: "CaretRect")
        query.write { $0.append(Int64(1)) }
        let serial = try connection.send(query)
        let forwarded = try #require(
            firstMessage(on: connection) { $0.kind == .methodCall && $0.member == "CaretRect" })
        #expect(forwarded.path == "/gp")
        #expect(forwarded.destination == nil)
        let reply = try #require(forwarded.makeReturn())
        reply.write { writer in
            writer.appendStruct(signature: "dddd") { for value in [1.0, 2, 3, 4] { $0.append(value) } }
        }
        try connection.send(reply)
        let answer = try #require(
            firstMessage(on: connection) {
                $0.kind != .signal && $0.replySerial == serial
            })
        var reader = try answer.throwIfError().reader()
        #expect(try reader.readValue() == .structure([.double(1), .double(2), .double(3), .double(4)]))
        #expect(daemon.isAlive, "\(daemon.daemon.stderr)")
    }

    /// A direct client that subscribes to a bus client's persistent context gets
    /// the geometry signals the bus client's layout calls cause; the bus client does not.
    @Test func directSubscriberOfABusContextGetsItsGeometrySignals() throws {
        let daemon = try PeerDaemon()
        let (bus, context) = try Self.persistentBusContext(daemon)
        let direct = try daemon.connect()
        defer { direct.close() }
        try peerCall(direct, context, contextInterface, "Subscribe") { $0.append(strings: ["geometry"]) }
        _ = try bus.call(busName, context, contextInterface, "SetWindowGeometry") { writer in
            for value in [0.0, 0, 1] { writer.append(value) }
        }
        let signal = firstMessage(on: direct) { isInvalidate($0, context) }
        #expect(signal != nil)
        #expect(signal?.destination == nil)
        #expect(daemon.isAlive, "\(daemon.daemon.stderr)")
        #expect(bus.waitForSignal(member: "InvalidateCharacterCoordinates", timeout: .milliseconds(300)) == nil)
    }

    /// A direct client that sets the layout of a bus client's persistent context
    /// does not take its signals: they still go to the bus listener. A provider
    /// it registers is called on its own connection, even for a query over the bus.
    @Test func aDirectPeerTouchingABusContextLeavesItsSignalsAlone() throws {
        let daemon = try PeerDaemon()
        let (bus, context) = try Self.persistentBusContext(daemon)
        let direct = try daemon.connect()
        defer { direct.close() }
        try peerCall(direct, context, contextInterface, "SetCellGrid") { Self.layoutArguments("SetCellGrid", &$0) }
        let first = bus.waitForSignal(member: "InvalidateCharacterCoordinates")
        #expect(first?.destination == bus.connection.uniqueName)
        _ = try bus.call(busName, context, contextInterface, "SetWindowGeometry") { writer in
            for value in [5.0, 5, 1] { writer.append(value) }
        }
        #expect(bus.waitForSignal(member: "InvalidateCharacterCoordinates") != nil)

        // The direct peer provides geometry and never answers: the bus query gets the grid's answer.
        try peerCall(direct, context, contextInterface, "SetGeometryProvider") { $0.append(objectPath: "/gp") }
        var rect = try bus.call(busName, context, contextInterface, "CaretRect") { $0.append(Int64(0)) }.reader()
        #expect(try rect.readValue() == .structure([.double(5), .double(5), .double(0), .double(16)]))
        var signals: [String] = []
        let forwarded = firstMessage(on: direct) { message in
            if message.kind == .signal { signals.append(message.member ?? "") }
            return message.kind == .methodCall && message.member == "CaretRect"
        }
        #expect(forwarded?.path == "/gp")
        while let message = direct.nextMessage(timeoutMilliseconds: 0) {
            if message.kind == .signal { signals.append(message.member ?? "") }
        }
        // Nothing meant for the bus listener reached the direct peer.
        #expect(signals.isEmpty, "\(signals)")
        #expect(daemon.isAlive, "\(daemon.daemon.stderr)")
    }

    /// A provider whose direct connection closed is not called: the query is
    /// answered from the pushed layout at once, and the daemon says why in its log.
    @Test func aVanishedDirectProviderIsSkippedWithALogLine() throws {
        let daemon = try PeerDaemon(arguments: ["--log-level", "debug"])
        let (bus, context) = try Self.persistentBusContext(daemon)
        _ = try bus.call(busName, context, contextInterface, "SetCellGrid") { Self.layoutArguments("SetCellGrid", &$0) }
        let direct = try daemon.connect()
        try peerCall(direct, context, contextInterface, "SetGeometryProvider") { $0.append(objectPath: "/gp") }
        direct.close()
        var connected: Int64? = 1
        for _ in 0..<200 where connected != 0 {
            usleep(10_000)
            var status = try bus.call(busName, servicePath, serviceInterface, "GetStatus").reader()
            connected = try status.readVardict()["peer_connections"].flatMap(\.int64Value)
        }
        #expect(connected == 0)
        var rect = try bus.call(busName, context, contextInterface, "CaretRect") { $0.append(Int64(0)) }.reader()
        #expect(try rect.readValue() == .structure([.double(0), .double(0), .double(0), .double(16)]))
        // stderr is read by another thread: give it time to catch up.
        let line = "CaretRect to p2p:1 not made: no route"
        #expect(daemon.daemon.waitForStderr(containing: line), "\(daemon.daemon.stderr)")
    }

    /// A bus client of `daemon` and a persistent context it created.
    private static func persistentBusContext(_ daemon: PeerDaemon) throws -> (BusClient, String) {
        let bus = try BusClient(address: daemon.bus.address)
        var created = try bus.call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["persist=true"])
        }.reader()
        return (bus, try created.readObjectPath())
    }
}
