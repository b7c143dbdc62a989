import InkstoneEngines
import Testing

/// Reconversion: `Henkan` on the client's selection reads it back into kana and converts it.
@Suite(.enabled(if: JapaneseDictionary.shared != nil, "SKK-JISYO.L (skkdic) is not installed"))
struct JapaneseReconversionTests {
    let table = JapaneseDictionary.shared!

    @Test func writtenWordsAreReadBackThroughTheDictionary() throws {
        let index = try #require(JapaneseReverseIndex.shared)
        #expect(index.reading(of: "漢字変換") == "かんじへんかん")
        #expect(index.reading(of: "東京に行く") == "とうきょうにいく")
        #expect(index.reading(of: "書く") == "かく")
        #expect(index.reading(of: "カタカナ") == "かたかな")
        // What has no reading stays as it is.
        #expect(index.reading(of: "abc漢字") == "abcかんじ")
    }

    @Test func henkanOnASelectionOpensItAndEscapePutsItBack() throws {
        var engine = JapaneseEngine(table: table, learning: nil)
        #expect(engine.needsSelectedText)
        engine.setSelectedText("漢字")
        var typed = try press(["Henkan"], into: &engine)
        #expect(typed.last.consumed)
        #expect(typed.preeditText == "漢字")
        typed = try press(["space"], into: &engine)
        #expect(typed.preeditText != "漢字")
        // Escape with the window closed: no preedit, nothing committed (the client's text comes back).
        typed = try press(["Escape"], into: &engine)
        #expect(typed.last.preedit == nil)
        #expect(typed.committed.isEmpty)
        // Once used, the selection is not reopened by the next Henkan.
        typed = try press(["Henkan"], into: &engine)
        #expect(typed.last.preedit == nil)
    }

    @Test func returnCommitsTheReconvertedText() throws {
        let learning = MemoryLearning()
        var engine = JapaneseEngine(table: table, learning: learning)
        engine.setSelectedText("かんじ")
        let typed = try press(["Henkan", "Return"], into: &engine)
        #expect(typed.committed == "漢字")
        #expect(learning.learned(for: "かんじ") == ["漢字"])
    }

    @Test func aLearntTextIsReadBackAsItWasChosen() throws {
        // The dictionary reads 今日 きょう; the user chose it for こんにち.
        var plain = JapaneseEngine(table: table, learning: nil)
        plain.setSelectedText("今日")
        _ = try press(["Henkan", "BackSpace"], into: &plain)
        #expect(plain.preedit?.text == "きょう")
        let learning = MemoryLearning()
        learning.record("今日", for: "こんにち")
        var engine = JapaneseEngine(table: table, learning: learning)
        engine.setSelectedText("今日")
        _ = try press(["Henkan", "BackSpace"], into: &engine)
        #expect(engine.preedit?.text == "こんにち")
    }

    @Test func withoutASelectionHenkanOnlyTurnsJapaneseOn() throws {
        var engine = JapaneseEngine(table: table, learning: nil)
        engine.setSelectedText("")
        let typed = try press(["Muhenkan", "Henkan", "a"], into: &engine)
        #expect(typed.preeditText == "あ")
        #expect(typed.committed.isEmpty)
    }
}
