import InkstoneTestSupport
import Testing

/// Stock applications as native Wayland clients typing through Inkstone: a real
/// compositor (headless sway), a real toolkit on its Wayland backend (no X server to fall
/// back to) with its stock input-method module, real key events (the virtual-keyboard
/// protocol), and the daemon with its compatibility fronts on a private bus. Each test reads
/// the widget's own text back and checks that the keys went through the module to the
/// daemon: the focused context was created by the app's own connection (and, for fcitx5,
/// with the capability the module sets only on Wayland).
@Suite(.serialized) struct WaylandTypingTests {
    /// `RelativeRect`: the cursor rectangle is relative to the toplevel window (Wayland).
    static let relativeRect: UInt64 = 1 << 24

    static func missing(_ files: String...) -> String? { DesktopSession.missing(WaylandSession.requirements + files) }

    /// Starts the daemon, the compositor and the app with `environment` choosing the module
    /// of `front`, checks the module's context and types the proofs of the X11 tests.
    static func proveTyping(toolkit: String, front: String, environment: [String: String]) throws {
        let daemon = try CompatDaemon()
        let session = try WaylandSession()
        let app = try session.startApp(toolkit: toolkit, busAddress: daemon.bus.address, environment: environment)
        let context = try daemon.waitForFocusedContext(front: front)
        #expect(try daemon.processID(of: context.creator) == UInt32(app.process.pid), "\(context)")
        if front == "fcitx5" {
            let capability = try #require(daemon.fcitxCapability(of: context.id))
            #expect(
                capability & relativeRect != 0, "the module did not run on Wayland: 0x\(String(capability, radix: 16))")
        }
        try DesktopTypingTests.typeTheProofs(session, app)
    }

    @Test(.enabled(if: missing(DesktopTypingTests.gtk3Fcitx) == nil, "\(missing(DesktopTypingTests.gtk3Fcitx) ?? "")"))
    func gtk3OnWaylandWithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "gtk3", front: "fcitx5", environment: ["GTK_IM_MODULE": "fcitx"])
    }

    @Test(.enabled(if: missing(DesktopTypingTests.gtk4Fcitx) == nil, "\(missing(DesktopTypingTests.gtk4Fcitx) ?? "")"))
    func gtk4OnWaylandWithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "gtk4", front: "fcitx5", environment: ["GTK_IM_MODULE": "fcitx"])
    }

    @Test(.enabled(if: missing(DesktopTypingTests.gtk3IBus) == nil, "\(missing(DesktopTypingTests.gtk3IBus) ?? "")"))
    func gtk3OnWaylandWithTheIBusModuleThroughThePortal() throws {
        try Self.proveTyping(
            toolkit: "gtk3", front: "ibus", environment: ["GTK_IM_MODULE": "ibus", "IBUS_USE_PORTAL": "1"])
    }

    @Test(
        .enabled(
            if: missing(DesktopTypingTests.qt5Fcitx, WaylandSession.qt5Wayland) == nil,
            "\(missing(DesktopTypingTests.qt5Fcitx, WaylandSession.qt5Wayland) ?? "")"))
    func qt5OnWaylandWithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "qt5", front: "fcitx5", environment: ["QT_IM_MODULE": "fcitx"])
    }

    @Test(
        .enabled(
            if: missing(DesktopTypingTests.qt6Fcitx, DesktopTypingTests.pyQt6, WaylandSession.qt6Wayland) == nil,
            "\(missing(DesktopTypingTests.qt6Fcitx, DesktopTypingTests.pyQt6, WaylandSession.qt6Wayland) ?? "")"))
    func qt6OnWaylandWithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "qt6", front: "fcitx5", environment: ["QT_IM_MODULE": "fcitx"])
    }
}
