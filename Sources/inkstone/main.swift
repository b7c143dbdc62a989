import ArgumentParser
import Glibc
import InkstoneService
import InkstoneText

/// `inkstone`: a command-line client of the Inkstone daemon.
struct InkstoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstone",
        abstract: "Talk to the Inkstone daemon: type keys, watch notifications, list engines, show its status.",
        discussion: """
            By default the client asks the daemon on the bus for its direct transport \
            (GetPeerAddress) and talks to it peer to peer; --via-bus keeps every call on the bus.

            \(ExitStatus.documentation)
            """,
        version: InkstoneVersion.current,
        subcommands: [
            TypeCommand.self, MonitorCommand.self, EnginesCommand.self, StatusCommand.self, ConfigCommand.self,
            DictCommand.self,
        ]
    )

    /// Runs the command line: a mistyped subcommand gets a suggestion, usage errors exit 2.
    static func runCommandLine(_ arguments: [String]) -> Never {
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) {
            printError(
                "inkstone: unknown command '\(first)'\(Suggestion.didYouMean(first, in: names)); "
                    + "commands: \(names.joined(separator: ", "))")
            Glibc.exit(ExitStatus.usage)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(ExitStatus.success)
        } catch {
            let code = exitCode(for: error)
            if code.rawValue == ExitCode.validationFailure.rawValue {
                printError(fullMessage(for: error))
                Glibc.exit(ExitStatus.usage)
            }
            self.exit(withError: error)
        }
    }
}

InkstoneCommand.runCommandLine(Array(CommandLine.arguments.dropFirst()))
