import Glibc

/// A private `dbus-daemon` for one test: its address and pid; stopped on deinit.
public final class PrivateBus: @unchecked Sendable {
    /// The bus address (pass it to clients explicitly).
    public let address: String
    /// The daemon's pid.
    public let pid: pid_t
    private var stopped = false

    /// Starts a session-type bus.
    ///
    /// - Parameter servicesDirectory: a folder of `.service` activation files; when
    ///   given, the bus uses a generated config whose only `<servicedir>` is it.
    public init(servicesDirectory: String? = nil) throws {
        var argv = ["dbus-daemon", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"]
        if let servicesDirectory {
            let folder = try makeTemporaryDirectory(prefix: "inkstone-bus")
            let config = folder + "/session.conf"
            try writeFile(config, Self.config(servicesDirectory: servicesDirectory, socketFolder: folder))
            argv.append("--config-file=\(config)")
        } else {
            argv.append("--session")
        }
        let result = try run(argv, timeout: .seconds(10))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard result.termination == .exited(0), lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw TestSupportError("dbus-daemon did not start (\(result.termination)): \(result.stderr)")
        }
        address = lines[0]
        self.pid = pid
    }

    deinit { stop() }

    /// Stops the daemon (SIGTERM; `SIGKILL` to simulate a crash).
    public func stop(signal: Int32 = SIGTERM) {
        guard !stopped else { return }
        stopped = true
        kill(pid, signal)
    }

    private static func config(servicesDirectory: String, socketFolder: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:dir=\(socketFolder)</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(servicesDirectory)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}
