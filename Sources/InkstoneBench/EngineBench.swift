import ArgumentParser

/// Placeholder until this benchmark is written.
struct EngineBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "engine")
    func run() throws { print("not written yet") }
}
