import InkstoneTestSupport
import Testing

/// A stock application in a Flatpak-style sandbox (``FlatpakSandbox``) typing through
/// Inkstone: its only way to the daemon is the filtered bus, on which only the portal
/// names answer, so what it types went through `org.freedesktop.portal.Fcitx` or
/// `org.freedesktop.portal.IBus`.
@Suite(.serialized) struct SandboxTypingTests {
    static func missing(_ module: String) -> String? {
        DesktopSession.missing(DesktopTypingTests.requirements(module)) ?? FlatpakSandbox.unavailable
    }

    /// Starts the daemon, Xvfb, the proxy and the GTK3 app inside the sandbox with
    /// `environment`, types the proofs, and checks that the module's context was created
    /// through the proxy.
    static func proveTyping(front: String, environment: [String: String]) throws {
        let daemon = try CompatDaemon()
        let session = try DesktopSession()
        let sandbox = try FlatpakSandbox(busAddress: daemon.bus.address)
        let app = try session.startApp(
            toolkit: "gtk3", busAddress: FlatpakSandbox.busAddress, environment: environment
        ) { folder in sandbox.launcher(shared: [session.socket], writable: folder) }
        let context = try daemon.waitForFocusedContext(front: front)
        #expect(try daemon.processID(of: context.creator) == UInt32(sandbox.proxyPid), "\(context)")
        try DesktopTypingTests.typeTheProofs(session, app)
    }

    @Test(
        .enabled(
            if: missing(DesktopTypingTests.gtk3Fcitx) == nil, "\(missing(DesktopTypingTests.gtk3Fcitx) ?? "")"))
    func gtk3WithTheFcitx5ModuleThroughItsPortal() throws {
        try Self.proveTyping(front: "fcitx5", environment: ["GTK_IM_MODULE": "fcitx"])
    }

    @Test(
        .enabled(
            if: missing(DesktopTypingTests.gtk3IBus) == nil, "\(missing(DesktopTypingTests.gtk3IBus) ?? "")"),
        arguments: [["GTK_IM_MODULE": "ibus", "IBUS_USE_PORTAL": "1"], ["GTK_IM_MODULE": "ibus"]])
    func gtk3WithTheIBusModuleThroughItsPortal(environment: [String: String]) throws {
        try Self.proveTyping(front: "ibus", environment: environment)
    }

    /// `dbus-send` from inside: a `Peer.Ping` to `destination`; its result.
    private static func ping(_ sandbox: FlatpakSandbox, _ destination: String, _ path: String) throws -> RunResult {
        try sandbox.runInside([
            "/usr/bin/dbus-send", "--session", "--print-reply", "--dest=\(destination)", path,
            "org.freedesktop.DBus.Peer.Ping",
        ])
    }

    @Test(.enabled(if: FlatpakSandbox.unavailable == nil, "\(FlatpakSandbox.unavailable ?? "")"))
    func onlyThePortalNamesAnswerInside() throws {
        let daemon = try CompatDaemon()
        let sandbox = try FlatpakSandbox(busAddress: daemon.bus.address)
        let outside = try run(
            [
                "/usr/bin/dbus-send", "--bus=\(daemon.bus.address)", "--print-reply", "--dest=\(inkstoneName)",
                "/org/inkstone/Inkstone1", "org.freedesktop.DBus.Peer.Ping",
            ])
        #expect(outside.termination == .exited(0), "outside: \(outside.stderr)")
        for (portal, path) in [
            (fcitxPortalName, inputMethodPath), (ibusPortalName, "/org/freedesktop/IBus"),
        ] {
            let inside = try Self.ping(sandbox, portal, path)
            #expect(inside.termination == .exited(0), "\(portal) from inside: \(inside.stderr)")
        }
        for hidden in [inkstoneName, fcitxName] {
            let inside = try Self.ping(sandbox, hidden, "/")
            #expect(inside.termination != .exited(0), "\(hidden) answered inside the sandbox")
            #expect(inside.stderr.contains("org.freedesktop.DBus.Error.ServiceUnknown"), "\(hidden): \(inside.stderr)")
        }
    }

    /// Each portal name's owner, reached by its unique name from inside the sandbox (the
    /// proxy lets calls through to the owner of a portal name), serves the portal's objects
    /// only: Inkstone's own service object does not answer there, though it answers the
    /// same call on the daemon's own connection.
    @Test(.enabled(if: FlatpakSandbox.unavailable == nil, "\(FlatpakSandbox.unavailable ?? "")"))
    func thePortalNamesLeadToNothingElse() throws {
        let daemon = try CompatDaemon()
        let sandbox = try FlatpakSandbox(busAddress: daemon.bus.address)
        let probe = ["/usr/bin/python3", TextApp.scripts + "/bus_probe.py"]
        let outside = try run(
            probe + [inkstoneName], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address])
        #expect(outside.stdout.hasSuffix(" answered\n"), "outside: \(outside.stdout)\(outside.stderr)")
        let inside = try sandbox.runInside(probe + [fcitxPortalName, ibusPortalName])
        let lines = inside.stdout.split(separator: "\n")
        #expect(lines.count == 2, "inside: \(inside.stdout)\(inside.stderr)")
        for line in lines { #expect(line.hasSuffix(" org.freedesktop.DBus.Error.UnknownObject"), "\(line)") }
    }
}
