import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// Runs the `inkstone` client against `daemon`'s private bus.
private func inkstone(_ arguments: [String], on daemon: RunningDaemon, timeout: Duration = .seconds(20)) throws
    -> RunResult
{
    try run([builtProduct("inkstone")] + arguments + ["--address", daemon.bus.address], timeout: timeout)
}

@Suite struct ClientTests {
    @Test(arguments: [[], ["--via-bus"]])
    func typeHangulPrintsCommitsAndText(transport: [String]) throws {
        let daemon = try RunningDaemon()
        let result = try inkstone(
            ["type", "--engine", "hangul"] + transport + ["g", "k", "s", "r", "m", "f", "space"], on: daemon)
        #expect(result.termination == .exited(0), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last(where: { !$0.isEmpty }) == "text: 한글 ", "\(result.stdout)")
        let commits = lines.filter { $0.hasPrefix("commit: ") }.map { $0.dropFirst("commit: ".count) }.joined()
        #expect(commits == "한글 ", "\(result.stdout)")
    }

    @Test func typeInGraphemesPrintsTheText() throws {
        let daemon = try RunningDaemon()
        let result = try inkstone(
            ["type", "--unit", "graphemes", "--engine", "direct", "--text", "héllo", "wörld"], on: daemon)
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stdout.hasSuffix("text: héllo wörld\n"), "\(result.stdout)")
    }

    @Test func daemonErrorsExitNonZeroWithTheirName() throws {
        let daemon = try RunningDaemon()
        let result = try inkstone(["type", "--engine", "no-such-engine", "a"], on: daemon)
        #expect(result.termination == .exited(1))
        #expect(result.stderr.contains("org.inkstone.Error."), "\(result.stderr)")
        #expect(result.stderr.contains("no-such-engine"), "\(result.stderr)")
        let badKey = try inkstone(["type", "not-a-key-name!"], on: daemon)
        #expect(badKey.termination == .exited(1), "\(badKey.stdout)")
        #expect(badKey.stderr.contains("org.inkstone.Error.InvalidArgument"), "\(badKey.stderr)")
    }

    @Test func noDaemonNamesTheFix() throws {
        let bus = try PrivateBus()
        let result = try run([builtProduct("inkstone"), "engines", "--address", bus.address])
        #expect(result.termination == .exited(1))
        #expect(result.stderr.contains("no daemon on the bus"), "\(result.stderr)")
        #expect(result.stderr.contains("inkstoned --address"), "\(result.stderr)")
        let noBus = try run([builtProduct("inkstone"), "status"])
        #expect(noBus.termination == .exited(1))
        #expect(noBus.stderr.contains("DBUS_SESSION_BUS_ADDRESS"), "\(noBus.stderr)")
    }

    @Test func enginesAndStatusCommandsReportTheDaemon() throws {
        let daemon = try RunningDaemon()
        let engines = try inkstone(["engines"], on: daemon)
        #expect(engines.termination == .exited(0), "\(engines.stderr)")
        let ids = engines.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        #expect(Set(ids).isSuperset(of: ["compose", "direct", "hangul", "unicode"]), "\(engines.stdout)")

        let client = try BusClient(address: daemon.bus.address)
        _ = try client.call(busName, servicePath, serviceInterface, "NewInputContext") { $0.append(strings: []) }
        let status = try inkstone(["status"], on: daemon)
        #expect(status.termination == .exited(0), "\(status.stderr)")
        var fields: [String: String] = [:]
        for line in status.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, fields[parts[0]] == nil else { continue }
            fields[parts[0]] = String(parts[1].dropFirst())
        }
        #expect(fields["version"] == (try daemonVersion()))
        #expect(fields["contexts"] == "1", "\(status.stdout)")
        #expect(fields["durable_documents"] == "0", "\(status.stdout)")
        #expect(fields["transport"] == "direct", "\(status.stdout)")
        #expect(fields["pid"] == "\(daemon.daemon.pid)", "\(status.stdout)")
        #expect(
            (fields["rss_bytes"]?.split(separator: " ").first.flatMap { Int($0) } ?? 0) > 1 << 20, "\(status.stdout)")
        let json = try inkstone(["status", "--json", "--via-bus"], on: daemon)
        #expect(json.stdout.hasPrefix("{") && json.stdout.contains("\"transport\": \"bus\""), "\(json.stdout)")
    }

    /// `monitor CONTEXT` subscribes to a persistent context and prints what another client types into it.
    @Test(arguments: [false, true])
    func monitorPrintsAnotherClientsEdits(json: Bool) throws {
        let daemon = try RunningDaemon()
        let client = try BusClient(address: daemon.bus.address)
        var reader = try client.call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["persist=true", "engine=direct"])
        }.reader()
        let context = try reader.readObjectPath()
        let output = Mutex<RunResult?>(nil)
        let arguments =
            ["monitor", context, "--kinds", "text", "--count", "2", "--idle-timeout", "15"]
            + (json ? ["--json"] : []) + ["--address", daemon.bus.address]
        let thread = PosixThread.spawn {
            let result = try? run([builtProduct("inkstone")] + arguments, timeout: .seconds(30))
            output.withLock { $0 = result }
        }
        // Type until the monitor (once subscribed) has seen two signals and exited.
        var typed = 0
        while output.withLock({ $0 == nil }), typed < 100 {
            _ = try client.call(busName, context, contextInterface, "InsertText") { $0.append("x") }
            typed += 1
            usleep(100_000)
        }
        thread?.join()
        let result = try #require(output.withLock { $0 })
        #expect(result.termination == .exited(0), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        if json {
            #expect(lines.first?.hasPrefix("{\"path\": \"\(context)\"") == true, "\(result.stdout)")
            #expect(result.stdout.contains("\"member\": \"TextDidChange\""), "\(result.stdout)")
        } else {
            #expect(
                lines.contains { $0.hasPrefix("TextDidChange revision=") && $0.hasSuffix("cause=\"typing\"") },
                "\(result.stdout)")
        }
    }

    /// `monitor DOCUMENT --via-bus` waits until the document is shared with it, then shows the edits of its creator.
    @Test func monitorWatchesASharedDocument() throws {
        let daemon = try RunningDaemon()
        let creator = try BusClient(address: daemon.bus.address)
        var reader = try creator.call(busName, servicePath, serviceInterface, "CreateDocument").reader()
        let document = try reader.readObjectPath()
        reader = try creator.call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["document=\(document)", "engine=direct"])
        }.reader()
        let context = try reader.readObjectPath()
        let output = Mutex<RunResult?>(nil)
        let arguments = [
            builtProduct("inkstone"), "monitor", document, "--via-bus", "--kinds", "text", "--count", "2",
            "--idle-timeout", "15", "--address", daemon.bus.address,
        ]
        let thread = PosixThread.spawn {
            let result = try? run(arguments, timeout: .seconds(30))
            output.withLock { $0 = result }
        }
        // Share with every other peer on the bus (the monitor among them) once it has been
        // connected for a second (its first attempt, refused, comes before: it then says
        // it waits), and type until it has seen two signals.
        var typed = 0
        var firstSeen: [String: Int] = [:]
        while output.withLock({ $0 == nil }), typed < 150 {
            var names = try creator.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames"
            ).reader()
            for name in try names.readStrings() where name.hasPrefix(":") && name != creator.connection.uniqueName {
                let seen = firstSeen[name, default: typed]
                firstSeen[name] = seen
                guard typed - seen >= 10 else { continue }
                _ = try creator.call(busName, document, documentInterface, "Share") { $0.append(name) }
            }
            _ = try creator.call(busName, context, contextInterface, "InsertText") { $0.append("x") }
            typed += 1
            usleep(100_000)
        }
        thread?.join()
        let result = try #require(output.withLock { $0 })
        #expect(result.termination == .exited(0), "\(result.stderr)")
        #expect(result.stderr.contains("waiting until \(document) is shared with :"), "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("TextWillChange revision=") == true, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("TextDidChange revision=") == true, "\(result.stdout)")
    }

    /// The benchmark suite runs end to end (no timing is checked).
    @Test func benchQuickRunPrintsEveryRow() throws {
        let result = try run([builtProduct("inkstone-bench"), "all", "--quick"], timeout: .seconds(300))
        #expect(result.termination == .exited(0), "\(result.stderr)")
        for row in [
            "baseline: raw libdbus echo", "key, direct p2p, events in reply", "key → other view's signal", "load:",
            "floor: echo + one signal to the caller", "floor: inkstoned GetVersion",
            "floor: inkstoned GetVersion, direct p2p",
            "floor: echo + one signal to another client", "key → other view's signal, direct, libdbus view",
            "load p2p:", "load floor:",
            "per key, 1 MB",
            "idle contexts", "cold start",
        ] {
            #expect(result.stdout.contains(row), "\(row) missing: \(result.stdout)")
        }
    }

    /// Every benchmark the README lists is a subcommand of `inkstone-bench`.
    @Test func everyBenchmarkTheReadmeListsExists() throws {
        let readme = try readFile(repositoryRoot() + "/README.md")
        let prefix = ".build/release/inkstone-bench "
        let names = readme.split(separator: "\n").filter { $0.hasPrefix(prefix) }.flatMap { line in
            line.dropFirst(prefix.count).prefix { $0 != " " }.split(separator: "|").map(String.init)
        }
        #expect(names.count >= 15, "\(names)")
        for name in names {
            let result = try run([builtProduct("inkstone-bench"), name, "--help"])
            #expect(result.termination == .exited(0), "inkstone-bench \(name): \(result.stderr)")
        }
    }
}
