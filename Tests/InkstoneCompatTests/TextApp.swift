import Glibc
import InkstoneTestSupport

/// One run of the stock test application (`Tests/InkstoneCompatApps/text_app.py`): its
/// process, the state it publishes (the fields' texts) and the commands it reads, in a
/// folder of its own that is also its `XDG_RUNTIME_DIR` and `XDG_CONFIG_HOME`. The
/// process is killed when the value goes away.
final class TextApp {
    let process: DaemonProcess
    /// The app's own folder (state, commands, runtime files).
    let folder: String

    /// The folder of the test applications (`text_app.py`).
    static var scripts: String { repositoryRoot() + "/Tests/InkstoneCompatApps" }

    /// Starts the app with `toolkit` (`gtk3`, `gtk4`, `qt5`, `qt6`), `environment` choosing the
    /// display and the input-method module. `launcher` runs it (a sandbox: `bwrap …`), given
    /// the app's folder; the app runs directly when it is nil.
    init(
        toolkit: String, title: String, environment: [String: String],
        launcher: ((_ folder: String) -> [String])? = nil
    ) throws {
        folder = try makeTemporaryDirectory(prefix: "inkstone-app")
        let command = [
            "/usr/bin/python3", Self.scripts + "/text_app.py", "--toolkit", toolkit, "--state", folder + "/state",
            "--commands", folder + "/commands", "--title", title,
        ]
        let argv = (launcher?(folder) ?? []) + command
        process = try DaemonProcess(
            executable: argv[0], arguments: Array(argv.dropFirst()),
            environment: [
                "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": folder,
                "XDG_RUNTIME_DIR": folder, "GSETTINGS_BACKEND": "memory",
            ].merging(environment) { $1 })
    }

    deinit {
        process.signal(SIGKILL)
        _ = process.waitForExit(timeout: .seconds(5))
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
            if last == expected || ended { return last }
            usleep(50_000)
        }
        return last
    }

    /// The app's stderr (for failure messages).
    var log: String { process.stderr }

    /// Whether the app has exited.
    var ended: Bool { process.termination != nil }

    private var statePath: String { folder + "/state" }
    private var commandsPath: String { folder + "/commands" }
}
