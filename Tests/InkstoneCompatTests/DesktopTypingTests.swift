import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// Stock applications typing through Inkstone: a real X server (Xvfb), a real toolkit
/// with its stock input-method module, real key events (XTEST), and the daemon with its
/// compatibility fronts on a private bus. Each test reads the widget's own text back.
@Suite(.serialized) struct DesktopTypingTests {
    static let gtk3Fcitx = "/usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules/im-fcitx5.so"

    /// Waits until the module's context of the focused field has the focus (the daemon logs
    /// it at debug level): from then on the module sends every key.
    static func waitForModule(_ daemon: CompatDaemon) throws {
        try DesktopSession.waitUntil("the input-method module focused its input context", timeout: 20) {
            daemon.daemon.stderr.contains(" focus in")
        }
    }

    /// Hangul, a dead key, a Hanja candidate picked with a number key, and focus-out with an
    /// open preedit, typed into the first field; the field's text after each.
    static func typeTheProofs(_ session: some KeyTyping, _ app: TextApp) throws {
        try session.type(["Hangul", "g", "k", "s", "r", "m", "f", "space"])
        #expect(app.waitForField("first", "한글 ") == "한글 ", "app log: \(app.log)")
        try session.type(["Hangul", "dead_acute", "e"])
        #expect(app.waitForField("first", "한글 é") == "한글 é")
        try session.type(["Hangul", "g", "k", "s", "Hangul_Hanja", keyPause, "1"])
        #expect(app.waitForField("first", "한글 é韓") == "한글 é韓")
        try session.type(["g", "k", "s"])
        usleep(300_000)
        #expect(app.state["first"] == "한글 é韓", "the preedit was committed before the focus moved")
        try app.command("focus-second")
        #expect(app.waitForField("first", "한글 é韓한") == "한글 é韓한")
    }

    /// The Xvfb, xdotool and module files one toolkit's tests need.
    static func requirements(_ module: String) -> [String] { ["/usr/bin/Xvfb", "/usr/bin/xdotool", module] }
    static let gtk4Fcitx = "/usr/lib/x86_64-linux-gnu/gtk-4.0/4.0.0/immodules/libim-fcitx5.so"
    static let qt5Fcitx =
        "/usr/lib/x86_64-linux-gnu/qt5/plugins/platforminputcontexts/libfcitx5platforminputcontextplugin.so"
    static let qt6Fcitx =
        "/usr/lib/x86_64-linux-gnu/qt6/plugins/platforminputcontexts/libfcitx5platforminputcontextplugin.so"
    static let pyQt6 = "/usr/lib/python3/dist-packages/PyQt6"
    static let gtk3IBus = "/usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules/im-ibus.so"

    /// Starts the daemon and the app, waits for the module, types the proofs; the daemon's log.
    @discardableResult
    static func proveTyping(toolkit: String, environment: [String: String]) throws -> String {
        let daemon = try CompatDaemon()
        let session = try DesktopSession()
        let app = try session.startApp(toolkit: toolkit, busAddress: daemon.bus.address, environment: environment)
        try waitForModule(daemon)
        try typeTheProofs(session, app)
        return daemon.daemon.stderr
    }

    @Test(.enabled(if: missing(gtk3Fcitx) == nil, "\(missing(gtk3Fcitx) ?? "")"))
    func gtk3WithTheFcitx5Module() throws {
        let log = try Self.proveTyping(toolkit: "gtk3", environment: ["GTK_IM_MODULE": "fcitx"])
        #expect(!log.contains("(ProcessKeyEventBatch)"), "GTK3's module sends plain ProcessKeyEvent")
        Self.expectCandidateAnchorOnScreen(log, front: "fcitx5")
    }

    @Test(.enabled(if: missing(gtk4Fcitx) == nil, "\(missing(gtk4Fcitx) ?? "")"))
    func gtk4WithTheFcitx5ModuleAndKeyBatches() throws {
        let log = try Self.proveTyping(toolkit: "gtk4", environment: ["GTK_IM_MODULE": "fcitx"])
        #expect(log.contains("(ProcessKeyEventBatch)"), "GTK4's module did not batch its keys")
    }

    @Test(.enabled(if: missing(qt5Fcitx) == nil, "\(missing(qt5Fcitx) ?? "")"))
    func qt5WithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "qt5", environment: ["QT_IM_MODULE": "fcitx"])
    }

    @Test(.enabled(if: missing(qt6Fcitx, pyQt6) == nil, "\(missing(qt6Fcitx, pyQt6) ?? "")"))
    func qt6WithTheFcitx5Module() throws {
        try Self.proveTyping(toolkit: "qt6", environment: ["QT_IM_MODULE": "fcitx"])
    }

    @Test(.enabled(if: missing(gtk3IBus) == nil, "\(missing(gtk3IBus) ?? "")"))
    func gtk3WithTheIBusModuleThroughThePortal() throws {
        let log = try Self.proveTyping(
            toolkit: "gtk3", environment: ["GTK_IM_MODULE": "ibus", "IBUS_USE_PORTAL": "1"])
        Self.expectCandidateAnchorOnScreen(log, front: "ibus")
    }

    @Test(.enabled(if: missing(gtk3Fcitx) == nil, "\(missing(gtk3Fcitx) ?? "")"))
    func anAppStartedBeforeTheDaemonFindsItAndSurvivesARestart() throws {
        let bus = try PrivateBus()
        let session = try DesktopSession()
        let app = try session.startApp(
            toolkit: "gtk3", busAddress: bus.address, environment: ["GTK_IM_MODULE": "fcitx"])
        var daemon: CompatDaemon? = try CompatDaemon(bus: bus)
        try Self.waitForModule(try #require(daemon))
        try session.type(["Hangul", "g", "k", "s", "space"])
        #expect(app.waitForField("first", "한 ") == "한 ", "app log: \(app.log)")
        daemon = nil  // SIGTERM: the names go away under the running app
        daemon = try CompatDaemon(bus: bus)
        try Self.waitForModule(try #require(daemon))
        try session.type(["Hangul", "r", "m", "f"])
        try app.command("focus-second")
        #expect(app.waitForField("first", "한 글") == "한 글", "app log: \(app.log)")
    }

    private static func missing(_ module: String, _ more: String...) -> String? {
        DesktopSession.missing(requirements(module) + more)
    }

    /// The cursor rectangle the app's module reported reached the context's geometry: the
    /// daemon logs each move of the candidate anchor, which must be a caret on the 640×480
    /// screen (a height, no negative or off-screen origin).
    static func expectCandidateAnchorOnScreen(_ log: String, front: String) {
        let anchors = log.split(separator: "\n").filter {
            $0.contains("\(front): context ") && $0.contains(" candidate anchor (")
        }
        guard let last = anchors.last, let open = last.lastIndex(of: "(") else {
            Issue.record("no candidate anchor logged by \(front):\n\(log)")
            return
        }
        let fields = last[last.index(after: open)...].dropLast().split(separator: ",").compactMap {
            Double(String($0.filter { $0 != " " }))
        }
        #expect(fields.count == 4, "\(last)")
        guard fields.count == 4 else { return }
        #expect((0..<640).contains(fields[0]) && (0..<480).contains(fields[1]), "\(last)")
        #expect(fields[3] > 0, "the caret has no height: \(last)")
    }
}
