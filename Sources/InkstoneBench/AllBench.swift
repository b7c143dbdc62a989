import ArgumentParser
import InkstoneMeasure

/// `inkstone-bench all`: every Inkstone benchmark in sequence, one table.
struct AllBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Echo baseline, key round trips, key → signal, load, scaling, memory, cold start, direct transport.")

    @Flag(help: "A smoke run with tiny numbers.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        var rows: [BenchRow] = []
        do {
            let bench = try BenchBus()
            defer { bench.stop() }
            let (keyRows, idleBus, idleDirect) = try KeyLatency.rows(on: bench, sizes: .of(quick: quick))
            rows += keyRows
            rows.append(try KeyLoad.row(on: bench, plan: quick ? .quick : .standard, idle: idleBus))
            rows.append(try KeyLoad.row(on: bench, plan: quick ? .quick : .standard, idle: idleDirect, direct: true))
            rows.append(try KeyLoad.floorRow(on: bench, plan: quick ? .quick : .standard, sizes: .of(quick: quick)))
        }
        do {
            let bench = try BenchBus(daemonArguments: DocumentScaling.daemonArguments)
            defer { bench.stop() }
            rows += try DocumentScaling.rows(
                on: bench, sizes: ScalingSizes.of(quick: quick), samples: quick ? 50 : 2000)
        }
        rows.append(try ContextMemory.row(count: quick ? 50 : 1000))
        rows.append(try ColdStart.row(runs: quick ? 3 : 20))
        BenchTable.print(rows, json: json)
    }
}
