import DBusKit
import Glibc
import InkstoneMeasure
import InkstoneTestSupport
import Synchronization
import Testing

/// Limits on what clients can make the daemon hold, and fairness between clients.
@Suite struct ResourceLimitTests {
    static let limitExceeded = "org.inkstone.Error.LimitExceeded"
    static let invalidArgument = "org.inkstone.Error.InvalidArgument"

    /// A non-positive limit on the command line is refused at start, with the flag named.
    @Test func nonPositiveLimitsAreRefused() throws {
        for flag in [
            "--max-contexts=-5", "--max-string-bytes=0", "--max-contexts-per-user=-1",
            "--max-persistent-contexts=0", "--max-shares=-2", "--max-listener-backlog=0",
        ] {
            let result = try run([builtProduct("inkstoned"), "--address", "unix:path=/nonexistent", flag])
            #expect(result.termination == .exited(1), "\(flag): \(result.termination)")
            let name = String(flag.prefix { $0 != "=" })
            #expect(
                result.stderr.contains("\(name): ") && result.stderr.contains("must be 1 to"),
                "\(flag): \(result.stderr)")
        }
    }

    /// Every string argument counts toward the per-call limit: options, items, peer names, text.
    /// A refused call changes nothing.
    @Test func everyStringArgumentIsBounded() throws {
        let running = try RunningDaemon(arguments: ["--max-string-bytes=256"])
        let peer = try InkstonePeer(running)
        let long = String(repeating: "p", count: 300)
        let context = try peer.newContext(["program=short"])
        let document = try #require(try peer.call(servicePath, "CreateDocument", interface: serviceInterface).first)
        guard case .objectPath(let documentPath) = document else { throw TestSupportError("no document path") }
        let contextsBefore = try contextCount(running)

        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: ["program=" + long])
            } == Self.limitExceeded)
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: Array(repeating: "unit=utf16", count: 30))
            } == Self.limitExceeded, "many short items together exceed the limit")
        #expect(
            peer.errorName(servicePath, "CreateInputContext", interface: serviceInterface) {
                $0.append(vardict: ["program": .string(long)])
            } == Self.limitExceeded)
        #expect(
            peer.errorName(documentPath, "Share", interface: documentInterface) { $0.append(":1." + long) }
                == Self.limitExceeded)
        #expect(peer.errorName(context, "InsertText") { $0.append(long) } == Self.limitExceeded)
        #expect(peer.errorName(context, "ProcessKeyNames") { $0.append(strings: [long]) } == Self.limitExceeded)
        #expect(try contextCount(running) == contextsBefore)
        #expect(try peer.text(context) == "")
        _ = try peer.newContext(["program=" + String(repeating: "p", count: 200)])
    }

    /// The program name is kept as long as its context: it has a small limit of its own.
    @Test func programNamesAreShort() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        _ = try peer.newContext(["program=" + String(repeating: "p", count: 255)])
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: ["program=" + String(repeating: "p", count: 256)])
            } == Self.limitExceeded)
        #expect(
            peer.errorName(servicePath, "CreateInputContext", interface: serviceInterface) {
                $0.append(vardict: ["program": .string(String(repeating: "é", count: 200))])
            } == Self.limitExceeded)
        #expect(try contextCount(running) == 1)
    }

    /// `Share` takes only a peer name, and a document is shared with a bounded number of peers.
    @Test func shareTakesPeerNamesUpToALimit() throws {
        let running = try RunningDaemon(arguments: ["--max-shares=2"])
        let peer = try InkstonePeer(running)
        guard
            case .objectPath(let document)? = try peer.call(servicePath, "CreateDocument", interface: serviceInterface)
                .first
        else { throw TestSupportError("no document path") }
        for bad in ["not a name", "", ":1", ":1..2", ":1.2/3", "org.example.Name", "p2p:", "p2p:x", ":1.é"] {
            #expect(
                peer.errorName(document, "Share", interface: documentInterface) { $0.append(bad) }
                    == Self.invalidArgument, "'\(bad)'")
        }
        let other = try InkstonePeer(running)
        try peer.call(document, "Share", interface: documentInterface) { $0.append(other.name) }
        try peer.call(document, "Share", interface: documentInterface) { $0.append("p2p:12") }
        try peer.call(document, "Share", interface: documentInterface) { $0.append(other.name) }
        #expect(
            peer.errorName(document, "Share", interface: documentInterface) { $0.append(":1.999") }
                == Self.limitExceeded)
        try peer.call(document, "Unshare", interface: documentInterface) { $0.append("p2p:12") }
        try peer.call(document, "Share", interface: documentInterface) { $0.append(":1.999") }
        // The share still works: the other peer attaches a context.
        _ = try other.createContext(["document": .objectPath(document)])
    }

    /// All clients of the user together hold a bounded number of contexts.
    @Test func contextsPerUserAreCapped() throws {
        let running = try RunningDaemon(arguments: ["--max-contexts=2", "--max-contexts-per-user=3"])
        let first = try InkstonePeer(running)
        let second = try InkstonePeer(running)
        let kept = try first.newContext([])
        _ = try first.newContext([])
        _ = try second.newContext([])
        #expect(
            second.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: [])
            } == Self.limitExceeded)
        #expect(try contextCount(running) == 3)
        try first.call(kept, "Destroy")
        _ = try second.newContext([])
    }

    /// Persistent contexts, which outlive their creator, are capped for the daemon.
    @Test func persistentContextsAreCapped() throws {
        let running = try RunningDaemon(arguments: ["--max-persistent-contexts=2"])
        let peer = try InkstonePeer(running)
        let first = try peer.newContext(["persist=true"])
        _ = try InkstonePeer(running).newContext(["persist=true"])
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: ["persist=true"])
            } == Self.limitExceeded)
        _ = try peer.newContext([])
        try peer.call(first, "Destroy")
        _ = try peer.newContext(["persist=true"])
    }

    /// A direct listener that stops reading: the daemon stops queueing for it and
    /// disconnects it, its memory stays bounded, and the typing client is served throughout.
    @Test func directListenerThatStopsReadingIsDisconnected() throws {
        let daemon = try DirectDaemon(arguments: ["--max-listener-backlog=262144"])
        let typist = try BusClient(address: daemon.bus.address)
        var created = try typist.call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["persist=true", "engine=direct"])
        }.reader()
        let context = try created.readObjectPath()
        let listener = try daemon.connect()
        defer { listener.close() }
        _ = try listener.peerCall(context, contextInterface, "Subscribe") {
            $0.append(strings: ["text", "selection", "properties"])
        }
        // Unbounded, the daemon grows by about 28 MB over these 10,000 keys; bounded, by about 7.
        let before = daemon.residentBytes
        let batch = Array(repeating: "a", count: 100)
        for _ in 0..<100 {
            _ = try typist.call(busName, context, contextInterface, "ProcessKeyNames") { $0.append(strings: batch) }
        }
        let after = daemon.residentBytes
        #expect(after < before + (16 << 20), "RSS grew from \(before >> 10) to \(after >> 10) KiB")
        #expect(try daemon.waitForNoPeers(), "the listener that stopped reading is still connected")
        #expect(daemon.daemon.waitForStderr(containing: "stopped reading"), "\(daemon.daemon.stderr)")
        var text = try typist.call(busName, context, contextInterface, "GetText").reader()
        #expect(try text.readString().utf8.count == 10_000)
        #expect(daemon.daemon.termination == nil)
    }

    /// Direct clients that come and go leave nothing behind.
    @Test func directClientChurnDoesNotLeak() throws {
        let daemon = try DirectDaemon()
        let figures = try daemon.measureChurn(cycles: 2000, warmUp: 300)
        #expect(
            figures.bytesPerCycle < 512,
            """
            RSS \(figures.warmBytes >> 10) → \(figures.finalBytes >> 10) KiB over \(figures.cycles) cycles \
            (\(Int(figures.bytesPerCycle)) B/cycle)
            """)
    }

    /// A client flooding its connection with key batches does not hold up another
    /// client's keys: several of them complete while the flood runs, each within
    /// 10× its idle median or a fifth of the flood's whole time, whichever is larger.
    @Test func floodingClientDoesNotStallAnother() throws {
        let daemon = try DirectDaemon()
        let flooder = try daemon.connect()
        defer { flooder.close() }
        let typist = try daemon.connect()
        defer { typist.close() }
        func newContext(_ connection: Connection) throws -> String {
            var reader = try connection.peerCall(servicePath, serviceInterface, "NewInputContext") {
                $0.append(strings: ["engine=direct", "notifications="])
            }.reader()
            return try reader.readObjectPath()
        }
        let flooded = try newContext(flooder)
        let typed = try newContext(typist)
        func roundTrip() throws -> Double {
            let start = monotonicSeconds()
            _ = try typist.peerCall(typed, contextInterface, "ProcessKeyNames") { $0.append(strings: ["x"]) }
            return monotonicSeconds() - start
        }
        for _ in 0..<10 { _ = try roundTrip() }
        let idle = median(try (0..<30).map { _ in try roundTrip() })

        let calls = 160
        let finished = FloodState()
        let flood: @Sendable () -> Void = { [flooder] in
            let batch = Array(repeating: "y", count: 50)
            for _ in 0..<calls {
                guard
                    let call = flooder.methodCall(
                        destination: nil, path: flooded, interface: contextInterface, member: "ProcessKeyNames")
                else { return }
                call.write { $0.append(strings: batch) }
                _ = try? flooder.send(call)
            }
            flooder.flush()
            var replies = 0
            while replies < calls, let message = flooder.nextMessage(timeoutMilliseconds: 30_000) {
                if message.kind == .methodReturn || message.kind == .error { replies += 1 }
            }
            finished.done.store(true, ordering: .releasing)
        }
        let floodStart = monotonicSeconds()
        let thread = try #require(PosixThread.spawn(flood))
        sleepSeconds(0.05)
        var underFlood = [Double]()
        while underFlood.count < 20 && !finished.done.load(ordering: .acquiring) {
            underFlood.append(try roundTrip())
        }
        let stillFlooding = !finished.done.load(ordering: .acquiring)
        thread.join()
        let floodSeconds = monotonicSeconds() - floodStart
        // Served in turn, the typist's calls interleave with the flood's: several
        // complete while it runs, each a small part of the flood's whole time.
        // Served in arrival order, the first would wait for the whole backlog.
        // Both bounds are relative, so a loaded machine slows both sides alike.
        try #require(underFlood.count >= 5, "the flood ended before the second client could measure")
        let bound = max(10 * idle, floodSeconds / 5)
        #expect(
            median(underFlood) <= bound,
            """
            median round trip under flood \(Int(median(underFlood) * 1e6)) µs, idle \(Int(idle * 1e6)) µs, \
            flood \(Int(floodSeconds * 1e6)) µs, bound \(Int(bound * 1e6)) µs \
            (\(underFlood.count) samples, flood still running: \(stillFlooding))
            """)
    }

    private func contextCount(_ running: RunningDaemon) throws -> Int {
        var reader = try BusClient(address: running.bus.address)
            .call(busName, servicePath, serviceInterface, "GetStatus").reader()
        guard case .uint32(let count)? = try reader.readVardict()["contexts"] else { return -1 }
        return Int(count)
    }
}

/// Whether the flooding thread has all its replies.
private final class FloodState: Sendable {
    let done = Atomic<Bool>(false)
}

private func monotonicSeconds() -> Double {
    Double(MonotonicClock.nanoseconds()) / 1e9
}

private func sleepSeconds(_ seconds: Double) {
    usleep(useconds_t(seconds * 1e6))
}

private func median(_ samples: [Double]) -> Double {
    Samples(samples).median
}
