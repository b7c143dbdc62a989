import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The `japanese` engine through the daemon, with keys by name as a client sends them.
@Suite(.serialized, .enabled(if: access("/usr/share/skk/SKK-JISYO.L", R_OK) == 0, "skkdic is not installed"))
struct JapaneseScenarioTests {
    static func letters(_ romaji: String) -> [String] { romaji.map { String($0) } }

    /// Keys whose first conversion may wait for the dictionary: the daemon loads it in the
    /// background from the moment the context is made, and a conversion asked for
    /// before it is ready waits for it (seconds in a debug build on a busy machine).
    static func keysAwaitingDictionary(_ peer: InkstonePeer, _ context: String, _ names: [String]) throws -> [Bool] {
        let reply = try peer.client.call(
            busName, context, contextInterface, "ProcessKeyNames", timeoutMilliseconds: 120_000
        ) {
            $0.append(strings: names)
        }
        var reader = reply.reader()
        guard case .array(_, let flags) = try reader.readValue() else { return [] }
        return flags.compactMap(\.boolValue)
    }

    static func page(_ value: DBusValue?) -> [String] {
        guard case .array(_, let items) = value else { return [] }
        return items.compactMap { item in
            if case .structure(let fields) = item { return fields.first?.stringValue }
            return nil
        }
    }

    @Test func kanjiHenkanSpaceReturnCommitsKanji() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"])
        let keys = ["k", "a", "n", "j", "i", "h", "e", "n", "k", "a", "n", "space", "Return"]
        #expect(try Self.keysAwaitingDictionary(peer, context, keys) == Array(repeating: true, count: keys.count))
        #expect(try peer.text(context) == "漢字変換")
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == false)
    }

    @Test func segmentsMoveResizeAndPickOverTheBus() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"])
        _ = try peer.keys(context, Self.letters("watashihagakkouniikimasu"))
        #expect(try peer.text(context) == "わたしはがっこうにいきます")
        #expect(try peer.range(context, "MarkedRange") == (0, 13))
        _ = try Self.keysAwaitingDictionary(peer, context, ["space"])
        #expect(try peer.text(context) == "私は学校に行きます")
        #expect(try peer.range(context, "MarkedRange") == (0, 9))
        // The caret sits at the end of the focused segment.
        #expect(try peer.range(context, "SelectedRange") == (2, 0))
        _ = try peer.keys(context, ["Right", "space"])
        #expect(try peer.text(context) == "私は學校に行きます")
        #expect(try peer.range(context, "SelectedRange") == (5, 0))
        // Shift+Left on the first segment, then Shift+Right back.
        _ = try peer.keys(context, ["Left", "Shift+Left"])
        #expect(try peer.text(context).hasPrefix("私"))
        #expect(try peer.text(context) != "私は學校に行きます")
        _ = try peer.keys(context, ["Shift+Right"])
        #expect(try peer.text(context) == "私は学校に行きます")
        // Two more presses open the window; SelectCandidate picks from it.
        _ = try peer.keys(context, ["space", "space"])
        let visible = Self.page(try peer.property(context, "Candidates"))
        #expect(visible.first == "私は", "\(visible)")
        let index = try #require(visible.firstIndex(of: "渡しは"), "\(visible)")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(index)) }
        #expect(Self.page(try peer.property(context, "Candidates")).isEmpty)
        #expect(try peer.text(context) == "渡しは学校に行きます")
        _ = try peer.keys(context, ["Return"])
        #expect(try peer.text(context) == "渡しは学校に行きます")
        #expect(try peer.range(context, "MarkedRange") == (-1, 0))
    }

    /// Sentences the dictionary's own costs got wrong (憎が隙です, 埋みで泳ぎました): the daemon
    /// ranks with libkkc-data's trigram model.
    @Test(.enabled(if: access("/usr/lib/x86_64-linux-gnu/libkkc/models/sorted3/data.1gram", R_OK) == 0))
    func theLanguageModelRanksSentencesOverTheBus() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"])
        _ = try Self.keysAwaitingDictionary(peer, context, Self.letters("nikugasukidesu") + ["space"])
        #expect(try peer.text(context) == "肉が好きです")
        // The segments are bunsetsu: 肉が | 好きです, the first focused.
        #expect(try peer.range(context, "SelectedRange") == (2, 0))
        _ = try peer.keys(context, ["Return"] + Self.letters("umideoyogimashita") + ["space", "Return"])
        #expect(try peer.text(context) == "肉が好きです海で泳ぎました")
    }

    @Test func functionKeysAndEscapeOverTheBus() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"])
        _ = try peer.keys(context, Self.letters("toukyou") + ["F7"])
        #expect(try peer.text(context) == "トウキョウ")
        _ = try peer.keys(context, ["F8"])
        #expect(try peer.text(context) == "ﾄｳｷｮｳ")
        _ = try peer.keys(context, ["F10"])
        #expect(try peer.text(context) == "toukyou")
        _ = try peer.keys(context, ["Escape"])
        #expect(try peer.text(context) == "とうきょう")
        _ = try Self.keysAwaitingDictionary(peer, context, ["space", "Return"])
        #expect(try peer.text(context) == "東京")
    }

    /// Reconversion: `Henkan` on a selection of committed text reopens it; Escape puts it
    /// back, Return commits the new text as one undo step.
    @Test func henkanOnASelectionReconvertsItOverTheBus() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=japanese"])
        _ = try peer.insert(context, "東京に行く")
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(2))
        }
        _ = try Self.keysAwaitingDictionary(peer, context, ["Henkan"])
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == true)
        #expect(try peer.range(context, "MarkedRange") == (0, 2))
        #expect(try peer.text(context) == "東京に行く")
        _ = try peer.keys(context, ["space"])
        let stepped = try peer.text(context)
        #expect(stepped != "東京に行く" && stepped.hasSuffix("に行く"), "\(stepped)")
        _ = try peer.keys(context, ["Escape"])
        #expect(try peer.text(context) == "東京に行く")
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == false)
        #expect(try peer.range(context, "SelectedRange") == (0, 2))

        _ = try peer.keys(context, ["Henkan", "space", "Return"])
        #expect(try peer.text(context) == stepped)
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == false)
        try peer.call(context, "Undo")
        #expect(try peer.text(context) == "東京に行く")

        // Kana is its own reading: いく selected converts to 行く.
        _ = try peer.replace(context, 0, 5, "あしたいく")
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(3))
            $0.append(Int64(2))
        }
        _ = try peer.keys(context, ["Henkan", "Return"])
        #expect(try peer.text(context) == "あした行く")

        // A selection of more than 256 UTF-8 bytes is not offered: Henkan changes nothing.
        let long = String(repeating: "かんじ", count: 29)  // 261 bytes
        _ = try peer.replace(context, 0, 5, long)
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(87))
        }
        _ = try peer.keys(context, ["Henkan"])
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == false)
        #expect(try peer.text(context) == long)
        #expect(try peer.range(context, "SelectedRange") == (0, 87))
        // At 255 bytes it is.
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(85))
        }
        _ = try peer.keys(context, ["Henkan"])
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == true)
    }
}
