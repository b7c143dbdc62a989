import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// A private X server (`Xvfb` on a free display number) with one stock application
/// (`Tests/InkstoneCompatApps/text_app.py`) on it, talking to a private bus through the
/// toolkit's own input-method module. Keys are typed with `xdotool` (XTEST). Every child
/// is killed when the session ends; every wait is bounded.
final class DesktopSession {
    let display: String
    private let server: DaemonProcess
    private(set) var app: DaemonProcess?
    private let folder: String
    let title: String

    /// Why a desktop test cannot run here (a package missing), nil when it can.
    static func missing(_ files: [String]) -> String? {
        let absent = files.filter { access($0, F_OK) != 0 }
        return absent.isEmpty
            ? nil : "not installed: \(absent.joined(separator: ", ")) (scripts/ensure-deps.sh installs them)"
    }

    init() throws {
        folder = try makeTemporaryDirectory(prefix: "inkstone-desktop")
        var number = 90 + Int(getpid() % 400)
        while access("/tmp/.X11-unix/X\(number)", F_OK) == 0 || access("/tmp/.X\(number)-lock", F_OK) == 0 {
            number += 1
        }
        display = ":\(number)"
        title = "inkstone-text-app-\(number)"
        server = try DaemonProcess(
            executable: "/usr/bin/Xvfb", arguments: [display, "-screen", "0", "640x480x24", "-nolisten", "tcp"])
        try Self.waitUntil("Xvfb \(display) listens") { access("/tmp/.X11-unix/X\(number)", F_OK) == 0 }
    }

    deinit {
        for process in [app, server].compactMap({ $0 }) {
            process.signal(SIGKILL)
            _ = process.waitForExit(timeout: .seconds(5))
        }
    }

    /// Starts the app with `toolkit` (`gtk3`, `gtk4`, `qt5`) on `busAddress`, `environment`
    /// choosing the module, and gives its window the keyboard focus.
    func startApp(toolkit: String, busAddress: String, environment: [String: String]) throws {
        let appPath = repositoryRoot() + "/Tests/InkstoneCompatApps/text_app.py"
        app = try DaemonProcess(
            executable: "/usr/bin/python3",
            arguments: [
                appPath, "--toolkit", toolkit, "--state", statePath, "--commands", commandsPath, "--title", title,
            ],
            environment: [
                "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": busAddress, "GDK_BACKEND": "x11",
                "QT_QPA_PLATFORM": "xcb", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": folder, "XDG_RUNTIME_DIR": folder, "GSETTINGS_BACKEND": "memory",
            ].merging(environment) { $1 })
        try Self.waitUntil("the app's window exists", timeout: 20) { [self] in state["active"] != nil || appEnded }
        try focusWindow()
    }

    /// Gives the app's window the keyboard focus (no window manager: XSetInputFocus).
    func focusWindow() throws {
        try Self.waitUntil("the app's window has the focus", timeout: 20) { [self] in
            _ = try? run(
                ["xdotool", "search", "--name", title, "windowfocus", "%1"], environment: ["DISPLAY": display],
                timeout: .seconds(5))
            return state["active"] == "1" || appEnded
        }
    }

    /// Types key names (`g`, `space`, `Hangul`, `dead_acute`) with XTEST, 40 ms apart.
    func type(_ keys: [String]) throws {
        let result = try run(["xdotool", "key", "--delay", "40"] + keys, environment: ["DISPLAY": display])
        try #require(result.termination == .exited(0), "xdotool: \(result.stderr)")
    }

    /// Appends a command for the app (`focus-second`).
    func command(_ line: String) throws {
        let existing = (try? readFile(commandsPath)) ?? ""
        try writeFile(commandsPath, existing + line + "\n")
    }

    /// The app's last published state.
    var state: [String: String] {
        guard let text = try? readFile(statePath) else { return [:] }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    /// Waits until the field `name` reads `expected`; the last value when it never does.
    @discardableResult
    func waitForField(_ name: String, _ expected: String, timeout: Int = 10) -> String {
        var last = ""
        let deadline = monotonicMilliseconds() + timeout * 1000
        while monotonicMilliseconds() < deadline {
            last = state[name] ?? ""
            if last == expected || appEnded { return last }
            usleep(50_000)
        }
        return last
    }

    /// The app's stderr (for failure messages).
    var appLog: String { app?.stderr ?? "" }

    private var appEnded: Bool { app?.termination != nil }
    private var statePath: String { folder + "/state" }
    private var commandsPath: String { folder + "/commands" }

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
