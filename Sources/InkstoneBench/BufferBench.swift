import ArgumentParser

/// Placeholder until this benchmark is written.
struct BufferBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "buffer")
    func run() throws { print("not written yet") }
}
