import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// One `dbus-send` line of the README and the output pieces it promises.
struct ReadmeCommand: CustomStringConvertible {
    let line: String
    var expectations: [String] = []

    var description: String { line }
}

/// Reads the README's `sh` blocks: every `dbus-send` line is a command, and
/// each `# → …` line below it is a piece of that command's output.
enum ReadmeWalkthrough {
    static func commands(in readme: String) -> [ReadmeCommand] {
        var commands: [ReadmeCommand] = []
        var inShellBlock = false
        for rawLine in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine).trimmingCharacters(in: " ")
            if line.hasPrefix("```") {
                inShellBlock = line == "```sh"
                continue
            }
            guard inShellBlock else { continue }
            if isCommand(line) {
                commands.append(ReadmeCommand(line: line))
            } else if line.hasPrefix("# →"), !commands.isEmpty {
                commands[commands.count - 1].expectations.append(String(line.dropFirst(3)).trimmingCharacters(in: " "))
            }
        }
        return commands
    }

    /// Lines the test runs: client calls, `echo`, and `NAME=$(…)` assignments.
    static func isCommand(_ line: String) -> Bool {
        ["dbus-send ", "gdbus ", "inkstone ", "echo "].contains { line.hasPrefix($0) } || assignedVariable(line) != nil
    }

    /// `ctx` for a line `ctx=$(…)`, else nil.
    static func assignedVariable(_ line: String) -> String? {
        guard let equals = line.firstIndex(of: "="), line[equals...].hasPrefix("=$(") else { return nil }
        let name = line[..<equals]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }) else { return nil }
        return String(name)
    }

    /// The first ```toml block.
    static func tomlBlock(in readme: String) -> String? {
        guard let start = readme.firstRange(of: "```toml\n") else { return nil }
        let rest = readme[start.upperBound...]
        guard let end = rest.firstRange(of: "```") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// Collapses every run of white space to one space.
    static func folded(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

@Suite struct ReadmeTests {
    private func readme() throws -> String { try readFile(repositoryRoot() + "/README.md") }

    @Test func walkthroughHasCommandsAndExpectations() throws {
        let commands = ReadmeWalkthrough.commands(in: try readme())
        #expect(commands.count >= 10)
        #expect(commands.filter { !$0.expectations.isEmpty }.count >= 8)
    }

    /// Runs every command of the walkthrough, in order, as one shell would (variables
    /// assigned by `ctx=$(…)` lines are set for the lines after them), against a fresh
    /// daemon and then again against the same daemon, which then already has contexts.
    @Test func everyWalkthroughCommandWorksAsShown() throws {
        let running = try RunningDaemon()
        let clientFolder = String(builtProduct("inkstone").dropLast("/inkstone".count))
        let path = clientFolder + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        let commands = ReadmeWalkthrough.commands(in: try readme())
        #expect(commands.contains { ReadmeWalkthrough.assignedVariable($0.line) != nil })
        #expect(commands.contains { $0.line.hasPrefix("inkstone ") })
        for round in 1...2 {
            var environment = ["DBUS_SESSION_BUS_ADDRESS": running.bus.address, "PATH": path]
            for command in commands {
                if let variable = ReadmeWalkthrough.assignedVariable(command.line) {
                    let result = try run(
                        ["/bin/sh", "-c", command.line + "\nprintf '%s' \"$\(variable)\""],
                        environment: environment)
                    #expect(result.termination == .exited(0), "round \(round): \(command) failed: \(result.stderr)")
                    #expect(!result.stdout.isEmpty, "round \(round): \(command) set no \(variable)")
                    environment[variable] = result.stdout
                    continue
                }
                let result = try run(["/bin/sh", "-c", command.line], environment: environment)
                let output = ReadmeWalkthrough.folded(result.stdout + "\n" + result.stderr)
                let expectsError = command.expectations.contains { $0.hasPrefix("Error ") }
                if expectsError {
                    #expect(result.termination != .exited(0), "round \(round): \(command) should fail")
                } else {
                    #expect(result.termination == .exited(0), "round \(round): \(command) failed: \(output)")
                }
                for expected in command.expectations {
                    #expect(
                        output.contains(ReadmeWalkthrough.folded(expected)),
                        "round \(round): \(command): no '\(expected)' in \(output)")
                }
            }
        }
    }

    /// The README's configuration block is what `inkstone config show --defaults` prints.
    @Test func configurationBlockIsTheDefaults() throws {
        let block = try #require(ReadmeWalkthrough.tomlBlock(in: try readme()))
        let shown = try run([builtProduct("inkstone"), "config", "show", "--defaults"])
        #expect(shown.termination == .exited(0))
        let withoutTitle = shown.stdout.split(separator: "\n", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        #expect(
            block == withoutTitle,
            "README.md's config.toml block differs from `inkstone config show --defaults`:\n\(shown.stdout)")
    }

    /// `make run`'s script with no session bus: it starts a private bus, prints
    /// the address to export, runs the daemon there, and on SIGTERM stops both.
    @Test func runScriptStartsAPrivateBusWhenThereIsNone() throws {
        let script = repositoryRoot() + "/scripts/run.sh"
        let process = try DaemonProcess(
            executable: "/bin/sh", arguments: ["-c", "exec bash '\(script)' 1>&2"],
            environment: [
                "INKSTONE_BIN": builtProduct("inkstoned"), "XDG_RUNTIME_DIR": "/nonexistent",
                "PATH": "/usr/local/bin:/usr/bin:/bin",
            ])
        var address: String?
        for _ in 0..<200 where address == nil {
            usleep(25_000)
            for line in process.stderr.split(separator: "\n") where line.contains("export DBUS_SESSION_BUS_ADDRESS='") {
                address = line.split(separator: "'").dropFirst().first.map(String.init)
            }
        }
        let busAddress = try #require(address, "no address printed: \(process.stderr)")
        #expect(process.stderr.contains("dbus-send --session --print-reply --dest=org.inkstone.Inkstone1"))
        #expect(try process.waitForName(busName, on: busAddress))
        let client = try BusClient(address: busAddress)
        #expect(try client.callString(busName, servicePath, serviceInterface, "GetVersion") == (try daemonVersion()))
        client.connection.close()

        let busPID = process.stderr.split(separator: "(pid ").dropFirst().first?.prefix { $0.isNumber }
        process.signal(SIGTERM)
        #expect(process.waitForExit(timeout: .seconds(10)) == .exited(0), "\(process.stderr)")
        if let busPID, let pid = pid_t(busPID) {
            var gone = false
            for _ in 0..<100 where !gone {
                gone = kill(pid, 0) != 0
                if !gone { usleep(20_000) }
            }
            #expect(gone, "the private bus (pid \(pid)) is still running")
        } else {
            Issue.record("no bus pid printed: \(process.stderr)")
        }
    }
}
