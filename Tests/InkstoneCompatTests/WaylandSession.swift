import Glibc
import InkstoneTestSupport
import Testing

/// A headless Wayland compositor (`sway` with wlroots' headless backend and pixman
/// renderer, no Xwayland, no input devices) with one stock application (``TextApp``) on
/// it as a native Wayland client (`GDK_BACKEND=wayland`), talking to a private bus
/// through the toolkit's own input-method module. Keys are typed with `wtype` through
/// the virtual-keyboard protocol. Every child is killed when the session ends; every
/// wait is bounded.
final class WaylandSession {
    /// The compositor's socket (an absolute `WAYLAND_DISPLAY`).
    let socket: String
    /// The compositor's `XDG_RUNTIME_DIR`, removed with the session.
    private let runtime: String
    private let compositor: DaemonProcess
    /// A virtual keyboard that stays plugged in: without it the seat has no keyboard
    /// between two `wtype` runs, so each run would move the keyboard focus out and back in.
    private var keyboard: DaemonProcess?
    private(set) var app: TextApp?

    /// The programs a Wayland test needs.
    static let requirements = ["/usr/bin/sway", "/usr/bin/wtype", "/usr/bin/setpriv"]

    /// Qt's Wayland platform plugins (Debian `qtwayland5`, `qt6-wayland`).
    static let qt5Wayland = "/usr/lib/x86_64-linux-gnu/qt5/plugins/platforms/libqwayland-generic.so"
    static let qt6Wayland = "/usr/lib/x86_64-linux-gnu/qt6/plugins/platforms/libqwayland-generic.so"

    /// sway refuses to run as root (it checks that root cannot be regained, and its
    /// maintainers decline to allow it: swaywm/sway#5053), so as root it runs as `nobody`.
    private static let nobody: uid_t = 65534

    init() throws {
        // As root the compositor runs as `nobody`, which must reach its runtime folder:
        // `/tmp` rather than `TMPDIR`, which may sit inside a folder only its owner enters.
        let runtime = try makeTemporaryDirectory(prefix: "inkstone-wayland", in: getuid() == 0 ? "/tmp" : nil)
        self.runtime = runtime
        let config = runtime + "/config"
        try writeFile(config, "xwayland disable\noutput HEADLESS-1 resolution 640x480\n")
        var command = ["/usr/bin/sway", "--config", config]
        if getuid() == 0 {
            guard chown(runtime, Self.nobody, gid_t(Self.nobody)) == 0 else {
                throw TestSupportError("chown \(runtime): \(String(cString: strerror(errno)))")
            }
            command =
                ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups"] + command
        }
        compositor = try DaemonProcess(
            executable: command[0], arguments: Array(command.dropFirst()),
            environment: [
                "XDG_RUNTIME_DIR": runtime, "HOME": runtime, "WLR_BACKENDS": "headless",
                "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "WAYLAND_DISPLAY": "", "DISPLAY": "",
            ])
        var found: String?
        try DesktopSession.waitUntil("sway listens", timeout: 20) { [compositor] in
            found = Self.listeningSocket(in: runtime)
            if compositor.termination != nil { throw TestSupportError("sway ended: \(compositor.stderr)") }
            return found != nil
        }
        socket = try #require(found)
        keyboard = try DaemonProcess(
            executable: "/usr/bin/wtype", arguments: ["-s", "600000"], environment: ["WAYLAND_DISPLAY": socket])
    }

    deinit {
        app = nil
        keyboard = nil
        compositor.signal(SIGKILL)
        _ = compositor.waitForExit(timeout: .seconds(5))
        _ = try? run(["rm", "-rf", runtime])
    }

    /// The `wayland-N` socket in `folder` once its lock file exists too.
    private static func listeningSocket(in folder: String) -> String? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        let socket = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
        return socket.flatMap { names.contains($0 + ".lock") ? folder + "/" + $0 : nil }
    }

    /// Starts the app with `toolkit` (`gtk3`, `gtk4`, `qt5`, `qt6`) on `busAddress` as a Wayland client,
    /// `environment` choosing the module, and waits until its window has the keyboard focus
    /// (the compositor gives it to a new window).
    @discardableResult
    func startApp(toolkit: String, busAddress: String, environment: [String: String]) throws -> TextApp {
        let app = try TextApp(
            toolkit: toolkit, title: "inkstone-text-app-wayland",
            environment: [
                "WAYLAND_DISPLAY": socket, "DISPLAY": "", "GDK_BACKEND": "wayland", "QT_QPA_PLATFORM": "wayland",
                "DBUS_SESSION_BUS_ADDRESS": busAddress,
            ].merging(environment) { $1 })
        self.app = app
        try DesktopSession.waitUntil("the app's window has the focus", timeout: 20) {
            app.state["active"] == "1" || app.ended
        }
        if app.ended { throw TestSupportError("the app ended: \(app.log)") }
        return app
    }

    /// Types key names (`g`, `space`, `Hangul`) through a virtual keyboard of their own, 40 ms
    /// apart (``KeyTyping``). The compositor moves the keyboard focus out and back in when
    /// that keyboard appears, so keys that must meet an open composition go in one call.
    func type(_ keys: [String]) throws {
        let result = try run(
            ["wtype", "-d", "40"] + keys.flatMap { $0 == keyPause ? ["-s", "300"] : ["-k", $0] },
            environment: ["WAYLAND_DISPLAY": socket])
        try #require(result.termination == .exited(0), "wtype: \(result.stderr)")
    }
}
