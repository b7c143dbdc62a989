import InkstoneEngines
import Testing

/// The `emoji` engine and the emoji trigger, key by key.
@Suite struct EmojiEngineTests {
    static let index = EmojiSearchTests.english
    static let space = KeyEvent(keysym: Keysym.space)
    static let shiftSpace = KeyEvent(keysym: Keysym.space, modifiers: .shift)
    static let escape = KeyEvent(keysym: Keysym.escape)
    static let backSpace = KeyEvent(keysym: Keysym.backSpace)
    static let returnKey = KeyEvent(keysym: Keysym.returnKey)

    @Test func typingShowsTheQueryAndCandidatesAndSpacePicks() throws {
        let learning = RecordingLearning()
        var engine = EmojiEngine(index: Self.index, learning: learning)
        let typed = type("thumbs", into: &engine)
        #expect(typed.committed.isEmpty)
        #expect(typed.preeditText == "thumbs")
        _ = engine.handle(Self.shiftSpace)
        let up = type("up", into: &engine)
        #expect(up.preeditText == "thumbs up")
        let list = try #require(up.last.candidates)
        #expect(list.page.first?.candidate.text == "👍")
        #expect(list.page.first?.candidate.annotation == "thumbs up")
        let picked = engine.handle(Self.space)
        #expect(picked.commit == "👍")
        #expect(picked.preedit == nil && picked.candidates == nil)
        #expect(learning.learned(for: "thumbsup") == ["👍"])
    }

    @Test func digitsPickOnTheVisiblePageAndPagesTurn() throws {
        var engine = EmojiEngine(index: Self.index)
        let list = try #require(type("thumbsup", into: &engine).last.candidates)
        #expect(engine.handle(KeyEvent(keysym: 0x33)).commit == list.items[2].text)  // "3"
        _ = type("heart", into: &engine)
        let next = try #require(engine.handle(KeyEvent(keysym: Keysym.pageDown)).candidates)
        #expect(next.pageIndex == 1)
        let picked = engine.handle(KeyEvent(keysym: 0x31))
        #expect(picked.commit == next.items[9].text)
        #expect(picked.commit?.count == 1, "one grapheme")
    }

    /// Letters type the query, so configured letter labels give way to digits.
    @Test func letterLabelsGiveWayToDigits() throws {
        var engine = EmojiEngine(index: Self.index, pageSize: 4, labels: "asdf")
        let list = try #require(type("thumbsup", into: &engine).last.candidates)
        #expect(list.page.map(\.label) == ["1", "2", "3", "4"])
        #expect(engine.handle(KeyEvent(keysym: 0x32)).commit == "👍🏻")
        var symbols = EmojiEngine(index: Self.index, pageSize: 3, labels: "!@#")
        let symbolList = try #require(type("thumbsup", into: &symbols).last.candidates)
        #expect(symbolList.page.map(\.label) == ["!", "@", "#"])
    }

    @Test func backSpaceEscapeReturnAndOtherKeys() throws {
        var engine = EmojiEngine(index: Self.index)
        _ = type("hearx", into: &engine)
        let edited = engine.handle(Self.backSpace)
        #expect(edited.preedit?.text == "hear")
        #expect(edited.candidates != nil)
        #expect(engine.handle(Self.escape) == .swallowed)
        #expect(engine.preedit == nil)
        _ = type("ab", into: &engine)
        _ = engine.handle(Self.backSpace)
        let emptied = engine.handle(Self.backSpace)
        #expect(emptied.preedit == nil && emptied.commit == nil)
        _ = type("cat", into: &engine)
        #expect(engine.handle(Self.returnKey).commit == "cat", "Return commits the query as typed")
        _ = type("cat", into: &engine)
        let tab = engine.handle(KeyEvent(keysym: Keysym.tab))
        #expect(tab.commit == "cat\t")
        _ = type("cat", into: &engine)
        #expect(engine.focusOut().commit == "cat")
        // With no query, keys act as in direct.
        #expect(engine.handle(KeyEvent(keysym: 0x31)).commit == "1")
        #expect(engine.handle(Self.space).commit == " ")
        #expect(engine.handle(Self.backSpace).action == .deleteBackward)
    }

