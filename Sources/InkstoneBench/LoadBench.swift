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
        let results = LoadResults()
        let intervalNanoseconds = UInt64(1e9 * Double(plan.clients) / Double(plan.keysPerSecond))
        let start = MonotonicClock.nanoseconds()
        let end = start + UInt64(plan.seconds * 1e9)
        var threads: [PosixThread] = []
        for (offset, (client, contexts)) in clients.enumerated() {
            let first = start + intervalNanoseconds * UInt64(offset) / UInt64(plan.clients)
            guard
                let thread = PosixThread.spawn({
                    Self.type(
                        client: client, contexts: contexts, first: first, interval: intervalNanoseconds, end: end,
                        into: results)
                })
            else { throw ValidationError("no thread") }
            threads.append(thread)
        }
        for thread in threads { thread.join() }
        let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
        let (samples, errors) = results.state.withLock { ($0.samples, $0.errors) }
        let stats = LatencyStats(samples)
        let achieved = Double(samples.count + errors) / elapsed
        let ratio = stats.p99 / idle.p99
        return BenchRow(
            name: "load\(direct ? " p2p" : ""): \(plan.clients) clients × \(plan.contexts) ctx", unit: "µs",
            median: stats.median,
            p99: stats.p99, baseline: BenchBaseline("idle", median: idle.median, p99: idle.p99),
            goal: "p99 ≤ 2× idle, 0 errors",
            met: ratio <= 2 && errors == 0,
            note:
                "\(Int(achieved)) keys/s of \(plan.keysPerSecond) for \(format(elapsed)) s, \(errors) errors; from intended send; vs idle default context"
        )
    }

    private static func type(
        client: KeyClient, contexts: [String], first: UInt64, interval: UInt64, end: UInt64, into results: LoadResults
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
                // Latency from the intended send time: a key sent late (the
                // previous one was slow) counts its wait (no coordinated omission).
                let sent = MonotonicClock.nanoseconds()
                let roundTrip = try client.timeKey(contexts[turn % contexts.count], keysym: BenchKeys.latin[turn % 8])
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

/// `inkstone-bench load`: concurrent typing at a set rate; p99 against idle.
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
        BenchTable.print([try KeyLoad.row(on: bench, plan: plan, idle: idle, direct: direct)], json: json)
    }
}
