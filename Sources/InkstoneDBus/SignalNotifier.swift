import DBusKit
import InkstoneService

/// Sends the service's notifications as D-Bus signals, each unicast to the
/// listener of the context it is for (never broadcast): on the bus with the
/// listener as destination, or on the listener's own peer-to-peer connection.
///
/// A context created with `coalesce=true` gets one `Notifications(a(sav))`
/// signal per call instead — every notification of the call in order, as
/// (member, arguments) — sent by ``flush()`` after the handler, before the reply.
final class SignalNotifier: NotificationSink, @unchecked Sendable {
    private let router: PeerRouter
    /// Coalesced notifications of the running call, per context, in order.
    private var pending: [(context: InputContext, entries: [(String, [DBusValue])])] = []

    /// Sends each signal where `router` says the listener is.
    init(router: PeerRouter) {
        self.router = router
    }

    func deliver(_ notification: Notification, to context: InputContext) {
        guard !context.listener.isEmpty else { return }
        let (member, arguments) = Self.encode(notification)
        if context.options.coalesce {
            if let index = pending.firstIndex(where: { $0.context === context }) {
                pending[index].entries.append((member, arguments))
            } else {
                pending.append((context, [(member, arguments)]))
            }
            return
        }
        emit(member, arguments, for: context)
    }

    /// Sends each coalescing context its `Notifications` signal for the call.
    func flush() {
        guard !pending.isEmpty else { return }
        let calls = pending
        pending.removeAll(keepingCapacity: true)
        for (context, entries) in calls {
            let events = DBusValue.array(elementSignature: "(sav)", entries.map { member, arguments in
                .structure([.string(member), .array(elementSignature: "v", arguments.map { .variant($0) })])
            })
            emit("Notifications", [events], for: context)
        }
    }

    /// Sends one signal to the context's listener (dropped when it has none:
    /// a persistent context whose subscriber left; never broadcast).
    private func emit(_ member: String, _ arguments: [DBusValue], for context: InputContext) {
        let path = ObjectPaths.context(context.id)
        if member == "PropertiesChanged" {
            router.emit(
                to: context.listener, path: path, interface: "org.freedesktop.DBus.Properties", member: member
            ) { writer in
                writer.append(InputContextObject.interface)
                for argument in arguments { writer.append(argument) }
                writer.append(strings: [])
            }
            return
        }
        router.emit(to: context.listener, path: path, interface: InputContextObject.interface, member: member) { writer in
            for argument in arguments { writer.append(argument) }
        }
    }

    /// A notification as its signal's member and arguments. `PropertiesChanged`
    /// carries only the changed-properties dictionary here.
    static func encode(_ notification: Notification) -> (String, [DBusValue]) {
        switch notification {
        case .textWillChange(let revision):
            return ("TextWillChange", [.uint64(revision)])
        case .textDidChange(let revision, let start, let oldLength, let newLength, let cause):
            return ("TextDidChange", [
                .uint64(revision), .int64(Int64(start)), .int64(Int64(oldLength)), .int64(Int64(newLength)),
                .string(cause.rawValue),
            ])
        case .selectionWillChange:
            return ("SelectionWillChange", [])
        case .selectionDidChange(let start, let length):
            return ("SelectionDidChange", [.int64(Int64(start)), .int64(Int64(length))])
        case .markedTextChanged(let text, let selectionStart, let selectionLength):
            return ("MarkedTextChanged", [.string(text), .int64(Int64(selectionStart)), .int64(Int64(selectionLength))])
        case .committed(let text):
            return ("Committed", [.string(text)])
        case .editApplied(let ticket, let revision):
            return ("EditApplied", [.uint64(ticket), .uint64(revision)])
        case .editFailed(let ticket, let error):
            return ("EditFailed", [.uint64(ticket), .string(error.dbusErrorName), .string(error.message)])
        case .candidatesChanged(let snapshot):
            let items = DBusValue.array(elementSignature: "(sss)", snapshot.items.map { item in
                .structure([.string(item.text), .string(item.annotation), .string(item.label)])
            })
            return ("CandidatesChanged", [
                items, .int32(snapshot.cursor), .int32(snapshot.page), .bool(snapshot.hasPrev), .bool(snapshot.hasNext),
            ])
        case .propertiesChanged(let changes):
            var changed: [String: DBusValue] = [:]
            for (name, value) in changes { changed[name] = value.dbusValue }
            return ("PropertiesChanged", [.vardict(changed)])
        }
    }
}