    @Test func spaceWithNothingFoundKeepsTheQueryWithANotice() {
        var engine = EmojiEngine(index: Self.index)
        _ = type("zzqqx", into: &engine)
        let output = engine.handle(Self.space)
        #expect(output.commit == nil)
        #expect(output.preedit?.text == "zzqqx")
        #expect(output.notice?.contains("zzqqx") == true)
    }

    @Test func theQueryIsLimited() {
        var engine = EmojiEngine(index: Self.index)
        _ = type(String(repeating: "q", count: 64), into: &engine)
        let refused = engine.handle(KeyEvent(keysym: 0x71))
        #expect(refused.consumed)
        #expect(refused.notice != nil)
        #expect(refused.preedit?.text.count == 64)
    }

    @Test func triggerOpensASearchInAnotherEngine() throws {
        var engine = EmojiTriggerEngine(base: DirectEngine(), trigger: ":", index: Self.index)
        #expect(engine.id == "direct")
        #expect(type("a", into: &engine).committed == "a")
        let opened = type(":heart", into: &engine)
        #expect(opened.committed.isEmpty)
        #expect(opened.preeditText == ":heart")
        #expect(try #require(opened.last.candidates).items.first?.text == "\u{2764}\u{FE0F}")
        #expect(engine.handle(Self.space).commit == "\u{2764}\u{FE0F}")
        // The trigger stays text when no letter follows it.
        #expect(type("3:2", into: &engine).committed == "3:2")
        let note = type(": ", into: &engine)
        #expect(note.committed == ": ")
        _ = type(":", into: &engine)
        #expect(engine.handle(Self.backSpace) == .swallowed)
        #expect(engine.preedit == nil)
        _ = type(":cat", into: &engine)
        #expect(engine.handle(Self.escape).commit == ":cat", "Escape keeps what was typed")
        _ = type(":cat", into: &engine)
        #expect(engine.handle(Self.returnKey).commit == ":cat")
        _ = type(":cat", into: &engine)
        #expect(engine.focusOut().commit == ":cat")
    }

    @Test func triggerWaitsForTheWrappedEnginesPreedit() throws {
        var engine = EmojiTriggerEngine(base: HangulEngine(), trigger: ":", index: Self.index)
        let typed = type("gk", into: &engine)
        #expect(typed.preeditText == "하")
        let colon = engine.handle(KeyEvent(keysym: 0x3a))
        #expect(colon.commit == "하:", "the syllable is committed and the colon goes to the engine")
        let opened = type(":smile", into: &engine)
        #expect(opened.preeditText == ":smile")
        #expect(engine.handle(KeyEvent(keysym: 0x31)).commit?.count == 1)
    }

    @Test func registryOffersEmojiAndTheTriggerOnlyWhenSet() throws {
        #expect(EngineRegistry.knownIDs.contains("emoji"))
        #expect(EngineRegistry.entries().contains { $0.id == "emoji" })
        #expect(EngineRegistry.unavailableReason("emoji") == nil)
        var emoji = try EngineRegistry.makeEngine(id: "emoji")
        #expect(emoji.id == "emoji")
        #expect(emoji.handle(KeyEvent(keysym: 0x61)).preedit?.text == "a")
        var plain = try EngineRegistry.makeEngine(id: "direct")
        #expect(plain.handle(KeyEvent(keysym: 0x3a)).commit == ":", "no trigger by default")
        var settings = EngineSettings()
        settings.emojiTrigger = ":"
        var triggered = try EngineRegistry.makeEngine(id: "direct", settings: settings)
        #expect(triggered.id == "direct")
        #expect(triggered.handle(KeyEvent(keysym: 0x3a)).preedit?.text == ":")
    }
}
