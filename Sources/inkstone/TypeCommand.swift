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
            `commit: TEXT` per Committed signal, in order, then `unhandled: KEY` for each key the \
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
            var options = ["notifications=commit+text"]
            if let engine { options.append("engine=\(engine)") }
            if let unit { options.append("unit=\(unit)") }
            var reply = try link.call(member: "NewInputContext") { $0.append(strings: options) }.reader()
            let context = try reply.readObjectPath()
            if text {
                try link.call(path: context, interface: DaemonLink.contextInterface, member: "InsertText") {
                    $0.append(keys.joined(separator: " "))
                }
            } else if !keys.isEmpty {
                var handled = try link.call(path: context, interface: DaemonLink.contextInterface, member: "ProcessKeyNames") {
                    $0.append(strings: keys)
                }.reader()
                let flags = try handled.readArray { try $0.readBool() }
                unhandled = zip(keys, flags).filter { !$0.1 }.map(\.0)
            }
            var document = try link.call(path: context, interface: DaemonLink.contextInterface, member: "GetText")
                .reader()
            let finalText = try document.readString()
            // Every signal sent before GetText's reply is queued by now, in order.
            while let message = link.connection.nextMessage(timeoutMilliseconds: 0) {
                guard message.kind == .signal, message.path == context, message.member == "Committed" else { continue }
                var signal = message.reader()
                print("commit: \(try signal.readString())")
            }
            for key in unhandled { print("unhandled: \(key)") }
            print("text: \(finalText)")
            try link.call(path: context, interface: DaemonLink.contextInterface, member: "Destroy")
        }
        if !unhandled.isEmpty { throw ExitCode(ExitStatus.keysUnhandled) }
    }
}
