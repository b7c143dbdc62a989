import DBusKit
import InkstoneService

/// Sends the service's notifications as D-Bus signals, each unicast to the
/// listener of the context it is for (never broadcast): on the bus with the
/// listener as destination, or on the listener's own peer-to-peer connection.
///
/// By default a context gets one `Notifications(a(sav))` signal per call —
/// every notification of the call in order, as (member, arguments) — sent by
/// ``flush()`` after the handler, before the reply. A context created with
/// `coalesce=false` gets one signal per notification instead.
final class SignalNotifier: NotificationSink, @unchecked Sendable {
    let router: PeerRouter
    /// Coalesced notifications of the running call, per context, in order.
    private var pending: [(context: InputContext, notifications: [Notification])] = []
    /// Object paths of the contexts notified so far (built once per context).
    private var paths: [UInt64: String] = [:]

    /// Sends each signal where `router` says the listener is.
    init(router: PeerRouter) {
        self.router = router
    }

    func deliver(_ notification: Notification, to context: InputContext) {
        guard !context.listener.isEmpty else { return }
        guard context.options.coalesce else {
            emit(notification.member, for: context) { notification.writeArguments(to: &$0, asVariants: false) }
            return
        }
        if let index = pending.firstIndex(where: { $0.context === context }) {
            pending[index].notifications.append(notification)
        } else {
            pending.append((context, [notification]))
        }
    }

    /// A change outside a call (a peer left) ends: its signals go out now.
    func endOfChange() { flush() }

    /// Sends each coalescing context its `Notifications` signal for the call.
    /// Views whose notifications equal the previous view's (observers of one
    /// document in the same unit) get a copy of its signal, readdressed, instead
    /// of the same arguments written again.
    func flush() {
        guard !pending.isEmpty else { return }
        var previous: (notifications: [Notification], signal: Message)?
        for (context, notifications) in pending {
            guard !context.listener.isEmpty else { continue }
            if let previous, previous.notifications == notifications {
                router.emitCopy(of: previous.signal, to: context.listener, path: path(of: context))
                continue
            }
            let signal = router.emit(
                to: context.listener, path: path(of: context), interface: InputContextObject.interface,
                member: "Notifications"
            ) { $0.appendNotifications(notifications) }
            previous = signal.map { (notifications, $0) }
        }
        pending.removeAll(keepingCapacity: true)
        if paths.count > 4096 { paths.removeAll(keepingCapacity: true) }
    }

    /// Sends one signal to the context's listener (dropped when it has none:
    /// a persistent context whose subscriber left; never broadcast).
    private func emit(_ member: String, for context: InputContext, _ body: (inout MessageWriter) -> Void) {
        let path = self.path(of: context)
        if member == "PropertiesChanged" {
            router.emit(
                to: context.listener, path: path, interface: "org.freedesktop.DBus.Properties", member: member
            ) { writer in
                writer.append(InputContextObject.interface)
                body(&writer)
                writer.append(strings: [])
            }
            return
        }
        router.emit(to: context.listener, path: path, interface: InputContextObject.interface, member: member, body)
    }

    private func path(of context: InputContext) -> String {
        if let path = paths[context.id] { return path }
        let path = ObjectPaths.context(context.id)
        paths[context.id] = path
        return path
    }
}
