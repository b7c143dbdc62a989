import ArgumentParser
import DBusKit

/// `inkstone engines`: the daemon's composition engines.
struct EnginesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engines", abstract: "List the composition engines: one `ID<TAB>DESCRIPTION` line each.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try reportingErrors {
            let link = try connection.connect()
            var reader = try link.call(member: "ListEngines").reader()
            let engines = try reader.readArray { element in
                try element.readStruct { pair in (try pair.readString(), try pair.readString()) }
            }
            for (id, description) in engines { print("\(id)\t\(description)") }
        }
    }
}
