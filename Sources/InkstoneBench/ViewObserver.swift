import ArgumentParser
import CDBus
import InkstoneClient

/// The client that watches a document through a view of its own in the "key → other view's
/// signal" rows: the Swift client (`InkstoneClient` on sd-bus) or the raw libdbus client, so
/// that the row can be set beside its floor with the floor's own client library.
protocol ViewObserver {
    /// The connection's unique bus name.
    var observerName: String { get }
    /// A view of `document` with the default notifications; its object path.
    func openView(of document: String) throws -> String
    /// Waits until the `Notifications` signal for `view` arrives.
    func waitForNotifications(at view: String) throws
    /// Waits until every signal already sent to this connection has arrived, and drops them.
    func settle() throws
}

extension KeyClient: ViewObserver {
    var observerName: String { uniqueName ?? "" }

    func openView(of document: String) throws -> String {
        try createContext(["engine=direct", "document=\(document)"])
    }

    func waitForNotifications(at view: String) throws {
        while true {
            guard let received = connection.nextMessage(timeoutMilliseconds: 5000) else {
                throw ValidationError("the observing view got no signal")
            }
            if received.kind == .signal, received.path == view, received.member == "Notifications" { return }
        }
    }

    func settle() throws {
        // A call is a barrier: every signal sent before its reply arrives before it.
        try callService("GetVersion")
        drain()
    }
}

extension RawClient: ViewObserver {
    var observerName: String { uniqueName }

    func openView(of document: String) throws -> String {
        try newInputContext(options: ["engine=direct", "document=\(document)"])
    }

    func waitForNotifications(at view: String) throws {
        try waitForMessage("the observing view's Notifications signal") { message in
            dbus_message_is_signal(message, InkstoneNames.contextInterface, "Notifications") != 0
                && dbus_message_get_path(message).map { String(cString: $0) == view } == true
        }
    }

    func settle() throws {
        _ = try timeGetVersion()
        dropQueued()
    }
}
