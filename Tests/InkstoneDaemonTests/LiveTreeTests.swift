import DBusKit
import InkstoneTestSupport
import Testing

/// `ListContexts`, `ListDocuments`, introspection children that follow the live tree,
/// and `UnknownObject` for paths with nothing behind them.
@Suite struct LiveTreeTests {
    private func paths(_ values: [DBusValue]) -> [String] {
        guard case .array(_, let items)? = values.first else { return [] }
        return items.compactMap { if case .objectPath(let path) = $0 { path } else { nil } }
    }

    @Test func listsOwnAndPersistentContextsAndUsableDocuments() throws {
        let running = try RunningDaemon()
        let alice = try InkstonePeer(running)
        let bob = try InkstonePeer(running)
        let own = try alice.newContext()
        let shared = try bob.newContext(["persist=true"])
        let bobsPrivate = try bob.newContext()
        #expect(paths(try alice.call(servicePath, "ListContexts", interface: serviceInterface)) == [own, shared])
        #expect(paths(try bob.call(servicePath, "ListContexts", interface: serviceInterface)) == [shared, bobsPrivate])
        let document = try alice.call(servicePath, "CreateDocument", interface: serviceInterface)
        guard case .objectPath(let documentPath)? = document.first else { throw TestSupportError("no document") }
        let aliceDocuments = paths(try alice.call(servicePath, "ListDocuments", interface: serviceInterface))
        #expect(aliceDocuments.contains(documentPath))
        #expect(!paths(try bob.call(servicePath, "ListDocuments", interface: serviceInterface)).contains(documentPath))
        try alice.call(documentPath, "Share", interface: "org.inkstone.Document1") { $0.append(bob.name) }
        #expect(paths(try bob.call(servicePath, "ListDocuments", interface: serviceInterface)).contains(documentPath))
        try alice.call(own, "Destroy")
        #expect(paths(try alice.call(servicePath, "ListContexts", interface: serviceInterface)) == [shared])
    }

    @Test func introspectionShowsTheLiveTree() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let first = try peer.newContext(["persist=true"])
        let second = try peer.newContext(["persist=true"])
        let introspectable = "org.freedesktop.DBus.Introspectable"
        let root = try peer.client.callString(busName, servicePath, introspectable, "Introspect")
        #expect(root.contains("<node name=\"context\"/>") && root.contains("<node name=\"document\"/>"))
        let contexts = try peer.client.callString(busName, servicePath + "/context", introspectable, "Introspect")
        #expect(contexts.contains("<node name=\"1\"/>") && contexts.contains("<node name=\"2\"/>"), "\(contexts)")
        #expect(!contexts.contains("<interface name=\"org.inkstone.InputContext1\">"))
        try peer.call(first, "Destroy")
        let after = try peer.client.callString(busName, servicePath + "/context", introspectable, "Introspect")
        #expect(!after.contains("<node name=\"1\"/>") && after.contains("<node name=\"2\"/>"), "\(after)")
        let live = try peer.client.callString(busName, second, introspectable, "Introspect")
        #expect(live.contains("<interface name=\"org.inkstone.InputContext1\">"))

        // gdbus and busctl walk the tree.
        let gdbus = try run([
            "gdbus", "introspect", "--address", running.bus.address, "--dest", busName,
            "--object-path", servicePath, "--recurse",
        ])
        #expect(gdbus.termination == .exited(0), "\(gdbus.stderr)")
        #expect(gdbus.stdout.contains("node /org/inkstone/Inkstone1/context/2"), "\(gdbus.stdout)")
        #expect(!gdbus.stdout.contains("node /org/inkstone/Inkstone1/context/1 "), "\(gdbus.stdout)")
        let busctl = try run(["busctl", "--address=\(running.bus.address)", "tree", busName, "--list"])
        #expect(busctl.termination == .exited(0), "\(busctl.stderr)")
        #expect(busctl.stdout.contains("/org/inkstone/Inkstone1/context/2"), "\(busctl.stdout)")
        #expect(busctl.stdout.contains("/org/inkstone/Inkstone1/document/2"), "\(busctl.stdout)")
    }

    /// A path with nothing behind it answers UnknownObject to every call, introspection included.
    @Test func absentPathsAreUnknownObjects() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["persist=true"])
        try peer.call(context, "Destroy")
        let unknown = "org.inkstone.Error.UnknownObject"
        for path in [context, servicePath + "/context/99", servicePath + "/context/x", servicePath + "/document/5"] {
            #expect(
                peer.errorName(path, "Introspect", interface: "org.freedesktop.DBus.Introspectable") == unknown,
                "\(path)")
            #expect(
                peer.errorName(path, "GetAll", interface: "org.freedesktop.DBus.Properties") {
                    $0.append(contextInterface)
                } == unknown, "\(path)")
        }
        #expect(peer.errorName(servicePath + "/context", "GetText") == unknown)
        #expect(
            peer.errorName(servicePath + "/nothing", "Introspect", interface: "org.freedesktop.DBus.Introspectable")
                == "org.freedesktop.DBus.Error.UnknownObject")
    }
}
