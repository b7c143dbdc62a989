import InkstoneEngines
import Synchronization
import Testing

/// A learning store held in memory (the durable store lives in the service); enough
/// to see the engine record and rank choices.
final class MemoryLearning: CandidateLearning {
    private let choices = Mutex<[String: [String]]>([:])

    func learned(for reading: String) -> [String] { choices.withLock { $0[reading] ?? [] } }

    func reading(of text: String) -> String? {
        choices.withLock { choices in choices.first { $0.value.contains(text) }?.key }
    }

    func record(_ text: String, for reading: String) {
        choices.withLock { choices in
            var list = choices[reading, default: []]
            list.removeAll { $0 == text }
            list.insert(text, at: 0)
            choices[reading] = list
        }
    }
}

/// Presses keys by name (`a`, `space`, `Shift+Left`, `F7`) and returns the commits and the last output.
func press(_ names: [String], into engine: inout JapaneseEngine) throws -> Typed {
    var typed = Typed()
    for name in names {
        let parts = name.split(separator: "+").map(String.init)
        let key = try KeyEvent(name: parts.last ?? name, modifiers: parts.contains("Shift") ? .shift : [])
        typed.last = engine.handle(key)
        typed.committed += typed.last.commit ?? ""
    }
    return typed
}

/// Key names for the letters of `romaji`, each its own key.
func letters(_ romaji: String) -> [String] {
    romaji.map { character in
        switch character {
        case "-": "minus"
        case "'": "apostrophe"
        case ".": "period"
        case ",": "comma"
        default: String(character)
        }
    }
}

/// The Japanese engine over Debian's SKK-JISYO.L.
@Suite(.enabled(if: JapaneseDictionary.shared != nil, "SKK-JISYO.L (skkdic) is not installed"))
struct JapaneseEngineTests {
    let table = JapaneseDictionary.shared!

    func engine(learning: (any CandidateLearning)? = nil) -> JapaneseEngine {
        JapaneseEngine(table: table, learning: learning)
    }

    @Test func dictionaryRowsKeepAnnotationsAndOkuriAriKeys() throws {
        #expect(table.readingCount > 150_000)
        let kanji = table.entries(for: "かんじ")
        #expect(kanji.first?.text == "漢字")
        #expect(kanji.contains(DictionaryEntry(text: "幹事", annotation: "manager", weight: -1)))
        #expect(table.entries(for: "かk").first?.text == "書")
        // Number entries keep their `#` key and formats (JapaneseNumbers writes the numbers in).
        #expect(table.entries(for: "だい#").map(\.text).contains("第#1"))
    }

    @Test func kanjiHenkanConvertsAndCommits() throws {
        var engine = engine()
        var typed = try press(letters("kanjihenkan"), into: &engine)
        #expect(typed.preeditText == "かんじへんかn")
        typed = try press(["space"], into: &engine)
        let preedit = try #require(typed.last.preedit)
        // SKK-JISYO.L has the compound.
        #expect(preedit.segments.map(\.text) == ["漢字変換"])
        #expect(preedit.segments.map(\.style) == [[.underline, .highlight]])
        #expect(typed.last.candidates == nil)
        typed = try press(["Return"], into: &engine)
        #expect(typed.committed == "漢字変換")
        #expect(typed.last.preedit == nil)
    }

    @Test func pendingRomajiShowsInThePreedit() throws {
        var engine = engine()
        #expect(try press(letters("kank"), into: &engine).preeditText == "かんk")
        #expect(try press(["BackSpace", "BackSpace"], into: &engine).preeditText == "か")
        #expect(try press(["Escape"], into: &engine).last.preedit == nil)
    }

    @Test func segmentsMoveAndResize() throws {
        var engine = engine()
        _ = try press(letters("watashihagakkouniikimasu") + ["space"], into: &engine)
        #expect(engine.preedit?.segments.map(\.text) == ["私は", "学校に", "行きます"])
        _ = try press(["Right"], into: &engine)
        var preedit = try #require(engine.preedit)
        #expect(preedit.segments.map(\.style) == [.underline, [.underline, .highlight], .underline])
        #expect(preedit.cursorUTF16Offset == 5)
        // Stepping the second segment leaves the others alone.
        _ = try press(["space"], into: &engine)
        #expect(engine.preedit?.segments.map(\.text) == ["私は", "學校に", "行きます"])
        // Shrinking the first segment to わたし converts the rest again.
        _ = try press(["Left", "Shift+Left"], into: &engine)
        preedit = try #require(engine.preedit)
        #expect(preedit.segments.first?.text == "私")
        #expect(preedit.segments.map(\.text).joined() != "私は学校に行きます")
        // Growing it back gives 私は again; the rest is converted afresh.
        _ = try press(["Shift+Right"], into: &engine)
        #expect(engine.preedit?.segments.map(\.text) == ["私は", "学校に", "行きます"])
        // The last segment cannot grow, the first cannot shrink below one kana.
        _ = try press(["Right", "Right", "Shift+Right"], into: &engine)
        #expect(engine.preedit?.segments.map(\.text) == ["私は", "学校に", "行きます"])
        // Escape goes back to the kana, space converts again.
        _ = try press(["Escape"], into: &engine)
        #expect(engine.preedit?.text == "わたしはがっこうにいきます")
        let typed = try press(["space", "Return"], into: &engine)
        #expect(typed.committed == "私は学校に行きます")
        #expect(engine.preedit == nil)
    }

