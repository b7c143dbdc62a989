import DBusKit
import Foundation
import InkstoneTestSupport
import Testing

/// The pinyin engine through the daemon with `ProcessKeyNames`: sentences,
/// abbreviations, partial commit, paging, Traditional output and punctuation.
/// One daemon for all of it, so the table is indexed once.
@Suite struct PinyinKeyTests {
    /// The texts of the visible candidate page.
    func page(_ peer: InkstonePeer, _ context: String) throws -> [String] {
        guard case .array(_, let items) = try peer.property(context, "Candidates") else { return [] }
        return items.compactMap { item in
            if case .structure(let fields) = item { return fields.first?.stringValue }
            return nil
        }
    }

    /// Turns pages until `text` is visible, then selects it.
    func select(_ text: String, _ peer: InkstonePeer, _ context: String) throws {
        var visible = try page(peer, context)
        var turns = 0
        while !visible.contains(text), turns < 30 {
            try peer.call(context, "NextPage")
            visible = try page(peer, context)
            turns += 1
        }
        let index = try #require(visible.firstIndex(of: text), "\(text) is not among the candidates")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(index)) }
    }

    @Test func pinyinThroughTheDaemon() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=pinyin"])
        #expect(try peer.keys(context, ["n", "i", "h", "a", "o"]) == Array(repeating: true, count: 5))
        #expect(try peer.text(context) == "ni hao", "the preedit shows the syllables")
        #expect(try page(peer, context).first == "你好")
        #expect(try peer.keys(context, ["space"]) == [true])
        #expect(try peer.text(context) == "你好")
        #expect(try page(peer, context).isEmpty)

        // Abbreviation: z g finds 中国.
        _ = try peer.keys(context, ["z", "g"])
        #expect(try page(peer, context).contains("中国"))
        try select("中国", peer, context)
        #expect(try peer.text(context) == "你好中国")

        // Partial commit: 我 for wo, then the rest composes on.
        _ = try peer.keys(context, ["w", "o", "a", "i", "n", "i"])
        try select("我", peer, context)
        #expect(try peer.text(context) == "你好中国我ai ni")
        #expect(try page(peer, context).first == "爱你")
        _ = try peer.keys(context, ["space"])
        #expect(try peer.text(context) == "你好中国我爱你")

        // Paging by key and Escape.
        _ = try peer.keys(context, ["s", "h", "i"])
        let first = try page(peer, context)
        _ = try peer.keys(context, ["equal"])
        let second = try page(peer, context)
        #expect(!second.isEmpty && second != first)
        _ = try peer.keys(context, ["minus"])
        #expect(try page(peer, context) == first)
        _ = try peer.keys(context, ["Page_Down"])
        #expect(try page(peer, context) == second)
        _ = try peer.keys(context, ["Escape"])
        #expect(try peer.text(context) == "你好中国我爱你")

        // Traditional by engine id; Chinese punctuation commits the sentence first.
        let traditional = try peer.newContext(["engine=pinyin:traditional"])
        _ = try peer.keys(traditional, ["z", "h", "o", "n", "g", "g", "u", "o", "space"])
        #expect(try peer.text(traditional) == "中國")
        _ = try peer.keys(traditional, ["w", "o", "m", "e", "n", "comma", "period"])
        #expect(try peer.text(traditional) == "中國我們，。")
        // Return commits the letters as typed.
        _ = try peer.keys(traditional, ["x", "i", "apostrophe", "a", "n", "Return"])
        #expect(try peer.text(traditional) == "中國我們，。xi'an")

        // The sentence is ranked by libime's trigram model (word weights alone give 泥脚什么名字, 青帮我一下).
        if FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libime/zh_CN.lm") {
            let ranked = try peer.newContext(["engine=pinyin"])
            _ = try peer.keys(ranked, "nijiaoshenmemingzi".map(String.init))
            #expect(try page(peer, ranked).first == "你叫什么名字")
            _ = try peer.keys(ranked, ["space"] + "qingbangwoyixia".map(String.init) + ["space"])
            #expect(try peer.text(ranked) == "你叫什么名字请帮我一下")
        }
    }
}
