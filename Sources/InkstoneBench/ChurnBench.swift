import ArgumentParser
import DBusKit
import Glibc
import InkstoneMeasure
import InkstoneTestSupport

/// The daemon's memory across direct (peer-to-peer) clients that come and go:
/// each cycle connects, creates a context, types a syllable and disconnects.
enum Churn {
    static func row(cycles: Int, executable: String) throws -> BenchRow {
        let daemon = try DirectDaemon(executable: executable)
        let figures = try daemon.measureChurn(cycles: cycles, warmUp: min(500, cycles))
        return BenchRow(
            name: "memory, direct client churn", unit: "B/cycle", median: figures.bytesPerCycle,
            baseline: .budget(512), goal: "≤ 512 B/cycle", met: figures.bytesPerCycle <= 512,
            note: "RSS \(figures.warmBytes >> 10) → \(figures.finalBytes >> 10) KiB over \(cycles) "
                + "connect/create/type/disconnect cycles")
    }
}

/// `inkstone-bench churn`.
struct ChurnBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "churn",
        abstract: "Daemon memory across direct clients that connect, create a context, type and disconnect.")

    @Option(help: "Cycles after the warm-up.") var cycles = 10_000
    @Option(help: "The inkstoned to measure (default: the one built next to this benchmark).")
    var daemon: String = builtProduct("inkstoned")
    @Flag(help: "1,000 cycles.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        BenchTable.print([try Churn.row(cycles: quick ? 1000 : cycles, executable: daemon)], json: json)
    }
}
