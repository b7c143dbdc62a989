import ArgumentParser
import DBusKit

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
            var reply = try link.call(member: "NewInputContext") { $0.append(strings: options) }.reader()
            let context = try reply.readObjectPath()
            // The reporting calls bring this context's events in their reply.
            var events: [DBusValue] = []
            if text {
                var reply = try link.call(path: context, interface: DaemonLink.contextInterface, member: "InsertTextReporting") {
                    $0.append(keys.joined(separator: " "))
                }.reader()
                events = try Self.reportedEvents(&reply, skipping: 2)
            } else if !keys.isEmpty {
                var reply = try link.call(
                    path: context, interface: DaemonLink.contextInterface, member: "ProcessKeyNamesReporting"
                ) { $0.append(strings: keys) }.reader()
                let flags = try reply.readArray { try $0.readBool() }
                unhandled = zip(keys, flags).filter { !$0.1 }.map(\.0)
                events = try Self.reportedEvents(&reply, skipping: 0)
            }
            var document = try link.call(path: context, interface: DaemonLink.contextInterface, member: "GetText")
                .reader()
            let finalText = try document.readString()
            for event in events {
                guard case .structure(let fields) = event, fields.count == 2, fields[0] == .string("Committed"),
                      case .array(_, let arguments) = fields[1], case .variant(.string(let commit))? = arguments.first
                else { continue }
                print("commit: \(commit)")
            }
            for key in unhandled { print("unhandled: \(key)") }
            print("text: \(finalText)")
            try link.call(path: context, interface: DaemonLink.contextInterface, member: "Destroy")
        }
        if !unhandled.isEmpty { throw ExitCode(ExitStatus.keysUnhandled) }
    }
}

extension TypeCommand {
    /// The `a(sav)` events of a reporting reply, after `plain` values not yet
    /// read and the revision.
    fileprivate static func reportedEvents(_ reply: inout MessageReader, skipping plain: Int) throws -> [DBusValue] {
        for _ in 0...plain { _ = try reply.readValue() }  // the plain values, then the revision
        guard case .array(_, let events) = try reply.readValue() else { return [] }
        return events
    }
}
