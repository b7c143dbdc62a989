import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// A private X server (`Xvfb` on a free display number) with one stock application
/// (``TextApp``) on it, talking to a private bus through the toolkit's own input-method
/// module. Keys are typed with `xdotool` (XTEST). Every child is killed when the session
/// ends; every wait is bounded.
final class DesktopSession {
    let display: String
    private let server: DaemonProcess
    private(set) var app: TextApp?
    let title: String

    /// Why a desktop test cannot run here (a package missing), nil when it can.
    static func missing(_ files: [String]) -> String? {
        let absent = files.filter { access($0, F_OK) != 0 }
        return absent.isEmpty
            ? nil : "not installed: \(absent.joined(separator: ", ")) (scripts/ensure-deps.sh installs them)"
    }

    /// Display numbers sessions of this process took: suites run in parallel, and two sessions
    /// that both found a number free before either server made its lock would share one server.
    private static let taken = Mutex<Set<Int>>([])

    init() throws {
        let number = Self.taken.withLock { taken in
            var number = 90 + Int(getpid() % 400)
            while taken.contains(number) || access("/tmp/.X11-unix/X\(number)", F_OK) == 0
                || access("/tmp/.X\(number)-lock", F_OK) == 0
            {
                number += 1
            }
            taken.insert(number)
            return number
        }
        display = ":\(number)"
        title = "inkstone-text-app-\(number)"
        server = try DaemonProcess(
            executable: "/usr/bin/Xvfb", arguments: [display, "-screen", "0", "640x480x24", "-nolisten", "tcp"])
        try Self.waitUntil("Xvfb \(display) listens") { [server] in
            // Another program's server on the same number would answer in its place.
            if server.termination != nil { throw TestSupportError("Xvfb \(display) ended: \(server.stderr)") }
            return access(socket, F_OK) == 0
        }
    }

    deinit {
        app = nil
        server.signal(SIGKILL)
        _ = server.waitForExit(timeout: .seconds(5))
    }

    /// The X server's socket.
    var socket: String { "/tmp/.X11-unix/X\(display.dropFirst())" }

    /// Starts the app with `toolkit` (`gtk3`, `gtk4`, `qt5`, `qt6`) on `busAddress`,
    /// `environment` choosing the module, `launcher` running it (``TextApp``), and gives its
    /// window the keyboard focus.
    @discardableResult
    func startApp(
        toolkit: String, busAddress: String, environment: [String: String],
        launcher: ((String) -> [String])? = nil
    ) throws -> TextApp {
        let app = try TextApp(
            toolkit: toolkit, title: title,
            environment: [
                "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": busAddress, "GDK_BACKEND": "x11",
                "QT_QPA_PLATFORM": "xcb",
            ].merging(environment) { $1 }, launcher: launcher)
        self.app = app
        try Self.waitUntil("the app's window exists", timeout: 20) { app.state["active"] != nil || app.ended }
        try focusWindow()
        return app
    }

    /// Gives the app's window the keyboard focus (no window manager: XSetInputFocus).
    func focusWindow() throws {
        guard let app else { return }
        try Self.waitUntil("the app's window has the focus", timeout: 20) { [self] in
            _ = try? run(
                ["xdotool", "search", "--name", title, "windowfocus", "%1"], environment: ["DISPLAY": display],
                timeout: .seconds(5))
            return app.state["active"] == "1" || app.ended
        }
    }

    /// Types key names (`g`, `space`, `Hangul`, `dead_acute`) with XTEST, 40 ms apart (``KeyTyping``).
    func type(_ keys: [String]) throws {
        for (index, run) in keys.split(separator: keyPause, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { usleep(300_000) }
            let result = try InkstoneTestSupport.run(
                ["xdotool", "key", "--delay", "40"] + run, environment: ["DISPLAY": display])
            try #require(result.termination == .exited(0), "xdotool: \(result.stderr)")
        }
    }

    /// Polls `condition` every 50 ms; throws after `timeout` seconds.
    static func waitUntil(_ what: String, timeout: Int = 10, _ condition: () throws -> Bool) throws {
        let deadline = monotonicMilliseconds() + timeout * 1000
        while monotonicMilliseconds() < deadline {
            if try condition() { return }
            usleep(50_000)
        }
        throw TestSupportError("timed out waiting until \(what)")
    }
}
