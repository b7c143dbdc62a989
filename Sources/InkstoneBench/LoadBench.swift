import ArgumentParser
import DBusKit
import Glibc
import InkstoneMeasure
import Synchronization

/// N clients × M contexts typing concurrently at a set total rate.
enum KeyLoad {
    struct Plan {
        var clients: Int
        var contexts: Int
        var keysPerSecond: Int
        var seconds: Double

        static let standard = Plan(clients: 50, contexts: 1000, keysPerSecond: 10_000, seconds: 10)
        static let quick = Plan(clients: 4, contexts: 20, keysPerSecond: 400, seconds: 1)
    }

    /// Runs `plan` on `bench`; the row compares its p99 with `idle`'s, the round trips of one context with the
    /// same options and subscriptions as the load's contexts (a default context, engine direct) on an idle daemon.
    /// Each sample is taken from the key's intended send time, so a late key counts its wait.
    ///
    /// With `direct`, every client uses the daemon's peer-to-peer transport.
    static func row(on bench: BenchBus, plan: Plan, idle: LatencyStats, direct: Bool = false) throws -> BenchRow {
        let perClient = max(1, plan.contexts / plan.clients)
        var clients: [(KeyClient, [String])] = []
        for _ in 0..<plan.clients {
            let client = try KeyClient(busAddress: bench.bus.address, direct: direct)
            var contexts: [String] = []
            for _ in 0..<perClient { contexts.append(try client.createContext(["engine=direct"])) }
            clients.append((client, contexts))
        }
        let outcome = try drive(clients, plan: plan) { client, turn in
            let (typer, contexts) = client
            return try typer.timeKey(contexts[turn % contexts.count], keysym: BenchKeys.latin[turn % 8])
        }
        return outcome.row(
            name: "load\(direct ? " p2p" : ""): \(plan.clients) clients × \(plan.contexts) ctx", plan: plan,
            idle: idle, baselineName: "idle", note: "vs idle default context")
    }

    /// The load's floor: as many raw libdbus clients calling the echo service's `EchoSignal` (one signal
    /// to the caller, then the reply: a default context's messages) at the same rate through the same bus,
    /// against that call's idle round trip. What the bus and a one-thread service carry with no work.
    static func floorRow(on bench: BenchBus, plan: Plan, sizes: KeyLatency.Sizes) throws -> BenchRow {
        let clients = try (0..<plan.clients).map { _ in try RawClient(address: bench.bus.address) }
        let idle = try KeyLatency.interleavedWithEcho(on: bench, sizes: sizes) { _ in
            try clients[0].timeEcho(member: "EchoSignal")
        }.measured
        let outcome = try drive(clients, plan: plan) { client, _ in try client.timeEcho(member: "EchoSignal") }
        return outcome.row(
            name: "load floor: \(plan.clients) echo + signal clients", plan: plan, idle: idle,
            baselineName: "idle echo + signal", note: "raw libdbus echo service; vs its idle round trip")
    }

    /// What a load run measured.
    struct Outcome {
        var stats: LatencyStats
        var errors: Int
        var seconds: Double
        var achieved: Double

        /// The row: p99 against `idle`'s p99, the goal p99 ≤ 2× idle with no error.
        func row(name: String, plan: Plan, idle: LatencyStats, baselineName: String, note: String) -> BenchRow {
            BenchRow(
                name: name, unit: "µs", median: stats.median, p99: stats.p99,
                baseline: BenchBaseline(baselineName, median: idle.median, p99: idle.p99),
                goal: "p99 ≤ 2× idle, 0 errors",
                met: stats.p99 / idle.p99 <= 2 && errors == 0,
                note:
                    "\(Int(achieved)) calls/s of \(plan.keysPerSecond) for \(format(seconds)) s, \(errors) errors; from intended send; \(note)"
            )
        }
    }

