import ArgumentParser
import Glibc
import InkstoneFuzzing

/// `inkstone-soak`: random calls against a fresh `inkstoned` on a private bus.
@main
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstone-soak",
        abstract:
            "Makes random, type-correct calls to a fresh inkstoned over a private bus and its direct socket, checking invariants after every batch.",
        discussion:
            "Exits 0 when no invariant broke, 1 otherwise. The daemon is the inkstoned built beside this program.")

    @Option(help: "Calls to make.") var calls = 20_000
    @Option(help: "Stop after this many seconds even if calls remain.") var seconds = 600
    @Option(help: "Random seed (the same seed replays the same calls).") var seed: UInt64 = 1
    @Option(help: "Calls between two invariant checks.") var batch = 200
    @Option(help: "Comma-separated known defects not to trigger (p2p-geometry, selection-overflow).")
    var avoid = ""
    @Option(
        help: "Instead of random calls: this many connect/create/type/disconnect cycles, reporting the daemon's memory."
    )
    var cycles: Int?

    func run() throws {
        if let cycles {
            let memory = try Soak.measureCycles(cycles, daemonPath: SoakConfiguration().daemonPath)
            printNow(
                "cycles: \(cycles); daemon memory \(memory.start) KiB after start-up, \(memory.warm) KiB after 100 cycles, \(memory.end) KiB at the end"
            )
            return
        }
        var configuration = SoakConfiguration()
        configuration.calls = calls
        configuration.seconds = seconds
        configuration.seed = seed
        configuration.batch = batch
        configuration.avoid = Set(avoid.split(separator: ",").map(String.init))
        let report = try Soak(configuration, log: printNow).run()
        printNow(report.summary)
        if !report.violations.isEmpty { throw ExitCode(1) }
    }
}

/// Prints a line at once (progress of a long run), unbuffered.
func printNow(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}
