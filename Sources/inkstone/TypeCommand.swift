import ArgumentParser
import DBusKit
import InkstoneClient

/// `inkstone type`: creates a context, sends keys (or text), prints each commit and the final text.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type keys into a new input context and print what they commit.",
        discussion: """
            Keys are named as ProcessKeyNames takes them (a, shift+a, space, BackSpace, Return, \
            Hangul, ...); with --text the arguments are inserted as text instead. Output: one line \
            `commit: TEXT` per Committed event, in order, then `unhandled: KEY` for each key the \
            engine did not act on (an application would handle it itself), then `text: TEXT`, the \
            context's whole document, with no quoting (a trailing space stays). Exits 3 when a key \
            was unhandled. \
            Example: `inkstone type --engine hangul g k s r m f space` prints `text: 한글 `.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Composition engine (see `inkstone engines`).")
    var engine: String?

    @Option(help: "Offset unit of the context: utf16, utf8, scalars or graphemes.")
    var unit: String?

    @Flag(help: "Insert the arguments as text (joined by spaces) instead of sending key names.")
    var text = false

    @Argument(help: "Key names, or text with --text.")
    var keys: [String] = []

    func run() throws {
        var unhandled: [String] = []
        try reportingErrors {
            let link = try connection.connect()
            var options = ["notifications="]
            if let engine { options.append("engine=\(engine)") }
            if let unit { options.append("unit=\(unit)") }
            let context = try link.client.newContext(options)
            // The reporting calls bring this context's events in their reply.
            var events: [ContextEvent] = []
            if text {
                events = try context.insertTextReporting(keys.joined(separator: " ")).1.events
            } else if !keys.isEmpty {
                let (flags, report) = try context.processKeyNamesReporting(keys)
                unhandled = zip(keys, flags).filter { !$0.1 }.map(\.0)
                events = report.events
            }
            let finalText = try context.text().text
            for event in events {
                guard event.member == "Committed", case .string(let commit)? = event.arguments.first else { continue }
                print("commit: \(commit)")
            }
            for key in unhandled { print("unhandled: \(key)") }
            print("text: \(finalText)")
            try context.destroy()
        }
        if !unhandled.isEmpty { throw ExitCode(ExitStatus.keysUnhandled) }
    }
}
