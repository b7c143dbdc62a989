import DBusKit
import InkstoneService

/// Sends the service's notifications as D-Bus signals, each unicast to the
/// listener of the context it is for (never broadcast): on the bus with the
/// listener as destination, or on the listener's own peer-to-peer connection.
///
/// By default a context gets one `Notifications((tayataxasav))` signal per call —
/// the revision after the call and every notification of the call in order, as
/// event columns — sent by
/// ``flush()`` after the handler, before the reply. A context created with
/// `coalesce=false` gets one signal per notification instead.
final class SignalNotifier: NotificationSink, @unchecked Sendable {
    let router: PeerRouter
    /// Coalesced notifications of the running call, per context, in order: the
    /// first `pendingCount` slots. Slots and their arrays are kept (emptied) from
    /// call to call, so a key allocates no notification storage once warm.
    private var pending: [PendingSignal] = []
    private var pendingCount = 0

    /// Sends each signal where `router` says the listener is.
    init(router: PeerRouter) {
        self.router = router
    }

    func deliver(_ notification: Notification, to context: InputContext) {
        guard !context.listener.isEmpty else { return }
        guard context.options.coalesce else {
            emit(notification.member, for: context) { notification.writeArguments(to: &$0) }
            return
        }
        for index in 0..<pendingCount where pending[index].context === context {
            pending[index].notifications.append(notification)
            return
        }
        if pendingCount == pending.count { pending.append(PendingSignal()) }
        pending[pendingCount].context = context
        pending[pendingCount].notifications.append(notification)
        pendingCount += 1
    }

    /// A change outside a call (a peer left) ends: its signals go out now.
    func endOfChange() { flush() }

    /// Sends each coalescing context its `Notifications` signal for the call: a
    /// duplicate of the context's template with the call's arguments. (A copy of
    /// another view's written signal, readdressed, cost more when DBusKit used libdbus,
    /// which rewrote every header field after the one it changed; not measured on sd-bus.)
    func flush() {
        guard pendingCount > 0 else { return }
        let count = pendingCount
        pendingCount = 0
        sendPending(count)
        // Empty the slots in place (nothing else holds their arrays now), keeping their capacity.
        for index in 0..<count {
            pending[index].context = nil
            pending[index].notifications.removeAll(keepingCapacity: true)
        }
        if pending.count > 64 { pending.removeAll() }
    }

    /// The context's `Notifications` template for its current listener (made again when the listener changed).
    private func template(for context: InputContext) -> Message? {
        let signals = self.signals(of: context)
        if let template = signals.template, signals.templateListener == context.listener { return template }
        signals.template = router.signalTemplate(
            to: context.listener, path: signals.path, interface: InputContextObject.interface,
            member: "Notifications")
        signals.templateListener = context.listener
        return signals.template
    }

    /// Sends the signals of the first `count` slots (their arrays are read in place).
    private func sendPending(_ count: Int) {
        for index in 0..<count {
            guard let context = pending[index].context, !context.listener.isEmpty,
                let template = template(for: context)
            else { continue }
            router.emit(copying: template, to: context.listener) {
                $0.appendCallReport(revision: context.view.document.revision, events: pending[index].notifications)
            }
        }
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

    private func path(of context: InputContext) -> String { signals(of: context).path }

    /// What this notifier keeps for `context`, in the context itself (made on its first signal).
    private func signals(of context: InputContext) -> ContextSignals {
        if let signals = context.sinkState as? ContextSignals { return signals }
        let signals = ContextSignals(path: ObjectPaths.context(context.id))
        context.sinkState = signals
        return signals
    }
}

/// One context's coalesced notifications of the running call (an empty slot: no context).
private struct PendingSignal {
    var context: InputContext?
    var notifications: [Notification] = []
}

/// A context's object path, and its `Notifications` signal made and checked once for
/// its listener (never sent: each call's signal is a duplicate of it).
private final class ContextSignals {
    let path: String
    var template: Message?
    var templateListener = ""

    init(path: String) {
        self.path = path
    }
}
