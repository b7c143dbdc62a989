import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient

/// `inkstone monitor`: prints a context's notifications as they arrive.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print an input context's notifications (text, selection, marked text, candidates, ...).",
        discussion: """
            Signals are unicast to one listener per context, so monitoring means becoming it: \
            for an existing CONTEXT (a number or an object path) the monitor calls its \
            Subscribe(kinds) and receives its signals from then on. Only contexts created with \
            persist=true may be subscribed to by another client, and the previous listener stops \
            receiving signals. For a DOCUMENT path (…/document/N) the monitor attaches a new context \
            of its own to the document and prints what that observing view is told; the document \
            must be shared with the monitor's caller: run it --via-bus and it prints the unique bus \
            name to share with (Document1.Share), then waits until its creator has done so. With no argument it creates a persistent \
            context, prints its path and monitors it, so other programs (dbus-send) can type into it.

            Output: one line per signal, `MEMBER name=value …` (strings quoted), or with --json one \
            object per line: {"path": …, "interface": …, "member": …, "args": {…}}.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "A context (N or its path) or a document path; none: a new persistent context.")
    var target: String?

    @Option(help: "Notification kinds to subscribe to, joined by + (default all).")
    var kinds = "text+selection+marked+commit+edits+properties+candidates+geometry"

    @Flag(help: "Print one JSON object per line.")
    var json = false

    @Option(help: "Exit after this many signals.")
    var count: Int?

    @Option(help: "Exit after this many seconds without a signal.")
    var idleTimeout: Double?

    func run() throws {
        try reportingErrors {
            let link = try connection.connect()
            let context = try watchedContext(link)
            let caller = link.isDirect ? "direct" : "via the bus as \(link.client.uniqueName ?? "?")"
            printError("monitoring \(context) (\(caller))")
            var printed = 0
            let wait: Duration = idleTimeout.map { .milliseconds(Int($0 * 1000)) } ?? .seconds(3600)
            while count.map({ printed < $0 }) ?? true {
                guard let signal = link.client.nextSignal(timeout: wait) else {
                    if !link.client.isConnected { throw ClientError.daemonLeft }
                    if idleTimeout != nil { return }
                    continue
                }
                guard signal.path == context else { continue }
                for line in SignalLine.lines(of: signal) where count.map({ printed < $0 }) ?? true {
                    print(line.render(json: json))
                    fflush(nil)
                    printed += 1
                }
            }
        }
    }

    /// Subscribes to the target context, or makes one (on a document, or persistent).
    private func watchedContext(_ link: DaemonLink) throws -> String {
        let kindList = kinds.split(separator: "+").map(String.init)
        guard let target else {
            let path = try link.client.newContext(["persist=true", "notifications=" + kinds]).path
            print(path)
            fflush(nil)
            return path
        }
        let path = DaemonLink.objectPath(target)
        if path.contains("/document/") {
            return try attachView(to: path, kinds: kindList, link: link)
        }
        try link.client.context(at: path).subscribe(kindList)
        return path
    }
}

extension MonitorCommand {
    /// A new context of this client on `document`; while the document is not shared with
    /// this client yet, says with which name it must be shared and retries.
    fileprivate func attachView(to document: String, kinds: [String], link: DaemonLink) throws -> String {
        var announced = false
        while true {
            do throws(InkstoneClientError) {
                return try link.client.document(at: document).createContext(InputContextOptions(notifications: kinds))
                    .path
            } catch {
                guard error.inkstoneName == "AccessDenied", let name = link.client.uniqueName else { throw error }
                if !announced {
                    printError("waiting until \(document) is shared with \(name) (Document1.Share)")
                    announced = true
                }
                usleep(200_000)
            }
        }
    }
}

/// One received notification with its argument names: a signal, or one
/// entry of a `Notifications` signal (printed as the signal it stands for).
struct SignalLine {
    let signal: InkstoneSignal
    let member: String
    let values: [DBusValue]

    /// The lines of a signal: one, or one per entry of a `Notifications` signal.
    static func lines(of signal: InkstoneSignal) -> [SignalLine] {
        signal.events.map { SignalLine(signal: signal, member: $0.member, values: $0.arguments) }
    }

    /// Argument names of the contract's signals (others are arg0, arg1, …).
    static let argumentNames: [String: [String]] = [
        "TextWillChange": ["revision"],
        "TextDidChange": ["revision", "start", "old_length", "new_length", "cause"],
        "SelectionWillChange": [],
        "SelectionDidChange": ["start", "length"],
        "MarkedTextChanged": ["text", "sel_start", "sel_length"],
        "Committed": ["text"],
        "EditApplied": ["ticket", "revision"],
        "EditFailed": ["ticket", "error_name", "message"],
        "CandidatesChanged": ["items", "cursor", "page", "has_prev", "has_next"],
        "PropertiesChanged": ["interface_name", "changed_properties", "invalidated_properties"],
    ]

    func render(json: Bool) -> String {
        let names =
            signal.isNotifications && member == "PropertiesChanged"
            ? ["changed_properties"] : Self.argumentNames[member] ?? []
        let pairs = values.enumerated().map { offset, value in
            (offset < names.count ? names[offset] : "arg\(offset)", value)
        }
        if json {
            let args = pairs.map { "\(ValueFormat.quoted($0.0)): \(ValueFormat.json($0.1))" }.joined(separator: ", ")
            return """
                {"path": \(ValueFormat.quoted(signal.path)), "interface": \
                \(ValueFormat.quoted(signal.interface)), "member": \(ValueFormat.quoted(member)), \
                "args": {\(args)}}
                """
        }
        let rendered = pairs.map { name, value in
            if case .string(let string) = value { return "\(name)=\(ValueFormat.quoted(string))" }
            return "\(name)=\(ValueFormat.text(value))"
        }
        return ([member] + rendered).joined(separator: " ")
    }
}
