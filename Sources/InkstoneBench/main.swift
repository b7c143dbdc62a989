import ArgumentParser

/// `inkstone-bench`: Inkstone's benchmarks. Every figure is a median (and p99)
/// with its ratio to a baseline measured in the same run.
struct InkstoneBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstone-bench",
        abstract: "Measure Inkstone: D-Bus round trips, buffer operations, engine work per key.",
        subcommands: [RoundTripBench.self, BufferBench.self, EngineBench.self, SegmentationBench.self, GeometryBench.self]
    )
}

InkstoneBenchCommand.main()
