import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The `emoji` engine and the emoji trigger through a running daemon.
@Suite struct EmojiScenarioTests {
    /// The texts of the visible candidate page.
    private func page(_ peer: InkstonePeer, _ context: String) throws -> [String] {
        guard case .array(_, let items) = try peer.property(context, "Candidates") else { return [] }
        return items.compactMap { item in
            if case .structure(let fields) = item { return fields.first?.stringValue }
            return nil
        }
    }

    @Test func typeANamePickWithSpaceAndDigits() throws {
        let running = try RunningDaemon(environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=emoji", "unit=graphemes"])
        #expect(try peer.keys(context, ["h", "e", "a", "r", "t"]) == Array(repeating: true, count: 5))
        #expect(try page(peer, context).first == "\u{2764}\u{FE0F}")
        _ = try peer.keys(context, ["space"])
        #expect(try peer.text(context) == "\u{2764}\u{FE0F}")
        _ = try peer.keys(context, ["t", "h", "u", "m", "b", "s", "Shift+space", "u", "p"])
        #expect(Array(try page(peer, context).prefix(3)) == ["👍", "👍🏻", "👍🏼"])
        _ = try peer.keys(context, ["2"])
        #expect(try peer.text(context) == "\u{2764}\u{FE0F}👍🏻")
        _ = try peer.keys(
            context,
            [
                "f", "a", "m", "i", "l", "y", "underscore", "w", "o", "m", "a", "n", "underscore",
                "w", "o", "m", "a", "n", "underscore", "g", "i", "r", "l",
            ])
        #expect(try page(peer, context).first == "👩‍👩‍👧")
        try peer.call(context, "SelectCandidate") { $0.append(Int32(0)) }
        #expect(try peer.text(context) == "\u{2764}\u{FE0F}👍🏻👩‍👩‍👧")
        #expect(try peer.range(context, "SelectedRange") == (3, 0), "three graphemes, the caret after them")
        // Escape cancels: nothing is committed.
        _ = try peer.keys(context, ["c", "a", "t", "Escape"])
        #expect(try peer.text(context) == "\u{2764}\u{FE0F}👍🏻👩‍👩‍👧")
        #expect(try page(peer, context).isEmpty)
    }

    @Test func triggerFromDirectWhenConfigured() throws {
        let home = try makeTemporaryDirectory(prefix: "inkstone-emoji")
        mkdir(home + "/inkstone", 0o700)
        try writeFile(home + "/inkstone/config.toml", "[emoji]\ntrigger = \":\"\n")
        let running = try RunningDaemon(environment: ["XDG_CONFIG_HOME": home, "LANG": "C.UTF-8", "LC_ALL": ""])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=direct"])
        _ = try peer.keys(context, ["N", "o", "t", "e", "colon", "space", "colon", "s", "m", "i", "l", "e"])
        #expect(try peer.text(context).hasPrefix("Note: "))
        #expect(try peer.property(context, "Engine")?.stringValue == "direct")
        let visible = try page(peer, context)
        #expect(visible.contains("😄"), "\(visible)")
        let index = try #require(visible.firstIndex(of: "😄"))
        _ = try peer.keys(context, [String((index + 1) % 10)])
        #expect(try peer.text(context) == "Note: 😄")
    }

    @Test func noTriggerByDefault() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=direct"])
        _ = try peer.keys(context, ["colon", "s", "m"])
        #expect(try peer.text(context) == ":sm")
    }
}
