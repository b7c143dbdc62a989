import InkstoneEngines
import Testing

@Suite struct HanjaTests {
    static let hanjaKey = KeyEvent(keysym: Keysym.hangulHanja)

    @Test func tableIndexesTheDictionary() {
        let table = HanjaTable.shared
        #expect(table.count > 300_000)
        let han = table.exactMatches("한")
        #expect(han.first?.text == "韓")
        #expect(han.allSatisfy { $0.text.unicodeScalars.count == 1 })
        #expect(table.exactMatches("한국").contains { $0.text == "韓國" })
        #expect(table.prefixMatches("한국", limit: 500).contains { $0.text == "韓國" })
        #expect(table.exactMatches("없는말없는말").isEmpty)
    }

    @Test func hanjaKeyOnPreeditOffersCandidatesAndCommitsReplacingTheSyllable() throws {
        var engine = HangulEngine()
        _ = type("gks", into: &engine)
        let opened = engine.handle(Self.hanjaKey)
        let list = try #require(opened.candidates)
        #expect(list.items.contains { $0.text == "韓" })
        #expect(opened.preedit?.text == "한")
        let index = try #require(list.page.firstIndex { $0.candidate.text == "韓" })
        let picked = engine.handle(KeyEvent(keysym: 0x31 + UInt32(index)))
        #expect(picked.commit == "韓")
        #expect(picked.preedit == nil)
        #expect(picked.candidates == nil)
        #expect(picked.deleteSurrounding == nil)
    }

    @Test func pageNavigationAndReturnPick() throws {
        var engine = HangulEngine()
        _ = type("gks", into: &engine)
        let opened = try #require(engine.handle(Self.hanjaKey).candidates)
        #expect(opened.hasNext)
        #expect(!opened.hasPrev)
        let next = try #require(engine.handle(KeyEvent(keysym: Keysym.pageDown)).candidates)
        #expect(next.pageIndex == 1)
        #expect(next.hasPrev)
        let moved = try #require(engine.handle(KeyEvent(keysym: Keysym.down)).candidates)
        #expect(moved.cursorIndex == 10)
        let picked = engine.handle(KeyEvent(keysym: Keysym.returnKey))
        #expect(picked.commit == opened.items[10].text)
        let reopened = try #require(type("gks", into: &engine).last.preedit)
        #expect(reopened.text == "한")
        _ = engine.handle(Self.hanjaKey)
        let closed = engine.handle(KeyEvent(keysym: Keysym.escape))
        #expect(closed.candidates == nil)
        #expect(closed.preedit?.text == "한")
    }

    @Test func hanjaKeyWithoutPreeditConvertsTheWordBeforeTheCaret() throws {
        var engine = HangulEngine()
        engine.setSurroundingText("우리 대한민국")
        let opened = engine.handle(KeyEvent(keysym: Keysym.f9))
        let list = try #require(opened.candidates)
        let index = try #require(list.items.firstIndex { $0.text == "大韓民國" })
        var output = opened
        while output.candidates?.cursorIndex != index { output = engine.handle(KeyEvent(keysym: Keysym.down)) }
        let picked = engine.handle(KeyEvent(keysym: Keysym.returnKey))
        #expect(picked.commit == "大韓民國")
        #expect(picked.deleteSurrounding == SurroundingDeletion(before: 4, after: 0))
    }

    @Test func hanjaKeyWithNothingToConvertFallsThrough() {
        var engine = HangulEngine()
        engine.setSurroundingText("abc ")
        let hanjaWithoutSyllable = engine.handle(Self.hanjaKey)
        #expect(!hanjaWithoutSyllable.consumed)
    }
}

@Suite struct HanjaNoCandidateTests {
    @Test func hanjaKeyOnASyllableWithoutHanjaKeepsThePreedit() {
        var engine = HangulEngine()
        _ = type("Qmf", into: &engine)  // 쁠: no Hanja reading
        let output = engine.handle(KeyEvent(keysym: Keysym.hangulHanja))
        #expect(!output.consumed)
        #expect(output.commit == nil)
        #expect(output.preedit?.text == "쁠")
        #expect(output.notice != nil)
    }
}
