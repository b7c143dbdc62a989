import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The configuration file through a running daemon: defaults, flags over the file,
/// `Reload` and SIGHUP without dropping contexts, a bad file refused with its line.
@Suite struct ConfigurationTests {
    /// A folder with `inkstone/config.toml` holding `text`, for `XDG_CONFIG_HOME`.
    private func configHome(_ text: String) throws -> (home: String, file: String) {
        let home = try makeTemporaryDirectory(prefix: "inkstone-config")
        mkdir(home + "/inkstone", 0o700)
        try writeFile(home + "/inkstone/config.toml", text)
        return (home, home + "/inkstone/config.toml")
    }

    private func engine(_ peer: InkstonePeer, _ context: String) throws -> String {
        try peer.property(context, "Engine")?.stringValue ?? ""
    }

    @Test func theFileSetsTheDefaultEngineAndTheKeyboard() throws {
        let (home, _) = try configHome("default_engine = \"hangul\"\n[hangul]\nkeyboard = \"39\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        #expect(try engine(peer, context) == "hangul")
        _ = try peer.keys(context, ["k", "f", "space"])  // 3-set 390: ㄱ + ㅏ
        #expect(try peer.text(context) == "가 ")
    }

    @Test func flagsOverrideTheFile() throws {
        let (home, _) = try configHome("default_engine = \"hangul\"\n[limits]\ncontexts_per_peer = 1\n")
        let running = try RunningDaemon(
            arguments: ["--default-engine", "direct", "--max-contexts", "2"],
            environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        #expect(try engine(peer, try peer.newContext()) == "direct")
        _ = try peer.newContext()
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) { $0.append(strings: []) }
                == "org.inkstone.Error.LimitExceeded")
    }

    @Test(arguments: [
        ["--max-contexts=-5"], ["--max-string-bytes", "0"], ["--log-level", "loud"], ["--default-engine", "hangl"],
    ])
    func badFlagsStopTheStartWithStatusOne(_ flags: [String]) throws {
        let bus = try PrivateBus()
        let daemon = try DaemonProcess(arguments: ["--address", bus.address] + flags)
        #expect(daemon.waitForExit(timeout: .seconds(10)) == .exited(1), "\(daemon.stderr)")
        #expect(daemon.stderr.contains(flags[0].split(separator: "=")[0]), "\(daemon.stderr)")
    }

    @Test func aBadFileStopsTheStartNamingTheLine() throws {
        let (_, file) = try configHome("log_level = \"info\"\n\n[candidates]\npage_size = 40\n")
        let bus = try PrivateBus()
        let daemon = try DaemonProcess(arguments: ["--address", bus.address, "--config", file])
        #expect(daemon.waitForExit(timeout: .seconds(10)) == .exited(1))
        #expect(daemon.stderr.contains("\(file):4: candidates.page_size is 40"), "\(daemon.stderr)")
    }

    /// Reload applies a new file to new contexts, keeps the existing ones; a bad file is
    /// InvalidArgument with its line and changes nothing.
    @Test func reloadKeepsContextsAndRefusesABadFile() throws {
        let (home, file) = try configHome("default_engine = \"direct\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let before = try peer.newContext(["persist=true"])
        try peer.insert(before, "kept")

        try writeFile(file, "default_engine = \"unicode\"\n")
        let reply = try peer.call(servicePath, "Reload", interface: serviceInterface)
        #expect(reply.first?.stringValue == file)
        #expect(try engine(peer, try peer.newContext()) == "unicode")
        #expect(try engine(peer, before) == "direct")
        #expect(try peer.text(before) == "kept")

        try writeFile(file, "default_engine = \"compose\"\n\n[limits]\nstring_bytes = -1\n")
        do {
            try peer.call(servicePath, "Reload", interface: serviceInterface)
            Issue.record("a bad file was accepted")
        } catch let error as DBusKitError {
            #expect(error.name == "org.inkstone.Error.InvalidArgument")
            #expect(error.message.contains("\(file):4: limits.string_bytes is -1"), "\(error.message)")
        }
        #expect(try engine(peer, try peer.newContext()) == "unicode", "a refused file changed the default engine")
        #expect(try peer.text(before) == "kept")
    }

    @Test func sighupReloads() throws {
        let (home, file) = try configHome("default_engine = \"direct\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["persist=true"])
        try writeFile(file, "default_engine = \"hangul\"\n")
        running.daemon.signal(SIGHUP)
        var reloaded = false
        for _ in 0..<200 where !reloaded {
            reloaded = running.daemon.stderr.contains("configuration reloaded")
            if !reloaded { usleep(20_000) }
        }
        #expect(reloaded, "\(running.daemon.stderr)")
        #expect(try engine(peer, try peer.newContext()) == "hangul")
        #expect(try engine(peer, context) == "direct")
    }

    /// Missing libhangul-data: the Hangul engines are not advertised, are listed as
    /// unavailable with the package, and creating a context with one is a named error.
    @Test func missingKeyboardDataIsReportedNotAdvertised() throws {
        let (home, _) = try configHome("[hangul]\nkeyboard_directory = \"/nonexistent/keyboards\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let listed = try peer.call(servicePath, "ListEngines", interface: serviceInterface)
        #expect(!"\(listed)".contains("hangul"), "\(listed)")
        let unavailable = try peer.call(servicePath, "ListUnavailableEngines", interface: serviceInterface)
        #expect("\(unavailable)".contains("libhangul-data"), "\(unavailable)")
        #expect(
            peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) {
                $0.append(strings: ["engine=hangul"])
            } == "org.inkstone.Error.InvalidState")
        let context = try peer.newContext()
        #expect(peer.errorName(context, "SetEngine") { $0.append("hangul:39") } == "org.inkstone.Error.InvalidState")
        #expect(try engine(peer, context) == "compose")
    }

    @Test func theCycleKeyStepsThroughTheEngines() throws {
        let (home, _) = try configHome(
            "engine_cycle = [\"direct\", \"hangul\"]\n[keys]\ncycle_engine = \"Shift+space\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        #expect(try peer.keys(context, ["Shift+space"]) == [true])
        #expect(try engine(peer, context) == "direct")
        _ = try peer.keys(context, ["g", "Shift+space", "g", "k", "space"])
        #expect(try engine(peer, context) == "hangul")
        #expect(try peer.text(context) == "g하 ")
    }

    /// Configured labels reach the Candidates property, and SelectCandidate picks through them.
    @Test func candidateLabelsAndPageSizeFromTheFile() throws {
        let (home, _) = try configHome("[candidates]\nlabels = \"asdf\"\npage_size = 3\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=hangul"])
        _ = try peer.keys(context, ["g", "k", "s", "Hangul_Hanja"])
        let candidates = "\(try peer.property(context, "Candidates") as Any)"
        for label in ["\"a\"", "\"s\"", "\"d\""] { #expect(candidates.contains(label), "\(candidates)") }
        #expect(!candidates.contains("\"f\"") && !candidates.contains("\"1\""), "\(candidates)")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(1)) }
        let second = try peer.text(context)
        _ = try peer.keys(context, ["g", "k", "s", "Hangul_Hanja", "s"])
        #expect(try peer.text(context) == second + String(second.suffix(1)), "the label key s picked another candidate")
        _ = try peer.keys(context, ["g", "k", "s", "Hangul_Hanja", "Next"])
        #expect(
            peer.errorName(context, "SelectCandidate") { $0.append(Int32(3)) } == "org.inkstone.Error.InvalidArgument")
    }
}
