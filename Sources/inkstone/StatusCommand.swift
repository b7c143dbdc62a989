import ArgumentParser
import DBusKit
import InkstoneClient

/// `inkstone status`: the daemon's version, uptime, objects and memory.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "Show the daemon's version, uptime, contexts, documents (durable ones too), resident memory and transport.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        try reportingErrors {
            let link = try connection.connect()
            var status = try link.client.status().mapValues(\.unwrapped)
            status["transport"] = .string(link.isDirect ? "direct" : "bus")
            if json {
                print(ValueFormat.json(.vardict(status)))
                return
            }
            for key in status.keys.sorted() {
                print("\(key): \(Self.readable(key: key, status[key] ?? .string("")))")
            }
        }
    }

    private static func readable(key: String, _ value: DBusValue) -> String {
        switch (key, value) {
        case ("rss_bytes", .uint64(let bytes)):
            return "\(bytes) (\(bytes / 1024) KiB)"
        case ("uptime_seconds", .double(let seconds)):
            return "\(Int(seconds)) s"
        default:
            return ValueFormat.text(value)
        }
    }
}
