import ArgumentParser

/// `inkstone-bench echo-service`: the raw libdbus echo service on its own, serving a bus
/// until killed, so a profiler can measure the baseline's own CPU per call
/// (`scripts/profile-keys.sh .build/release/inkstone-bench N Echo`).
struct EchoServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo-service",
        abstract: "Serve the raw libdbus echo baseline (\(RawEchoService.name)) on a bus until killed, for profiling.")

    @Option(help: "The bus address to serve on.") var address: String

    func run() throws {
        try RawEchoService(address: address).join()
    }
}
