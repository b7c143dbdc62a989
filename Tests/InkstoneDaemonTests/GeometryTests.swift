import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// A rect as the daemon answers it.
private struct Rect: Equatable, CustomStringConvertible {
    var x, y, width, height: Double
    var description: String { "(\(x), \(y), \(width), \(height))" }

    static func read(_ reader: inout MessageReader) throws -> Rect {
        try reader.readStruct { fields in
            Rect(
                x: try fields.readDouble(), y: try fields.readDouble(), width: try fields.readDouble(),
                height: try fields.readDouble())
        }
    }
}

extension BusClient {
    /// Creates an input context with `name=value` options; returns its path.
    fileprivate func newContext(_ options: [String]) throws -> String {
        var reader = try call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: options)
        }.reader()
        return try reader.readObjectPath()
    }

    /// Calls a context method.
    @discardableResult
    fileprivate func context(
        _ path: String, _ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> MessageReader {
        try call(busName, path, contextInterface, member, body).reader()
    }

    /// Sets a 10×20 cell grid at (100, 50).
    fileprivate func setGrid(_ path: String, columns: UInt32 = 80) throws {
        try context(path, "SetCellGrid") { writer in
            for value in [100.0, 50, 10, 20] { writer.append(value) }
            writer.append(columns)
            writer.append(UInt32(8))
        }
    }

    fileprivate func caretRect(_ path: String, _ position: Int64) throws -> Rect {
        var reader = try context(path, "CaretRect") { $0.append(position) }
        return try Rect.read(&reader)
    }

    /// Waits for an incoming method call named `member`; nil after `timeout`.
    fileprivate func waitForMethodCall(member: String, timeout: Duration = .seconds(5)) -> Message? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, connection.isConnected {
            if let message = connection.nextMessage(timeoutMilliseconds: 50), message.kind == .methodCall,
                message.member == member
            {
                return message
            }
        }
        return nil
    }

    /// Waits for a `PropertiesChanged` carrying `CandidateAnchor`; returns the anchor.
    fileprivate func waitForAnchor(timeout: Duration = .seconds(5)) throws -> Rect? {
        while let signal = waitForSignal(member: "PropertiesChanged", timeout: timeout) {
            var reader = signal.reader()
            _ = try reader.readString()
            if case .structure(let fields) = try reader.readVardict()["CandidateAnchor"] {
                let values = fields.compactMap { field -> Double? in
                    if case .double(let value) = field { return value }
                    return nil
                }
                guard values.count == 4 else { return nil }
                return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            }
        }
        return nil
    }
}

/// A blocking call run on its own thread (not the test's task pool, which a
/// loaded machine may not schedule in time).
private final class ThreadedCall<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let thread = Mutex<PosixThread?>(nil)

    init(_ body: @escaping @Sendable () throws -> Value) {
        let spawned = PosixThread.spawn { [self] in
            let result = Result { try body() }
            outcome.withLock { $0 = result }
        }
        thread.withLock { $0 = spawned }
    }

    /// Waits for the call and returns its value.
    func value() throws -> Value {
        thread.withLock { $0 }?.join()
        guard let result = outcome.withLock({ $0 }) else { throw TestSupportError("the call's thread did not run") }
        return try result.get()
    }
}

