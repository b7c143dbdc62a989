import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure

extension Soak {
    static let geometryMethods: Set<String> = [
        "SetWindowGeometry", "SetCellGrid", "SetGeometryProvider", "SetLineFragments",
    ]

    /// Whether a call would reach a defect listed in ``SoakConfiguration/avoid``.
    func avoids(_ member: String, _ values: [DBusValue], client: SoakClient, path: String) -> Bool {
        let avoid = configuration.avoid
        if avoid.contains("p2p-geometry"), Self.geometryMethods.contains(member),
            client.isPeer || persistent.contains(path)
        {
            return true
        }
        if avoid.contains("selection-overflow"), member == "SetSelectedRange", values.count == 2,
            let start = values[0].int64Value, let length = values[1].int64Value,
            start.addingReportingOverflow(length).overflow
        {
            return true
        }
        return false
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int { MonotonicClock.milliseconds() }

    /// An object for `client` to call and the methods it has.
    func target(for client: SoakClient) -> (String, [ContractMethod]) {
        let contexts = client.contexts + persistent
        switch arguments.random.next(below: 20) {
        case 0..<3: return (Self.servicePath, Self.serviceMethods)
        case 3 where !client.documents.isEmpty: return (arguments.pick(client.documents), Self.documentMethods)
        case 4:
            return (
                arguments.pick([
                    InkstoneNames.contextPathPrefix + "999999", InkstoneNames.servicePath + "/document/0", "/",
                ]),
                Self.contextMethods
            )
        case 5 where !clients.isEmpty:
            // Someone else's context: AccessDenied unless persistent.
            let other = arguments.pick(clients)
            if let path = other.contexts.first { return (path, Self.contextMethods) }
            fallthrough
        default:
            guard !contexts.isEmpty else { return (Self.servicePath, Self.serviceMethods) }
            return (arguments.pick(contexts), Self.contextMethods)
        }
    }

    /// Records what a successful call created or destroyed, and checks error names.
    func handle(_ outcome: SoakClient.Outcome, of method: ContractMethod, on path: String, by client: SoakClient) throws
    {
        switch outcome {
        case .reply(let reply):
            switch method.name {
            case "CreateInputContext", "NewInputContext", "CreateDocument":
                var reader = reply.reader()
                guard let created = try? reader.readObjectPath() else { return }
                if method.name == "CreateDocument" {
                    client.documents.append(created)
                } else if method.name == "NewInputContext" {
                    persistent.append(created)
                } else {
                    client.contexts.append(created)
                }
            case "Destroy":
                client.contexts.removeAll { $0 == path }
                persistent.removeAll { $0 == path }
            default: break
            }
        case .error(let name, let message):
            report.errors[name, default: 0] += 1
            if name.hasSuffix(".UnknownObject") {
                client.contexts.removeAll { $0 == path }
                persistent.removeAll { $0 == path }
            }
            try checkError(name: name, message: message, client: client)
        }
    }

    func checkError(name: String, message: String, client: SoakClient) throws {
        let parts = name.split(separator: ".")
        let short = parts.last.map(String.init) ?? ""
        let prefix = parts.dropLast().joined(separator: ".")
        let named =
            (prefix + "." == InkstoneNames.errorPrefix && Self.inkstoneErrors.contains(short))
            || (prefix == "org.freedesktop.DBus.Error" && Self.standardErrors.contains(short))
        if named, !message.isEmpty { return }
        // A connection error may mean the daemon is going down: give it time to finish dying.
        if let session, let ended = session.daemon.waitForExit(timeout: .seconds(10)) {
            violation(
                "the daemon died (\(ended)) during this call; its last words:\n\(Self.lastWords(session.daemon.stderr))"
            )
            try restart()
            return
        }
        if !client.connection.isConnected {
            violation("the daemon dropped a \(client.kind) connection (\(name): \(message))")
            if let index = clients.firstIndex(where: { $0 === client }) { disconnect(index) }
            return
        }
        violation("an error that is not a named one: \(name): \(message.debugDescription)")
    }

    /// The lines of a crash report that say what happened (not the register dump).
    static func lastWords(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n").filter {
            let line = $0.lowercased()
            return line.contains("fatal error") || line.contains("crash") || line.contains("runtime failure")
                || line.contains(" at /") || line.contains("error") || line.contains("abort")
        }
        return lines.prefix(12).joined(separator: "\n")
    }

    func remember(_ line: String) {
        recent.append(line)
        if recent.count > 24 { recent.removeFirst(recent.count - 24) }
    }

    func violation(_ what: String) {
        let entry = "after call \(report.calls): \(what)\n  last calls:\n    " + recent.joined(separator: "\n    ")
        report.violations.append(entry)
        log("soak: VIOLATION " + entry)
    }
}
