import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The learning stores over D-Bus and `inkstone dict`: named errors, all-or-nothing,
/// durability across SIGKILL, and files that are not dictionaries.
@Suite struct LearningTests {
    private func inkstone(_ daemon: RunningDaemon, _ arguments: [String]) throws -> RunResult {
        try run([builtProduct("inkstone")] + arguments + ["--address", daemon.bus.address])
    }

    /// `ListLearned` over `client`: (reading, texts) pairs.
    static func listLearned(_ client: Connection, _ dictionary: String = "japanese") throws -> [(String, [String])] {
        var reader = try client.call(
            destination: busName, path: servicePath, interface: serviceInterface, member: "ListLearned"
        ) { $0.append(dictionary) }.reader()
        return try reader.readArray { element in
            try element.readStruct { pair in (try pair.readString(), try pair.readStrings()) }
        }
    }

    @Test func theDictCommandAddsListsExportsAndRemovesWithNamedErrors() throws {
        let daemon = try RunningDaemon()
        #expect(try inkstone(daemon, ["dict", "add", "japanese", "かんじ", "感じ"]).termination == .exited(0))
        #expect(try inkstone(daemon, ["dict", "add", "japanese", "かんじ", "漢字"]).termination == .exited(0))
        #expect(try inkstone(daemon, ["dict", "add", "pinyin", "ni'hao", "泥好"]).termination == .exited(0))
        #expect(try inkstone(daemon, ["dict", "list", "japanese"]).stdout == "かんじ\t漢字\t感じ\n")
        let exported = try inkstone(daemon, ["dict", "export", "japanese"]).stdout
        #expect(exported.hasSuffix(";; okuri-nasi entries.\nかんじ /漢字/感じ/\n"))

        let refused: [([String], String)] = [
            (["dict", "add", "japanes", "a", "b"], "org.inkstone.Error.InvalidArgument"),
            (["dict", "add", "japanese", "a b", "x"], "org.inkstone.Error.InvalidArgument"),
            (
                ["dict", "add", "japanese", "よみ", String(repeating: "字", count: 100)],
                "org.inkstone.Error.LimitExceeded"
            ),
            (["dict", "remove", "japanese", "かんじ", "幹事"], "org.inkstone.Error.UnknownObject"),
            (["dict", "list", "klingon"], "org.inkstone.Error.InvalidArgument"),
        ]
        for (arguments, error) in refused {
            let result = try inkstone(daemon, arguments)
            #expect(result.termination == .exited(1), "\(arguments)")
            #expect(result.stderr.contains(error), "\(arguments): \(result.stderr)")
        }
        #expect(try inkstone(daemon, ["dict", "export", "japanese"]).stdout == exported, "failed calls change nothing")
        let suggestion = try inkstone(daemon, ["dict", "list", "japanes"]).stderr
        #expect(suggestion.contains("japanese"))

        #expect(try inkstone(daemon, ["dict", "remove", "japanese", "かんじ", "漢字"]).termination == .exited(0))
        #expect(try inkstone(daemon, ["dict", "list", "japanese"]).stdout == "かんじ\t感じ\n")
        #expect(try inkstone(daemon, ["dict", "list", "pinyin"]).stdout == "ni'hao\t泥好\n")
        // The pinyin engine finds the entry added with `'` between the syllables.
        let typed = try inkstone(daemon, ["type", "--engine", "pinyin", "n", "i", "h", "a", "o", "space"])
        #expect(typed.stdout.contains("泥好"), "\(typed.stdout) \(typed.stderr)")
        #expect(try inkstone(daemon, ["dict", "list", "emoji"]).stdout == "")
    }

    @Test func aFileThatIsNoDictionaryIsSetAsideWithALogLineAndLearningGoesOn() throws {
        let data = try makeTemporaryDirectory(prefix: "inkstone-data")
        #expect(mkdir(data + "/inkstone", 0o700) == 0)
        let foreign = "<html>not a dictionary</html>\n"
        try writeFile(data + "/inkstone/japanese.jisyo", foreign)
        let daemon = try RunningDaemon(environment: ["XDG_DATA_HOME": data])
        let client = try Connection(address: daemon.bus.address)
        defer { client.close() }
        #expect(try Self.listLearned(client).isEmpty)
        _ = try client.call(destination: busName, path: servicePath, interface: serviceInterface, member: "Learn") {
            $0.append("japanese")
            $0.append("き")
            $0.append("木")
        }
        #expect(try Self.listLearned(client).map(\.0) == ["き"])
        #expect(daemon.daemon.waitForStderr(containing: "is not a user dictionary"), "\(daemon.daemon.stderr)")
        let listing = try run(["ls", data + "/inkstone"]).stdout.split(separator: "\n").map(String.init)
        let aside = try #require(listing.first { $0.hasPrefix("japanese.jisyo.unreadable-") }, "\(listing)")
        #expect(try readFile(data + "/inkstone/" + aside) == foreign, "the foreign file is kept, not overwritten")
        #expect(daemon.daemon.termination == nil)
    }

