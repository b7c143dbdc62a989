import ArgumentParser

/// `inkstone-bench`: Inkstone's benchmarks. Every figure is a median (and p99)
/// with its ratio to a baseline measured in the same run.
struct InkstoneBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstone-bench",
        abstract: "Measure Inkstone: key latency, load, scaling, memory, cold start, engines (`all` runs the suite).",
        subcommands: [
            AllBench.self, KeysBench.self, LoadBench.self, ScalingBench.self, ColdStartBench.self,
            RoundTripBench.self, BufferBench.self, EngineBench.self, SegmentationBench.self, GeometryBench.self,
            ServiceBench.self, ProtocolBench.self,
            ChurnBench.self, TableBench.self, JapaneseBench.self, PinyinBench.self, EmojiBench.self, CompatBench.self,
            AttributeBench.self, EchoServiceCommand.self, DurableBench.self,
        ]
    )
}

InkstoneBenchCommand.main()
