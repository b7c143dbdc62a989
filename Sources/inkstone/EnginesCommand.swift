import ArgumentParser
import DBusKit

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
            var reader = try link.call(member: "ListEngines").reader()
            let engines = try reader.readArray { element in
                try element.readStruct { pair in (try pair.readString(), try pair.readString()) }
            }
            for (id, description) in engines { print("\(id)\t\(description)") }
            guard all else { return }
            var missing = try link.call(member: "ListUnavailableEngines").reader()
            let unavailable = try missing.readArray { element in
                try element.readStruct { pair in (try pair.readString(), try pair.readString()) }
            }
            for (id, reason) in unavailable { print("\(id)\tunavailable: \(reason)") }
        }
    }
}