@Suite struct GeometryTests {
    @Test func cellGridQueriesWithDbusSend() throws {
        let running = try RunningDaemon()
        let created = try running.dbusSend([
            "--dest=\(busName)", servicePath, "\(serviceInterface).NewInputContext", "array:string:persist=true",
        ])
        let path = try #require(
            created.stdout.split(separator: "\"").dropFirst().first.map(String.init), "\(created.stdout)")
        let steps: [([String], String)] = [
            (["\(contextInterface).InsertText", "string:ab世界\nxyz"], "uint64 1"),
            (
                [
                    "\(contextInterface).SetCellGrid", "double:100", "double:50", "double:10", "double:20", "uint32:80",
                    "uint32:8",
                ], "method return"
            ),
            (["\(contextInterface).CaretRect", "int64:4"], "double 160"),
            (["\(contextInterface).ClosestPosition", "double:161", "double:55"], "int64 4"),
            (["\(contextInterface).CharacterIndexForPoint", "double:125", "double:55"], "int64 2"),
            (["\(contextInterface).CharacterIndexForPoint", "double:500", "double:55"], "int64 -1"),
            (["\(contextInterface).SelectionRects", "int64:1", "int64:5"], "boolean true"),
        ]
        for (arguments, expected) in steps {
            let result = try running.dbusSend(["--dest=\(busName)", path] + arguments)
            #expect(result.termination == .exited(0), "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains(expected), "\(arguments): \(result.stdout)")
        }
        let errors: [([String], String)] = [
            (["\(contextInterface).CaretRect", "int64:99"], "InvalidRange"),
            (
                [
                    "\(contextInterface).SetCellGrid", "double:0", "double:0", "double:0", "double:20", "uint32:80",
                    "uint32:8",
                ], "InvalidArgument"
            ),
            (
                [
                    "\(contextInterface).SetCellGrid", "double:0", "double:0", "double:10", "double:20", "uint32:0",
                    "uint32:8",
                ], "InvalidArgument"
            ),
        ]
        for (arguments, errorName) in errors {
            let result = try running.dbusSend(["--dest=\(busName)", path] + arguments)
            #expect(result.stderr.contains("org.inkstone.Error.\(errorName)"), "\(arguments): \(result.stderr)")
        }
        // The failed SetCellGrid calls left the grid as it was.
        let after = try running.dbusSend(["--dest=\(busName)", path, "\(contextInterface).CaretRect", "int64:4"])
        #expect(after.stdout.contains("double 160"), "\(after.stdout)")
    }

    @Test func splittingOffsetsAreInvalidRange() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext([])
        try client.context(path, "InsertText") { $0.append("ae\u{301}👩‍👩‍👧") }
        try client.setGrid(path)
        for position: Int64 in [2, 4, 5, -1, 20] {
            #expect(throws: DBusKitError.self) { _ = try client.caretRect(path, position) }
        }
        #expect(try client.caretRect(path, 3) == Rect(x: 120, y: 50, width: 0, height: 20))
        #expect(try client.caretRect(path, 11) == Rect(x: 140, y: 50, width: 0, height: 20))
    }

    @Test func ambiguousWideIsACreationOption() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        for (options, width) in [([String](), 10.0), (["ambiguous_wide=true"], 20)] {
            let path = try client.newContext(options)
            try client.context(path, "InsertText") { $0.append("±") }
            try client.setGrid(path)
            #expect(try client.caretRect(path, 1).x == 100 + width, "\(options)")
        }
    }

    @Test func pushedFragmentsOverrideTheGridUntilTheTextChanges() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext([])
        try client.context(path, "InsertText") { $0.append("Hello world") }
        try client.setGrid(path)
        #expect(try client.caretRect(path, 6) == Rect(x: 160, y: 50, width: 0, height: 20))
        try client.context(path, "SetLineFragments") { writer in
            writer.appendArray(of: "(xxddddad)") { array in
                for (start, length, y, carets) in [
                    (Int64(0), Int64(6), 0.0, [5.0, 14, 20, 24, 28, 36, 45]), (6, 5, 18, [5, 16, 24, 29, 33, 40]),
                ] {
                    array.appendStruct { fields in
                        fields.append(start)
                        fields.append(length)
                        for value in [5, y, carets.last! - 5, 18] { fields.append(value) }
                        fields.appendArray(of: "d") { xs in for x in carets { xs.append(x) } }
                    }
                }
            }
        }
        #expect(try client.caretRect(path, 6) == Rect(x: 5, y: 18, width: 0, height: 18))
        var first = try client.context(path, "FirstRectForRange") {
            $0.append(Int64(3))
            $0.append(Int64(5))
        }
        #expect(try Rect.read(&first) == Rect(x: 24, y: 0, width: 21, height: 18))
        #expect(try first.readInt64() == 3)
        #expect(try first.readInt64() == 3)
        // A fragment whose caret count does not match its graphemes changes nothing.
        #expect(throws: DBusKitError.self) {
            try client.context(path, "SetLineFragments") { writer in
                writer.appendArray(of: "(xxddddad)") { array in
                    array.appendStruct { fields in
                        fields.append(Int64(0))
                        fields.append(Int64(2))
                        for value in [0.0, 0, 1, 1] { fields.append(value) }
                        fields.appendArray(of: "d") { $0.append(0.0) }
                    }
                }
            }
        }
        #expect(try client.caretRect(path, 6) == Rect(x: 5, y: 18, width: 0, height: 18))
        // After an edit the fragments are stale and the grid answers again.
        try client.context(path, "InsertText") { $0.append("!") }
        #expect(try client.caretRect(path, 6) == Rect(x: 160, y: 50, width: 0, height: 20))
    }

    @Test func staleFragmentsWithoutAGridAreStale() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext([])
        try client.context(path, "InsertText") { $0.append("ab") }
        try client.context(path, "SetLineFragments") { writer in
            writer.appendArray(of: "(xxddddad)") { array in
                array.appendStruct { fields in
                    fields.append(Int64(0))
                    fields.append(Int64(2))
                    for value in [0.0, 0, 20, 10] { fields.append(value) }
                    fields.appendArray(of: "d") { xs in for x in [0.0, 10, 20] { xs.append(x) } }
                }
            }
        }
        #expect(try client.caretRect(path, 1) == Rect(x: 10, y: 0, width: 0, height: 10))
        try client.context(path, "InsertText") { $0.append("c") }
        do {
            _ = try client.caretRect(path, 1)
            Issue.record("stale fragments answered")
        } catch let error as DBusKitError {
            #expect(error.name == "org.inkstone.Error.Stale")
        }
    }

    @Test func aSilentProviderDoesNotStallOtherCalls() throws {
        let running = try RunningDaemon()
        let owner = try BusClient(address: running.bus.address)
        let provider = try BusClient(address: running.bus.address)
        let other = try BusClient(address: running.bus.address)
        let path = try owner.newContext(["persist=true"])
        try owner.context(path, "InsertText") { $0.append("abc") }
        try owner.setGrid(path)
        try owner.context(path, "SetWindowGeometry") { writer in
            writer.append(1000.0)
            writer.append(500.0)
            writer.append(2.0)
        }
        try provider.context(path, "SetGeometryProvider") { $0.append(objectPath: "/provider") }
        let otherPath = try other.newContext([])

        // The provider receives the call and never answers.
        let pending = ThreadedCall { try owner.caretRect(path, 1) }
        let forwarded = try #require(provider.waitForMethodCall(member: "CaretRect"))
        #expect(forwarded.path == "/provider")
        var arguments = forwarded.reader()
        #expect(try arguments.readInt64() == 1)
        // Meanwhile another client's edit goes through.
        var receipt = try other.context(otherPath, "InsertText") { $0.append("x") }
        #expect(try receipt.readUInt64() == 1)
        // The owner gets the grid's answer once the provider's time is up.
        #expect(try pending.value() == Rect(x: 1220, y: 600, width: 0, height: 40))

        // A provider that answers in time is used (its rect mapped to the screen).
        let answered = ThreadedCall { try owner.caretRect(path, 2) }
        let call = try #require(provider.waitForMethodCall(member: "CaretRect"))
        let reply = try #require(call.makeReturn())
        reply.write { writer in
            writer.appendStruct(signature: "dddd") { for value in [1.0, 2, 3, 4] { $0.append(value) } }
        }
        _ = try provider.connection.send(reply)
        provider.connection.flush()
        #expect(try answered.value() == Rect(x: 1002, y: 504, width: 6, height: 8))

        // Clearing the provider answers from the grid without forwarding.
        try provider.context(path, "SetGeometryProvider") { $0.append(objectPath: "/") }
        #expect(try owner.caretRect(path, 3) == Rect(x: 1260, y: 600, width: 0, height: 40))
    }

    /// `GeometryProvider1.xml` is the contract of the calls the daemon makes to a
    /// provider: each documented method is called on the documented interface with
    /// the documented argument signature, and a reply of the documented output
    /// signature is used.
    @Test func providerCallsFollowTheGeometryProviderContract() throws {
        let xml = try readFile(repositoryRoot() + "/dbus/org.inkstone.GeometryProvider1.xml")
        let documented = IntrospectionParser.members(xml).filter { $0.kind == "method" }
        #expect(Set(documented.map(\.member)) == ["CaretRect", "FirstRectForRange"])
        let running = try RunningDaemon()
        let owner = try BusClient(address: running.bus.address)
        let provider = try BusClient(address: running.bus.address)
        let path = try owner.newContext(["persist=true"])
        try owner.context(path, "InsertText") { $0.append("abc") }
        try owner.setGrid(path)
        try owner.context(path, "SetWindowGeometry") { writer in
            writer.append(1000.0)
            writer.append(500.0)
            writer.append(2.0)
        }
        try provider.context(path, "SetGeometryProvider") { $0.append(objectPath: "/provider") }
        for method in documented.sorted(by: { $0.member < $1.member }) {
            let pending = ThreadedCall {
                var reader = try owner.context(path, method.member) { writer in
                    writer.append(Int64(1))
                    if method.member == "FirstRectForRange" { writer.append(Int64(1)) }
                }
                return try Rect.read(&reader)
            }
            let call = try #require(provider.waitForMethodCall(member: method.member))
            #expect(call.interface == method.interface, "\(method.member)")
            #expect(call.signature == method.signature, "\(method.member)")
            #expect(method.detail == "(dddd)", "\(method.member) replies with a rectangle")
            let reply = try #require(call.makeReturn())
            reply.write { writer in
                writer.appendStruct(signature: "dddd") { for value in [1.0, 2, 3, 4] { $0.append(value) } }
            }
            _ = try provider.connection.send(reply)
            provider.connection.flush()
            #expect(try pending.value() == Rect(x: 1002, y: 504, width: 6, height: 8), "\(method.member)")
        }
    }

    @Test func candidateAnchorFollowsHangulComposition() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext(["engine=hangul"])
        try client.setGrid(path)
        #expect(try client.waitForAnchor() == Rect(x: 100, y: 50, width: 0, height: 20))
        try client.context(path, "ProcessKeyNames") { $0.append(strings: ["g", "k", "s"]) }
        // "한" is marked at 0: the anchor covers its two cells.
        #expect(try client.waitForAnchor() == Rect(x: 100, y: 50, width: 20, height: 20))
        try client.context(path, "ProcessKeyNames") { $0.append(strings: ["r", "n", "r"]) }
        // "한" committed, "국" marked at 1: the last anchor covers its cells.
        var anchors: [Rect] = []
        while let anchor = try client.waitForAnchor(timeout: .milliseconds(500)) { anchors.append(anchor) }
        #expect(anchors.last == Rect(x: 120, y: 50, width: 20, height: 20), "\(anchors)")
        var property = try client.call(busName, path, "org.freedesktop.DBus.Properties", "Get") {
            $0.append(contextInterface)
            $0.append("CandidateAnchor")
        }.reader()
        #expect(
            try property.readValue() == .variant(.structure([.double(120), .double(50), .double(20), .double(20)])))
    }

    @Test func layoutChangesInvalidateCharacterCoordinates() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext([])
        try client.setGrid(path)
        #expect(client.waitForSignal(member: "InvalidateCharacterCoordinates") != nil)
        try client.context(path, "InsertText") { $0.append("reflow") }
        #expect(client.waitForSignal(member: "InvalidateCharacterCoordinates") != nil)
        try client.context(path, "SetWindowGeometry") { writer in
            for value in [10.0, 10, 1] { writer.append(value) }
        }
        #expect(client.waitForSignal(member: "InvalidateCharacterCoordinates") != nil)
        // Unsubscribed from geometry: nothing more.
        try client.context(path, "Subscribe") { $0.append(strings: ["text"]) }
        try client.setGrid(path, columns: 2)
        #expect(client.waitForSignal(member: "InvalidateCharacterCoordinates", timeout: .milliseconds(300)) == nil)
    }

    @Test func aGridUpdatedEditByEditAnswersLikeAFreshOne() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let path = try client.newContext([])
        try client.context(path, "InsertText") { $0.append("first line\nsecond 世界 line\n\nfourth line that wraps") }
        try client.setGrid(path, columns: 9)
        _ = try client.caretRect(path, 3)
        let edits: [(Int64, Int64, String)] = [
            (5, 0, "\r"), (6, 0, "\n"), (0, 3, "世"), (20, 4, "ab\u{2028}cd"), (2, 0, "\t"),
        ]
        for (start, length, text) in edits {
            try client.context(path, "SetSelectedRange") {
                $0.append(start)
                $0.append(length)
            }
            try client.context(path, "InsertText") { $0.append(text) }
            _ = try client.caretRect(path, 1)
        }
        var documentReader = try client.call(busName, path, "org.freedesktop.DBus.Properties", "Get") {
            $0.append(contextInterface)
            $0.append("Document")
        }.reader()
        guard case .variant(.objectPath(let document)) = try documentReader.readValue() else {
            Issue.record("no document path")
            return
        }
        let fresh = try client.newContext(["document=\(document)"])
        try client.setGrid(fresh, columns: 9)
        var lengthReader = try client.context(path, "Length")
        let length = try lengthReader.readInt64()
        var answered = 0
        for position in 0...length {
            // Positions inside a grapheme (the CR LF the edits made) fail in both.
            let updated = try? client.caretRect(path, position)
            #expect(updated == (try? client.caretRect(fresh, position)), "position \(position)")
            if updated != nil { answered += 1 }
        }
        #expect(answered == Int(length))
    }
}
