import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

/// exec → org.inkstone.Inkstone1 owned, seen as NameOwnerChanged by a watching client.
enum ColdStart {
    static func row(runs: Int) throws -> BenchRow {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let watcher = try Connection(address: bus.address)
        defer { watcher.close() }
        try watcher.addMatch(
            "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(InkstoneNames.busName)'")
        var samples: [UInt64] = []
        for _ in 0..<runs {
            let start = MonotonicClock.nanoseconds()
            let daemon = try DaemonProcess(
                executable: builtProduct("inkstoned"), arguments: ["--address", bus.address])
            var owned = false
            while !owned {
                guard let message = watcher.nextMessage(timeoutMilliseconds: 10_000) else {
                    throw ValidationError("inkstoned did not take its name: \(daemon.stderr)")
                }
                guard message.kind == .signal, message.member == "NameOwnerChanged" else { continue }
                var reader = message.reader()
                _ = try reader.readString()
                _ = try reader.readString()
                owned = !(try reader.readString()).isEmpty
            }
            samples.append(MonotonicClock.nanoseconds() - start)
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
            while let message = watcher.nextMessage(timeoutMilliseconds: 0) { _ = message }
        }
        let stats = LatencyStats(samples)
        return BenchRow(
            name: "cold start: exec → name owned", unit: "ms", median: stats.median / 1000, p99: stats.p99 / 1000,
            baseline: .budget(50), goal: "≤ 50 ms", met: stats.median <= 50_000,
            note: "\(runs) runs (goal on the median)")
    }
}

/// `inkstone-bench coldstart`.
struct ColdStartBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coldstart", abstract: "Time from exec of inkstoned until it owns its bus name.")

    @Flag(help: "Three runs.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        BenchTable.print([try ColdStart.row(runs: quick ? 3 : 20)], json: json)
    }
}
