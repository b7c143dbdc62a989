import Glibc
import InkstoneTestSupport
import Testing

/// The client's command line: version, exit codes, suggestions, `config`.
@Suite struct ClientCommandLineTests {
    private func inkstone(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        try run([builtProduct("inkstone")] + arguments, environment: environment)
    }

    @Test func versionMatchesTheDaemons() throws {
        let result = try inkstone(["--version"])
        #expect(result.termination == .exited(0))
        #expect(result.stdout.trimmingNewline == (try daemonVersion()))
    }

    @Test func unhandledKeysAreReportedAndExitThree() throws {
        let daemon = try RunningDaemon()
        let result = try inkstone(["type", "Control+Shift+u", "4", "e", "2", "d", "--address", daemon.bus.address])
        #expect(result.termination == .exited(3), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("unhandled: Control+Shift+u\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("text: 4e2d\n"), "\(result.stdout)")
        let unicode = try inkstone(
            [
                "type", "--engine", "unicode", "Control+Shift+u", "4", "e", "2", "d", "space", "--address",
                daemon.bus.address,
            ])
        #expect(unicode.termination == .exited(0), "\(unicode.stdout) \(unicode.stderr)")
        #expect(unicode.stdout.hasSuffix("text: 中\n"), "\(unicode.stdout)")
    }

    @Test func mistypedCommandsGetASuggestionAndExitTwo() throws {
        let result = try inkstone(["engine"])
        #expect(result.termination == .exited(2))
        #expect(result.stderr.contains("did you mean 'engines'?"), "\(result.stderr)")
        let typo = try inkstone(["tpye", "a"])
        #expect(typo.termination == .exited(2))
        #expect(typo.stderr.contains("did you mean 'type'?"), "\(typo.stderr)")
        let option = try inkstone(["type", "--no-such-option"])
        #expect(option.termination == .exited(2), "\(option.stderr)")
        let help = try inkstone(["--help"])
        #expect(help.termination == .exited(0))
        #expect(ReadmeWalkthrough.folded(help.stdout).contains("2 usage error"), "\(help.stdout)")
    }

    @Test func aMistypedEngineGetsASuggestion() throws {
        let daemon = try RunningDaemon()
        let result = try inkstone(["type", "--engine", "hangl", "g", "--address", daemon.bus.address])
        #expect(result.termination == .exited(1))
        #expect(result.stderr.contains("org.inkstone.Error.InvalidArgument"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean 'hangul'?"), "\(result.stderr)")
    }

    @Test func configCheckAcceptsTheFileAndShowPrintsIt() throws {
        let home = try makeTemporaryDirectory(prefix: "inkstone-client-config")
        mkdir(home + "/inkstone", 0o700)
        let file = home + "/inkstone/config.toml"
        try writeFile(file, "default_engine = \"hangul\"\n")
        let environment = ["XDG_CONFIG_HOME": home]
        let check = try inkstone(["config", "check"], environment: environment)
        #expect(check.termination == .exited(0), "\(check.stderr)")
        #expect(check.stdout == "\(file): ok\n")
        let show = try inkstone(["config", "show"], environment: environment)
        #expect(show.stdout.contains("default_engine = \"hangul\""), "\(show.stdout)")
        #expect(show.stdout.contains("contexts_per_peer = 256"), "\(show.stdout)")

        try writeFile(file, "default_engine = \"hangul\"\n[limits]\ncontexts_per_peer = -5\n")
        let bad = try inkstone(["config", "check"], environment: environment)
        #expect(bad.termination == .exited(1))
        #expect(bad.stderr.contains("\(file):3: limits.contexts_per_peer is -5"), "\(bad.stderr)")
        let missing = try inkstone(["config", "check", home + "/nothing.toml"])
        #expect(missing.termination == .exited(1))
    }
}

extension String {
    fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
