import ArgumentParser
import DBusKit
import InkstoneMeasure

/// Key latency against the echo baseline: round trips (bus and direct) and key → signal.
enum KeyLatency {
    /// Samples per figure (after `warmup`).
    struct Sizes {
        var samples: Int
        var warmup: Int

        static func of(quick: Bool) -> Sizes {
            quick ? Sizes(samples: 200, warmup: 20) : Sizes(samples: 10_000, warmup: 500)
        }
    }

    /// Every key-latency row: the echo baseline, round trips per engine over the bus (a default context
    /// reading its own `Notifications` signal, per-event signals, events in the reply), key → signal on another
    /// view, and the direct peer-to-peer transport; beside them their floors: the echo service sending one
    /// signal to the caller or to another client, and a call through the daemon's loop that does no work
    /// (over the bus and peer to peer).
    ///
    /// Also returns the idle round trips of a default direct-engine context, over the bus and peer to peer
    /// (the load baselines: the same context options and subscriptions as the load's contexts).
    static func rows(
        on bench: BenchBus, sizes: Sizes
    ) throws -> (rows: [BenchRow], idleBus: LatencyStats, idleDirect: LatencyStats) {
        var rows: [BenchRow] = []
        var idle = LatencyStats([])
        for engine in ["direct", "hangul"] {
            let (echo, keys) = try roundTrip(on: bench, engine: engine, direct: false, sizes: sizes)
            if engine == "direct" {
                rows.append(BenchRow.latency("baseline: raw libdbus echo", echo, baseline: echo, limit: nil))
                idle = keys
            }
            rows.append(
                .latency(
                    "key, bus, \(engine), default context", keys, baseline: echo, limit: 1.1,
                    note: "ProcessKeyEvent; the caller reads its Notifications signal"))
        }
        let floors = try RawClient(address: bench.bus.address)
        rows.append(
            try floor(
                "floor: echo + one signal to the caller", on: bench, sizes: sizes,
                note: "informational: the echo service sends the caller a signal before its reply"
            ) { _ in try floors.timeEcho(member: "EchoSignal") })
        for engine in ["direct", "hangul"] {
            let (echo, keys) = try libdbusRoundTrip(on: bench, engine: engine, sizes: sizes)
            rows.append(
                .latency(
                    "key, bus, \(engine), default context, libdbus client", keys, baseline: echo, limit: nil,
                    note: "informational: the row above from a raw libdbus client, the echo's own library"))
        }
        for engine in ["direct", "hangul"] {
            let (echo, reporting) = try roundTrip(
                on: bench, engine: engine, direct: false, sizes: sizes, member: "ProcessKeyEventReporting")
            rows.append(
                .latency(
                    "key, bus, \(engine), events in reply", reporting, baseline: echo, limit: 1.0,
                    note: "ProcessKeyEventReporting: no signal to the caller"))
        }
        rows.append(
            try floor(
                "floor: inkstoned GetVersion", on: bench, sizes: sizes,
                note: "informational: a call through the daemon's loop that does no work"
            ) { _ in try floors.timeGetVersion() })
        for engine in ["direct", "hangul"] {
            let (echo, keys) = try roundTrip(
                on: bench, engine: engine, direct: false, sizes: sizes, options: ["coalesce=false"])
            rows.append(
                .latency(
                    "key, bus, \(engine), coalesce=false", keys, baseline: echo, limit: nil,
                    note: "informational: one signal per notification to the caller"))
        }
        let (batchEcho, batch) = try batchRoundTrip(on: bench, keysPerCall: 50, sizes: sizes)
        rows.append(
            .latency(
                "key batch (50/call), bus, per key", batch, baseline: batchEcho, limit: nil,
                note: "informational: ProcessKeyNamesReporting"))
        for engine in ["direct", "hangul"] {
            let observer = try KeyClient(busAddress: bench.bus.address)
            let (echo, signal) = try keyToSignal(on: bench, engine: engine, sizes: sizes, observer: observer)
            rows.append(
                .latency(
                    "key → other view's signal, bus, \(engine)", signal, baseline: echo, limit: 1.15,
                    note: "its Notifications signal, typist reporting"))
        }
        let rawObserver = try RawClient(address: bench.bus.address)
        let (rawEcho, rawSignal) = try keyToSignal(on: bench, engine: "direct", sizes: sizes, observer: rawObserver)
        rows.append(
            .latency(
                "key → other view's signal, direct, libdbus view", rawSignal, baseline: rawEcho, limit: nil,
                note: "informational: the row above watched by a raw libdbus client, as its floor is"))
        let listener = try RawClient(address: bench.bus.address)
        rows.append(
            try floor(
                "floor: echo + one signal to another client", on: bench, sizes: sizes,
                note: "informational: from the call until another connection has the echo service's signal"
            ) { _ in try floors.timeSignal(to: listener) })
        let (echo, direct) = try roundTrip(
            on: bench, engine: "direct", direct: true, sizes: sizes, member: "ProcessKeyEventReporting")
        rows.append(
            .latency(
                "key, direct p2p, events in reply", direct, baseline: echo, limit: 0.5,
                note: "ProcessKeyEventReporting; vs echo via the bus"))
        let (defaultEcho, defaultDirect) = try roundTrip(on: bench, engine: "direct", direct: true, sizes: sizes)
        rows.append(
            .latency(
                "key, direct p2p, default context", defaultDirect, baseline: defaultEcho, limit: nil,
                note: "informational: ProcessKeyEvent + Notifications; vs echo via the bus"))
        let peer = try KeyClient(busAddress: bench.bus.address, direct: true)
        rows.append(
            try floor(
                "floor: inkstoned GetVersion, direct p2p", on: bench, sizes: sizes,
                note: "informational: a call that does no work, peer to peer; vs echo via the bus"
            ) { _ in
                let start = MonotonicClock.nanoseconds()
                try peer.callService("GetVersion")
                return MonotonicClock.nanoseconds() - start
            })
        return (rows, idle, defaultDirect)
    }

