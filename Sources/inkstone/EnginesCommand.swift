import ArgumentParser
import DBusKit
import InkstoneClient

/// `inkstone engines`: the daemon's composition engines.
struct EnginesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engines",
        abstract: "List the composition engines: one `ID<TAB>DESCRIPTION` line each, the default first.",
        discussion: "With --all, engines whose data is missing follow as `ID<TAB>unavailable: REASON`.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Also list the engines the daemon cannot offer, with the reason.")
    var all = false

    func run() throws {
        try reportingErrors {
            let link = try connection.connect()
            for (id, description) in try link.client.engines() { print("\(id)\t\(description)") }
            guard all else { return }
            for (id, reason) in try link.client.unavailableEngines() { print("\(id)\tunavailable: \(reason)") }
        }
    }
}
