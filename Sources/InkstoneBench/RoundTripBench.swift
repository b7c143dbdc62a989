import ArgumentParser

/// Placeholder until this benchmark is written.
struct RoundTripBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "roundtrip")
    func run() throws { print("not written yet") }
}