    /// Key round trips interleaved with echo round trips: a context created with `engine` and `options`
    /// (default subscriptions: its own changes come as one `Notifications` signal before the reply, which the
    /// timed call reads), `member` "ProcessKeyEventReporting" for the events in the reply.
    static func roundTrip(
        on bench: BenchBus, engine: String, direct: Bool, sizes: Sizes, member: String = "ProcessKeyEvent",
        options: [String] = []
    ) throws -> (echo: LatencyStats, keys: LatencyStats) {
        let typer = try KeyClient(busAddress: bench.bus.address, direct: direct)
        let context = try typer.createContext(["engine=\(engine)"] + options)
        let keys = engine == "hangul" ? BenchKeys.hangul : BenchKeys.latin
        let (echo, timed) = try interleavedWithEcho(on: bench, sizes: sizes) { round in
            try typer.timeKey(context, keysym: keys[round % keys.count], member: member)
        }
        try typer.callContext(context, "Destroy")
        return (echo, timed)
    }

    /// The default-context round trip of ``roundTrip(on:engine:direct:sizes:member:options:)``, typed by
    /// a raw libdbus client like the echo's, so that no difference between client libraries is in the ratio.
    static func libdbusRoundTrip(
        on bench: BenchBus, engine: String, sizes: Sizes
    ) throws -> (echo: LatencyStats, keys: LatencyStats) {
        let typer = try RawClient(address: bench.bus.address)
        let context = try typer.newInputContext(options: ["engine=\(engine)"])
        let keys = engine == "hangul" ? BenchKeys.hangul : BenchKeys.latin
        let (echo, timed) = try interleavedWithEcho(on: bench, sizes: sizes) { round in
            try typer.timeKey(context: context, keysym: keys[round % keys.count])
        }
        return (echo, timed)
    }

    /// An informational row: `measure` interleaved with the echo, as the rows it is the floor of.
    static func floor(
        _ name: String, on bench: BenchBus, sizes: Sizes, note: String, _ measure: (Int) throws -> UInt64
    ) throws -> BenchRow {
        let (echo, measured) = try interleavedWithEcho(on: bench, sizes: sizes, measure)
        return .latency(name, measured, baseline: echo, limit: nil, note: note)
    }

    /// `measure(round)` for every round, each after one echo round trip; the samples of
    /// both after the warm-up.
    static func interleavedWithEcho(
        on bench: BenchBus, sizes: Sizes, _ measure: (Int) throws -> UInt64
    ) throws -> (echo: LatencyStats, measured: LatencyStats) {
        try interleavedWithEchoes([bench.echoClient], sizes: sizes) { _, round in try measure(round) }[0]
    }

