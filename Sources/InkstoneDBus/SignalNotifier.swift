import DBusKit
import InkstoneService

/// Sends the service's notifications as D-Bus signals, each unicast to the
/// listener of the context it is for (never broadcast): on the bus with the
/// listener as destination, or on the listener's own peer-to-peer connection.
final class SignalNotifier: NotificationSink {
    private let connection: Connection
    private let peerConnection: @Sendable (String) -> Connection?

    /// Sends on `connection` (the bus), or on `peerConnection(listener)` when that finds one.
    init(connection: Connection, peerConnection: @escaping @Sendable (String) -> Connection? = { _ in nil }) {
        self.connection = connection
        self.peerConnection = peerConnection
    }

    func deliver(_ notification: Notification, to context: InputContext) {
        let path = ObjectPaths.context(context.id)
        // Unicast only: with no listener (a persistent context whose
        // subscriber left) the signal is dropped, never broadcast.
        guard !context.listener.isEmpty else { return }
        let connection: Connection
        let destination: String?
        if context.listener.hasPrefix(":") {
            connection = self.connection
            destination = context.listener
        } else {
            // A peer-to-peer listener: its own connection, or nowhere once it closed.
            guard let peer = peerConnection(context.listener) else { return }
            connection = peer
            destination = nil
        }
        if case .propertiesChanged(let changes) = notification {
            var changed: [String: DBusValue] = [:]
            for (name, value) in changes { changed[name] = value.dbusValue }
            try? connection.emitPropertiesChanged(
                path: path, interface: InputContextObject.interface, changed: changed, destination: destination)
            return
        }
        let member: String
        let body: (inout MessageWriter) -> Void
        switch notification {
        case .textWillChange(let revision):
            member = "TextWillChange"
            body = { $0.append(revision) }
        case .textDidChange(let revision, let start, let oldLength, let newLength, let cause):
            member = "TextDidChange"
            body = { writer in
                writer.append(revision)
                writer.append(Int64(start))
                writer.append(Int64(oldLength))
                writer.append(Int64(newLength))
                writer.append(cause.rawValue)
            }
        case .selectionWillChange:
            member = "SelectionWillChange"
            body = { _ in }
        case .selectionDidChange(let start, let length):
            member = "SelectionDidChange"
            body = { writer in
                writer.append(Int64(start))
                writer.append(Int64(length))
            }
        case .markedTextChanged(let text, let selectionStart, let selectionLength):
            member = "MarkedTextChanged"
            body = { writer in
                writer.append(text)
                writer.append(Int64(selectionStart))
                writer.append(Int64(selectionLength))
            }
        case .committed(let text):
            member = "Committed"
            body = { $0.append(text) }
        case .editApplied(let ticket, let revision):
            member = "EditApplied"
            body = { writer in
                writer.append(ticket)
                writer.append(revision)
            }
        case .editFailed(let ticket, let error):
            member = "EditFailed"
            body = { writer in
                writer.append(ticket)
                writer.append(error.dbusErrorName)
                writer.append(error.message)
            }
        case .candidatesChanged(let snapshot):
            member = "CandidatesChanged"
            body = { writer in
                writer.appendCandidates(snapshot)
                writer.append(snapshot.cursor)
                writer.append(snapshot.page)
                writer.append(snapshot.hasPrev)
                writer.append(snapshot.hasNext)
            }
        case .propertiesChanged:
            return
        }
        try? connection.emitSignal(
            path: path, interface: InputContextObject.interface, member: member, destination: destination, body)
    }
}
