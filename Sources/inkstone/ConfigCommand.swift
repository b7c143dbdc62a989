import ArgumentParser
import InkstoneConfig

/// `inkstone config check|show`: the daemon's configuration file, read as the daemon reads it.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Check or show the daemon's configuration file (no daemon needed).",
        subcommands: [Check.self, Show.self])

    /// `config check [FILE]`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a configuration file: prints `FILE: ok`, or `FILE:LINE: problem` and exits 1.")

        @Argument(help: "The file (default: $XDG_CONFIG_HOME/inkstone/config.toml).")
        var file: String?

        func run() throws {
            let path = file ?? ConfigurationFile.defaultPath()
            do {
                let (_, source) = try ConfigurationFile.load(path: path, required: file != nil)
                print(source.isEmpty ? "\(path): no such file; the daemon uses the built-in defaults" : "\(path): ok")
            } catch {
                printError("inkstone: \(error)")
                throw ExitCode(ExitStatus.failure)
            }
        }
    }

    /// `config show [FILE]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the configuration a daemon would use, every key with its value, as TOML.",
            discussion: "With --defaults, the built-in defaults (a starting point for a new file).")

        @Argument(help: "The file (default: $XDG_CONFIG_HOME/inkstone/config.toml).")
        var file: String?

        @Flag(help: "Print the built-in defaults instead of reading a file.")
        var defaults = false

        func run() throws {
            if defaults {
                print(ConfigurationFile.render(Configuration()), terminator: "")
                return
            }
            let path = file ?? ConfigurationFile.defaultPath()
            do {
                let (configuration, source) = try ConfigurationFile.load(path: path, required: file != nil)
                print("# read from \(source.isEmpty ? "built-in defaults (\(path) does not exist)" : source)")
                print(ConfigurationFile.render(configuration), terminator: "")
            } catch {
                printError("inkstone: \(error)")
                throw ExitCode(ExitStatus.failure)
            }
        }
    }
}
