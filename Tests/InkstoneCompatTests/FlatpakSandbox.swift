import Glibc
import InkstoneTestSupport
import Testing

/// What Flatpak puts around an application, built from the same parts: `xdg-dbus-proxy`
/// filters the session bus with Flatpak's own default rules (calls to
/// `org.freedesktop.portal.*` names, their broadcasts under `/org/freedesktop/portal/`,
/// nothing else), and `bwrap` runs the application in new namespaces (user, mount, pid,
/// network, IPC, UTS) with a private filesystem view: `/usr` and `/etc` read-only, an empty
/// `/tmp`, `/.flatpak-info`, the proxy's socket as its session bus at `/run/flatpak/bus`,
/// and only the X server's socket and the application's own folder from outside.
final class FlatpakSandbox {
    private let proxy: DaemonProcess
    private let folder: String

    /// The programs a sandboxed test needs.
    static let requirements = ["/usr/bin/bwrap", "/usr/bin/xdg-dbus-proxy", "/usr/bin/dbus-send"]

    /// The system's programs and libraries, read-only, as a runtime would provide them.
    private static let systemView = [
        "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
    ]

    /// Why no sandbox can be built here (a package missing, or `bwrap` refused to create the
    /// namespaces: without privileges it needs unprivileged user namespaces), nil when it can.
    static let unavailable: String? = {
        if let missing = DesktopSession.missing(requirements) { return missing }
        let probe = try? run(
            ["/usr/bin/bwrap", "--unshare-all"] + systemView + ["--", "/usr/bin/true"], timeout: .seconds(10))
        guard let probe, probe.termination == .exited(0) else {
            return "bwrap cannot create a sandbox here: \(probe?.stderr ?? "it did not start")"
        }
        return nil
    }()

    /// The session bus address inside the sandbox (Flatpak's).
    static let busAddress = "unix:path=/run/flatpak/bus"

    /// Starts the proxy in front of `busAddress`.
    init(busAddress: String) throws {
        folder = try makeTemporaryDirectory(prefix: "inkstone-sandbox")
        try writeFile(
            folder + "/flatpak-info",
            "[Application]\nname=org.inkstone.TextApp\nruntime=runtime/org.inkstone.Platform/x86_64/1\n\n"
                + "[Instance]\nsession-bus-proxy=true\n")
        proxy = try DaemonProcess(
            executable: "/usr/bin/xdg-dbus-proxy",
            arguments: [
                busAddress, folder + "/bus", "--filter", "--call=org.freedesktop.portal.*=*",
                "--broadcast=org.freedesktop.portal.*=@/org/freedesktop/portal/*",
            ])
        try DesktopSession.waitUntil("xdg-dbus-proxy listens") { [proxy, folder] in
            if proxy.termination != nil { throw TestSupportError("xdg-dbus-proxy ended: \(proxy.stderr)") }
            return access(folder + "/bus", F_OK) == 0
        }
    }

    deinit {
        proxy.signal(SIGKILL)
        _ = proxy.waitForExit(timeout: .seconds(5))
    }

    /// The proxy's pid: every connection from inside the sandbox is its connection on the bus.
    var proxyPid: pid_t { proxy.pid }

    /// The `bwrap` command line that runs a command inside, with the paths of `shared`
    /// (the X server's socket) bound read-only and `writable` (the application's folder)
    /// read-write, each at its own path.
    func launcher(shared: [String] = [], writable: String) -> [String] {
        [
            "/usr/bin/bwrap", "--unshare-all", "--die-with-parent", "--new-session",
        ] + Self.systemView + [
            "--ro-bind-try", "/var/cache/fontconfig", "/var/cache/fontconfig",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", "/run/flatpak",
            "--ro-bind", folder + "/flatpak-info", "/.flatpak-info",
            "--ro-bind", folder + "/bus", "/run/flatpak/bus", "--setenv", "DBUS_SESSION_BUS_ADDRESS", Self.busAddress,
            "--ro-bind", TextApp.scripts, TextApp.scripts, "--bind", writable, writable,
        ] + shared.flatMap { ["--ro-bind", $0, $0] } + ["--"]
    }

    /// Runs `command` inside a sandbox like the application's (for a call from inside).
    func runInside(_ command: [String]) throws -> RunResult {
        try run(launcher(writable: try makeTemporaryDirectory(prefix: "inkstone-sandboxed")) + command)
    }
}