    /// A loop of `Learn` calls while another thread kills the daemon with SIGKILL at
    /// a random moment; every call whose reply arrived must be in the next daemon's
    /// store, and the file must parse completely. Then the same after a torn and a
    /// bit-flipped journal tail.
    @Test(.timeLimit(.minutes(4))) func everyAcknowledgedChoiceSurvivesSIGKILL() throws {
        let data = try makeTemporaryDirectory(prefix: "inkstone-kill")
        let config = data + "/config.toml"
        try writeFile(config, "[learning]\nmax_readings = 1000000\n")
        let journal = data + "/inkstone/japanese.jisyo.journal"
        var acknowledged: [(reading: String, text: String)] = []
        var random = SplitMix64(seed: UInt64(time(nil)))

        func start() throws -> (RunningDaemon, Connection) {
            let daemon = try RunningDaemon(arguments: ["--config", config], environment: ["XDG_DATA_HOME": data])
            return (daemon, try Connection(address: daemon.bus.address))
        }
        func learn(_ client: Connection, _ reading: String, _ text: String) throws {
            _ = try client.call(
                destination: busName, path: servicePath, interface: serviceInterface, member: "Learn",
                timeoutMilliseconds: 10_000
            ) {
                $0.append("japanese")
                $0.append(reading)
                $0.append(text)
            }
        }
        func expectAllAcknowledged(_ client: Connection, except lost: String? = nil, _ context: String) throws {
            let learnt = Dictionary(try Self.listLearned(client), uniquingKeysWith: { first, _ in first })
            let missing = acknowledged.filter { $0.reading != lost && learnt[$0.reading]?.first != $0.text }
            #expect(
                missing.isEmpty, "\(context): \(missing.count) acknowledged choices lost, e.g. \(missing.prefix(3))")
        }

        for iteration in 0..<30 {
            let (daemon, client) = try start()
            try expectAllAcknowledged(client, "before iteration \(iteration)")
            let pid = daemon.daemon.pid
            let delay = UInt32(2_000 + random.next(below: 150_000))
            let killer = PosixThread.spawn {
                usleep(delay)
                kill(pid, SIGKILL)
            }
            var index = 0
            while true {
                let reading = "k\(iteration)x\(index)"
                do {
                    try learn(client, reading, "t\(index)")
                } catch {
                    break
                }
                acknowledged.append((reading, "t\(index)"))
                index += 1
            }
            killer?.join()
            #expect(daemon.daemon.waitForExit() == .signaled(SIGKILL))
            client.close()
        }
        #expect(acknowledged.count > 30, "the loop made progress")

        // A torn write at the journal's end (a line that never got its reply).
        do {
            let torn = "0123456789abcdef + torn /x"
            let file = fopen(journal, "a")
            fputs(torn, file)
            fclose(file)
            let (daemon, client) = try start()
            try expectAllAcknowledged(client, "after a torn journal tail")
            #expect(try Self.listLearned(client).allSatisfy { $0.0 != "torn" })
            #expect(daemon.daemon.waitForStderr(containing: "damaged line"), "\(daemon.daemon.stderr)")
            try learn(client, "flipped", "lost")
            daemon.daemon.signal(SIGKILL)
            _ = daemon.daemon.waitForExit()
            client.close()
        }
        // A flipped bit in the journal's last line: that line alone is lost.
        do {
            var bytes = Array(try readFile(journal).utf8)
            #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(" flipped /lost/\n"))
            bytes[bytes.count - 3] ^= 0x04
            try writeFile(journal, String(decoding: bytes, as: UTF8.self))
            let (daemon, client) = try start()
            try expectAllAcknowledged(client, except: "flipped", "after a bit flip in the journal")
            #expect(try Self.listLearned(client).allSatisfy { $0.0 != "flipped" })
            #expect(daemon.daemon.waitForStderr(containing: "damaged line"), "\(daemon.daemon.stderr)")
            client.close()
        }
        // The file parses completely: comments and `reading /text/…/` lines only, nothing set aside.
        let text = try readFile(data + "/inkstone/japanese.jisyo")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix(";;") || ($0.contains(" /") && $0.hasSuffix("/")) })
        #expect(lines.count >= acknowledged.count)
        let listing = try run(["ls", data + "/inkstone"]).stdout
        #expect(!listing.contains("unreadable"), "\(listing)")
    }
}
