import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// What the `japanese` engine learns outlives the daemon: a candidate picked in one
/// daemon comes first in the next one on the same data folder, whether the first was
/// stopped with SIGTERM or killed with SIGKILL; a `sensitive` context learns nothing.
@Suite(.serialized, .enabled(if: access("/usr/share/skk/SKK-JISYO.L", R_OK) == 0, "skkdic is not installed"))
struct JapaneseLearningRestartTests {
    static let reading = JapaneseScenarioTests.letters("kanji")

    /// Converts `かんじ` in a new context and returns the text of the first conversion
    /// (the context discards it when the peer goes: nothing is committed or learnt).
    static func firstConversion(_ running: RunningDaemon) throws -> String {
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese", "focus_out=discard"])
        _ = try peer.keys(context, reading)
        #expect(try peer.text(context) == "かんじ")
        _ = try JapaneseScenarioTests.keysAwaitingDictionary(peer, context, ["space"])
        return try peer.text(context)
    }

    /// Converts `かんじ`, opens the window, picks its second candidate with
    /// `SelectCandidate` and commits; returns the first conversion and the pick.
    static func pickSecondCandidate(_ running: RunningDaemon, options: [String] = []) throws -> (
        first: String, picked: String
    ) {
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"] + options)
        _ = try peer.keys(context, reading)
        _ = try JapaneseScenarioTests.keysAwaitingDictionary(peer, context, ["space"])
        let first = try peer.text(context)
        _ = try peer.keys(context, ["space", "space"])
        let visible = JapaneseScenarioTests.page(try peer.property(context, "Candidates"))
        try #require(visible.count >= 2, "\(visible)")
        #expect(visible.first == first, "\(visible)")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(1)) }
        _ = try peer.keys(context, ["Return"])
        #expect(try peer.text(context) == visible[1])
        #expect(try peer.range(context, "MarkedRange") == (-1, 0))
        return (first, visible[1])
    }

    /// Picks a candidate in one daemon, stops it with `signal`, and converts again in a
    /// new daemon on the same data folder.
    func pickedCandidateComesFirstAfterRestart(stoppingWith signal: Int32) throws {
        let data = try makeTemporaryDirectory(prefix: "inkstone-restart")
        let picked: String
        do {
            let running = try RunningDaemon(environment: ["XDG_DATA_HOME": data])
            let choice = try Self.pickSecondCandidate(running)
            #expect(choice.picked != choice.first)
            picked = choice.picked
            running.daemon.signal(signal)
            #expect(running.daemon.waitForExit() == (signal == SIGKILL ? .signaled(SIGKILL) : .exited(0)))
        }
        let next = try RunningDaemon(environment: ["XDG_DATA_HOME": data])
        #expect(try Self.firstConversion(next) == picked, "stopped with signal \(signal)")
    }

    @Test(.timeLimit(.minutes(3))) func aPickedCandidateComesFirstAfterSIGTERM() throws {
        try pickedCandidateComesFirstAfterRestart(stoppingWith: SIGTERM)
    }

    @Test(.timeLimit(.minutes(3))) func aPickedCandidateComesFirstAfterSIGKILL() throws {
        try pickedCandidateComesFirstAfterRestart(stoppingWith: SIGKILL)
    }

    @Test(.timeLimit(.minutes(3))) func aSensitiveContextLearnsNothingAcrossARestart() throws {
        let data = try makeTemporaryDirectory(prefix: "inkstone-restart")
        let first: String
        do {
            let running = try RunningDaemon(environment: ["XDG_DATA_HOME": data])
            let choice = try Self.pickSecondCandidate(running, options: ["sensitive=true"])
            first = choice.first
            #expect(try Self.firstConversion(running) == first, "nothing learnt in this daemon")
            let client = try Connection(address: running.bus.address)
            defer { client.close() }
            let learnt = try LearningTests.listLearned(client)
            #expect(learnt.isEmpty, "\(learnt)")
            running.daemon.signal(SIGTERM)
            #expect(running.daemon.waitForExit() == .exited(0))
        }
        let next = try RunningDaemon(environment: ["XDG_DATA_HOME": data])
        #expect(try Self.firstConversion(next) == first, "nothing learnt in the next daemon")
    }
}
