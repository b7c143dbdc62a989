import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// Stock applications typing through Inkstone: a real X server (Xvfb), a real toolkit
/// with its stock input-method module, real key events (XTEST), and the daemon with its
/// compatibility fronts on a private bus. Each test reads the widget's own text back.
@Suite(.serialized) struct DesktopTypingTests {
    static let gtk3Fcitx = "/usr/lib/x86_64-linux-gnu/gtk-3.0/3.0.0/immodules/im-fcitx5.so"

    /// Waits until the module created its input contexts in the daemon.
    static func waitForModule(_ daemon: CompatDaemon, contexts: Int = 1) throws {
        let client = try Connection(address: daemon.bus.address)
        defer { client.close() }
        try DesktopSession.waitUntil("the input-method module created \(contexts) input contexts", timeout: 20) {
            let reply = try client.call(
                destination: "org.inkstone.Inkstone1", path: "/org/inkstone/Inkstone1",
                interface: "org.inkstone.Inkstone1", member: "GetStatus")
            var reader = reply.reader()
            let status = try reader.readVardict()
            return (status["contexts"].flatMap(\.int64Value) ?? 0) >= Int64(contexts)
        }
    }

    /// Hangul, a dead key, a Hanja candidate picked with a number key, and focus-out with an
    /// open preedit, typed into the first field; the field's text after each.
    static func typeTheProofs(_ session: DesktopSession) throws {
        try session.type(["Hangul", "g", "k", "s", "r", "m", "f", "space"])
        #expect(session.waitForField("first", "한글 ") == "한글 ", "app log: \(session.appLog)")
        try session.type(["Hangul", "dead_acute", "e"])
        #expect(session.waitForField("first", "한글 é") == "한글 é")
        try session.type(["Hangul", "g", "k", "s", "Hangul_Hanja"])
        usleep(300_000)
        try session.type(["1"])
        #expect(session.waitForField("first", "한글 é韓") == "한글 é韓")
        try session.type(["g", "k", "s"])
        usleep(300_000)
        try session.command("focus-second")
        #expect(session.waitForField("first", "한글 é韓한") == "한글 é韓한")
    }

    @Test(.enabled(if: DesktopSession.missing(["/usr/bin/Xvfb", "/usr/bin/xdotool", gtk3Fcitx]) == nil,
                   "\(DesktopSession.missing(["/usr/bin/Xvfb", "/usr/bin/xdotool", gtk3Fcitx]) ?? "")"))
    func gtk3WithTheFcitx5Module() throws {
        let daemon = try CompatDaemon()
        let session = try DesktopSession()
        try session.startApp(toolkit: "gtk3", busAddress: daemon.bus.address, environment: ["GTK_IM_MODULE": "fcitx"])
        try Self.waitForModule(daemon)
        try Self.typeTheProofs(session)
    }
}