    /// Several servers sampled in one loop, each against the echo on its own bus: every round
    /// takes, for each server in turn, one round trip of its echo (`echoes[server]`) and then
    /// `measure(server, round)`; the server that goes first turns from round to round, so that
    /// none is always first. The samples of each server and its echo after the warm-up.
    static func interleavedWithEchoes(
        _ echoes: [RawClient], sizes: Sizes, _ measure: (_ server: Int, _ round: Int) throws -> UInt64
    ) throws -> [(echo: LatencyStats, measured: LatencyStats)] {
        var echoSamples = [[UInt64]](repeating: [], count: echoes.count)
        var samples = echoSamples
        for round in 0..<(sizes.warmup + sizes.samples) {
            for turn in echoes.indices {
                let server = (round + turn) % echoes.count
                let echoTime = try echoes[server].timeEcho()
                let sample = try measure(server, round)
                guard round >= sizes.warmup else { continue }
                echoSamples[server].append(echoTime)
                samples[server].append(sample)
            }
        }
        return echoes.indices.map { (LatencyStats(echoSamples[$0]), LatencyStats(samples[$0])) }
    }

    /// `ProcessKeyNamesReporting` with `keysPerCall` keys per call, with an observing view; samples are per key.
    static func batchRoundTrip(
        on bench: BenchBus, keysPerCall: Int, sizes: Sizes
    ) throws -> (echo: LatencyStats, perKey: LatencyStats) {
        let typer = try KeyClient(busAddress: bench.bus.address)
        let observer = try KeyClient(busAddress: bench.bus.address)
        let (document, context) = try typer.createSharedDocument(
            with: observer.uniqueName ?? "", options: ["engine=direct", "notifications="])
        _ = try observer.createContext(["engine=direct", "document=\(document)", "notifications=text+marked"])
        let drain = SignalDrain(client: observer)
        drain.start()
        defer { _ = drain.stop() }
        let names = (0..<keysPerCall).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
        let calls = max(10, sizes.samples / keysPerCall)
        var echoSamples: [UInt64] = []
        var perKeySamples: [UInt64] = []
        for round in 0..<(calls + 2) {
            let echoTime = try bench.echoClient.timeEcho()
            let start = MonotonicClock.nanoseconds()
            try typer.callContext(context, "ProcessKeyNamesReporting") { $0.append(strings: names) }
            let elapsed = MonotonicClock.nanoseconds() - start
            typer.drain()
            guard round >= 2 else { continue }
            echoSamples.append(echoTime)
            perKeySamples.append(elapsed / UInt64(keysPerCall))
        }
        try typer.callContext(context, "Destroy")
        return (LatencyStats(echoSamples), LatencyStats(perKeySamples))
    }

    /// Time from sending a key to the observing view (default options) receiving its `Notifications` signal;
    /// `observer` is the client that watches (a ``KeyClient`` or a raw libdbus ``RawClient``).
    static func keyToSignal(on bench: BenchBus, engine: String, sizes: Sizes, observer: some ViewObserver) throws -> (
        echo: LatencyStats, signal: LatencyStats
    ) {
        let typer = try KeyClient(busAddress: bench.bus.address)
        let (document, context) = try typer.createSharedDocument(
            with: observer.observerName, options: ["engine=\(engine)"])
        let view = try observer.openView(of: document)
        let keys = engine == "hangul" ? BenchKeys.hangul : BenchKeys.latin
        let (echo, signal) = try interleavedWithEcho(on: bench, sizes: sizes) { round in
            let message = try typer.keyMessage(
                context, keysym: keys[round % keys.count], member: "ProcessKeyEventReporting")
            let start = MonotonicClock.nanoseconds()
            try typer.connection.send(message)
            typer.connection.flush()
            try observer.waitForNotifications(at: view)
            let signalTime = MonotonicClock.nanoseconds() - start
            try waitForReply(typer)
            try observer.settle()
            return signalTime
        }
        return (echo, signal)
    }

    private static func waitForReply(_ client: KeyClient) throws {
        while true {
            guard let message = client.connection.nextMessage(timeoutMilliseconds: 5000) else {
                throw ValidationError("no reply to ProcessKeyEvent")
            }
            if message.kind == .methodReturn { return }
            if message.kind == .error { try message.throwIfError() }
        }
    }
}

/// `inkstone-bench keys`: key round trips and key → signal against the echo baseline.
struct KeysBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Key round trips (bus, direct p2p) and key → signal latency vs. a raw libdbus echo.")

    @Flag(help: "A short smoke run.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let bench = try BenchBus()
        defer { bench.stop() }
        BenchTable.print(try KeyLatency.rows(on: bench, sizes: .of(quick: quick)).rows, json: json)
    }
}
