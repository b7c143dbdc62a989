import DBusKit
import InkstoneClient

extension Soak {
    /// Checks every context a live client may read.
    func checkInvariants() throws {
        guard let session else { return }
        if session.daemon.termination != nil, let ended = session.daemon.waitForExit() {
            violation("the daemon died (\(ended)); its last words:\n\(Self.lastWords(session.daemon.stderr))")
            try restart()
            return
        }
        for client in clients {
            for path in client.contexts + (client === clients.first ? persistent : []) {
                if let broken = checkContext(path, by: client) {
                    violation("\(path) read by \(client.kind): \(broken)")
                }
            }
        }
    }

    /// The first broken invariant of one context, nil when all hold (or it is gone).
    func checkContext(_ path: String, by client: SoakClient) -> String? {
        let interface = InkstoneNames.contextInterface
        guard case .reply(let textReply) = client.call(path, interface, "GetText", { _ in }),
            case .reply(let lengthReply) = client.call(path, interface, "Length", { _ in }),
            case .reply(let selectedReply) = client.call(path, interface, "SelectedRange", { _ in }),
            case .reply(let markedReply) = client.call(path, interface, "MarkedRange", { _ in }),
            case .reply(let hasMarkedReply) = client.call(path, interface, "HasMarkedText", { _ in }),
            case .reply(let unitReply) = client.call(
                path, InkstoneNames.propertiesInterface, "Get",
                {
                    $0.append(interface)
                    $0.append("Unit")
                })
        else { return nil }
        do {
            var reader = textReply.reader()
            let text = try reader.readString()
            reader = lengthReply.reader()
            let length = Int(try reader.readInt64())
            reader = selectedReply.reader()
            let selected = (Int(try reader.readInt64()), Int(try reader.readInt64()))
            reader = markedReply.reader()
            let marked = (Int(try reader.readInt64()), Int(try reader.readInt64()))
            reader = hasMarkedReply.reader()
            let hasMarked = try reader.readBool()
            reader = unitReply.reader()
            let unit = try reader.readVariant { _, inner in try inner.readString() }
            let counts = [
                "utf8": text.utf8.count, "utf16": text.utf16.count, "scalars": text.unicodeScalars.count,
                "graphemes": text.count,
            ]
            guard let expected = counts[unit] else { return "unknown unit '\(unit)'" }
            if length != expected {
                return "Length is \(length) but GetText has \(expected) \(unit) units (\(text.utf8.count) bytes)"
            }
            if selected.0 != -1, selected.0 < 0 || selected.1 < 0 || selected.0 > length - selected.1 {
                return "SelectedRange \(selected) outside 0...\(length)"
            }
            if hasMarked != (marked.0 != -1) { return "HasMarkedText \(hasMarked) but MarkedRange \(marked)" }
            if marked.0 != -1, marked.0 < 0 || marked.1 < 0 || marked.0 > length - marked.1 {
                return "MarkedRange \(marked) outside 0...\(length)"
            }
            return nil
        } catch {
            return "a reply did not have its documented signature: \(error)"
        }
    }
}

extension SoakClient.Outcome {
    var summary: String {
        switch self {
        case .reply(let reply): return "ok(\(reply.signature))"
        case .error(let name, let message): return "\(name.split(separator: ".").last ?? "?"): \(message.prefix(80))"
        }
    }
}