    @Test func secondPressOpensTheWindowAndNumbersPick() throws {
        var engine = engine()
        var typed = try press(letters("kanji") + ["space", "space"], into: &engine)
        #expect(typed.last.candidates == nil)
        #expect(typed.preeditText != "漢字")
        typed = try press(["space"], into: &engine)
        let list = try #require(typed.last.candidates)
        #expect(list.items.first?.text == "漢字")
        #expect(list.items.contains(Candidate(text: "幹事", annotation: "manager")))
        #expect(list.cursorIndex == 2)
        let kanjiIndex = try #require(list.page.firstIndex { $0.candidate.text == "幹事" })
        typed = try press([list.page[kanjiIndex].label], into: &engine)
        #expect(typed.last.candidates == nil)
        #expect(typed.preeditText == "幹事")
        typed = try press(["Return"], into: &engine)
        #expect(typed.committed == "幹事")
    }

    @Test func okuriganaFollowsTheStem() throws {
        var engine = engine()
        var typed = try press(letters("kakimasu") + ["space"], into: &engine)
        #expect(typed.preeditText == "書きます")
        _ = try press(["Escape"], into: &engine)
        #expect(engine.preedit?.text == "かきます")
        _ = try press(["Escape"], into: &engine)
        typed = try press(letters("kaku") + ["space", "space", "space"], into: &engine)
        #expect(typed.last.candidates?.items.map(\.text).contains("書く") == true)
        _ = try press(["Escape", "Escape", "Escape"], into: &engine)
        #expect(engine.preedit == nil)
        typed = try press(letters("kaita") + ["space", "space", "space"], into: &engine)
        #expect(typed.last.candidates?.items.map(\.text).contains("書いた") == true)
    }

    @Test func aSentenceIsSegmentedWithItsParticles() throws {
        var engine = engine()
        let typed = try press(letters("watashihagakkouniikimasu") + ["space", "Return"], into: &engine)
        #expect(typed.committed == "私は学校に行きます")
    }

    /// The cost model's rules, one sentence each: particles after nouns (私は), endings after
    /// verb stems (行きます), adjectives over okuri-nasi homographs (青い, not 葵), する
    /// after a noun (運転します), a word + particle over a longer word (秋は, not 秋葉),
    /// ichidan stems (見ました), loanwords with ー in katakana (ニュース).
    @Test(arguments: [
        ("soragaaoi", "空が青い"), ("kurumawountenshimasu", "車を運転します"),
        ("akihasuzushii", "秋は涼しい"), ("nyu-suwomimashita", "ニュースを見ました"),
        ("yasaiwokaimashita", "野菜を買いました"),
    ]) func theCostModelReadsTypicalSentences(romaji: String, expected: String) throws {
        var engine = engine()
        let typed = try press(letters(romaji) + ["space", "Return"], into: &engine)
        #expect(typed.committed == expected, "\(romaji)")
    }

    @Test func functionKeysShowTheKanaForms() throws {
        var engine = engine()
        _ = try press(letters("kanji"), into: &engine)
        #expect(try press(["F7"], into: &engine).preeditText == "カンジ")
        #expect(try press(["F8"], into: &engine).preeditText == "ｶﾝｼﾞ")
        #expect(try press(["F9"], into: &engine).preeditText == "ｋａｎｊｉ")
        #expect(try press(["F10"], into: &engine).preeditText == "kanji")
        #expect(try press(["F6"], into: &engine).preeditText == "かんじ")
        #expect(try press(["Return"], into: &engine).committed == "かんじ")
    }

    @Test func zenkakuHankakuSwitchesToDirectInput() throws {
        var engine = engine()
        var typed = try press(letters("ka") + ["Zenkaku_Hankaku"], into: &engine)
        #expect(typed.committed == "か")
        typed = try press(["k", "a"], into: &engine)
        #expect(typed.committed == "ka")
        typed = try press(["Zenkaku_Hankaku", "k", "a"], into: &engine)
        #expect(typed.preeditText == "か")
        // With nothing composing, Muhenkan turns Japanese input off and Henkan on again.
        typed = try press(["Return", "Muhenkan", "a", "Henkan", "a"], into: &engine)
        #expect(typed.committed == "かa")
        #expect(typed.preeditText == "あ")
    }

    @Test func choicesAreLearntAndComeFirstNextTime() throws {
        let learning = MemoryLearning()
        var first = engine(learning: learning)
        _ = try press(letters("kanji") + ["space", "space", "space"], into: &first)
        let list = try #require(first.candidates)
        let label = try #require(list.page.first { $0.candidate.text == "幹事" }?.label)
        let typed = try press([label, "Return"], into: &first)
        #expect(typed.committed == "幹事")
        #expect(learning.learned(for: "かんじ") == ["幹事"])

        var second = engine(learning: learning)
        #expect(try press(letters("kanji") + ["space"], into: &second).preeditText == "幹事")
        // Kana committed as typed teaches nothing.
        _ = try press(["Return"] + letters("hon") + ["Return"], into: &second)
        #expect(learning.learned(for: "ほん").isEmpty)
    }

    @Test func typingOnCommitsTheConversion() throws {
        var engine = engine()
        let typed = try press(letters("kanji") + ["space", "k", "a"], into: &engine)
        #expect(typed.committed == "漢字")
        #expect(typed.preeditText == "か")
    }
}