    /// One thread per client, each calling `send(client, turn)` at its share of the plan's rate, its first
    /// call offset so that the clients' calls are spread evenly; `send` returns the round trip.
    private static func drive<Client: Sendable>(
        _ clients: [Client], plan: Plan, _ send: @escaping @Sendable (Client, Int) throws -> UInt64
    ) throws -> Outcome {
        let results = LoadResults()
        let intervalNanoseconds = UInt64(1e9 * Double(clients.count) / Double(plan.keysPerSecond))
        let start = MonotonicClock.nanoseconds()
        let end = start + UInt64(plan.seconds * 1e9)
        var threads: [PosixThread] = []
        for (offset, client) in clients.enumerated() {
            let first = start + intervalNanoseconds * UInt64(offset) / UInt64(clients.count)
            guard
                let thread = PosixThread.spawn({
                    Self.call(first: first, interval: intervalNanoseconds, end: end, into: results) {
                        try send(client, $0)
                    }
                })
            else { throw ValidationError("no thread") }
            threads.append(thread)
        }
        for thread in threads { thread.join() }
        let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
        let (samples, errors) = results.state.withLock { ($0.samples, $0.errors) }
        return Outcome(
            stats: LatencyStats(samples), errors: errors, seconds: elapsed,
            achieved: Double(samples.count + errors) / elapsed)
    }

    private static func call(
        first: UInt64, interval: UInt64, end: UInt64, into results: LoadResults, _ send: (Int) throws -> UInt64
    ) {
        var samples: [UInt64] = []
        var errors = 0
        var due = first
        var turn = 0
        while due < end {
            let now = MonotonicClock.nanoseconds()
            if due > now {
                var pause = timespec(tv_sec: Int(due - now) / 1_000_000_000, tv_nsec: Int(due - now) % 1_000_000_000)
                nanosleep(&pause, nil)
            }
            do {
                // Latency from the intended send time: a call sent late (the
                // previous one was slow) counts its wait (no coordinated omission).
                let sent = MonotonicClock.nanoseconds()
                let roundTrip = try send(turn)
                samples.append((sent > due ? sent - due : 0) + roundTrip)
            } catch {
                errors += 1
            }
            turn += 1
            due += interval
        }
        results.state.withLock { state in
            state.samples += samples
            state.errors += errors
        }
    }
}

/// Samples and errors gathered from every load thread.
final class LoadResults: Sendable {
    let state = Mutex<(samples: [UInt64], errors: Int)>(([], 0))
}

/// `inkstone-bench load`: concurrent typing at a set rate; p99 against idle (over the bus, also the
/// floor: raw echo clients at the same rate).
struct LoadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "N clients × M contexts typing at a set rate; p50/p99 vs. idle, errors.")

    @Option(help: "Clients (connections).") var clients = KeyLoad.Plan.standard.clients
    @Option(help: "Contexts in all.") var contexts = KeyLoad.Plan.standard.contexts
    @Option(help: "Keys per second in all.") var rate = KeyLoad.Plan.standard.keysPerSecond
    @Option(help: "Seconds.") var seconds = KeyLoad.Plan.standard.seconds
    @Flag(help: "Tiny numbers (4 clients, 20 contexts, 400 keys/s, 1 s).") var quick = false
    @Flag(help: "Clients use the direct peer-to-peer transport.") var direct = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let bench = try BenchBus()
        defer { bench.stop() }
        let sizes = KeyLatency.Sizes.of(quick: quick)
        let idle = try KeyLatency.roundTrip(on: bench, engine: "direct", direct: direct, sizes: sizes).keys
        let plan =
            quick
            ? KeyLoad.Plan.quick
            : KeyLoad.Plan(clients: clients, contexts: contexts, keysPerSecond: rate, seconds: seconds)
        var rows = [try KeyLoad.row(on: bench, plan: plan, idle: idle, direct: direct)]
        if !direct { rows.append(try KeyLoad.floorRow(on: bench, plan: plan, sizes: sizes)) }
        BenchTable.print(rows, json: json)
    }
}
