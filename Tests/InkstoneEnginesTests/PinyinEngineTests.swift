import InkstoneEngines
import InkstoneText
import Synchronization
import Testing

/// A learning store kept in memory, for engine tests (the durable store is tested with its own suite).
final class RememberingLearning: CandidateLearning {
    private let choices = Mutex<[String: [String]]>([:])
    func learned(for reading: String) -> [String] { choices.withLock { $0[reading] ?? [] } }
    func record(_ text: String, for reading: String) {
        choices.withLock { choices in
            var list = choices[reading] ?? []
            list.removeAll { $0 == text }
            choices[reading] = [text] + list
        }
    }
    var recorded: [String: [String]] { choices.withLock { $0 } }
}

/// The pinyin engine over the real luna_pinyin table (Debian rime-data-luna-pinyin).
@Suite struct PinyinEngineTests {
    static var dictionary: PinyinDictionary {
        get throws { try #require(PinyinDictionary.shared(), "install rime-data-luna-pinyin") }
    }

    func engine(_ options: PinyinOptions = PinyinOptions(), learning: (any CandidateLearning)? = nil) throws
        -> PinyinEngine
    {
        PinyinEngine(dictionary: try Self.dictionary, options: options, learning: learning)
    }

    func named(_ names: String...) -> [KeyEvent] { names.map { try! KeyEvent(name: $0) } }

    /// Every candidate of the open list, page by page.
    func allCandidates(_ engine: PinyinEngine) -> [String] { engine.candidates?.items.map(\.text) ?? [] }

    /// Turns pages with `=` until `text` is visible, then presses its label.
    func choose(_ text: String, in engine: inout PinyinEngine) -> EngineOutput? {
        for _ in 0..<40 {
            guard let list = engine.candidates else { return nil }
            if let entry = list.page.first(where: { $0.candidate.text == text }) {
                return engine.handle(KeyEvent(keysym: entry.label.unicodeScalars.first!.value))
            }
            guard list.hasNext else { return nil }
            _ = engine.handle(KeyEvent(keysym: 0x3d))
        }
        return nil
    }

    @Test func spaceCommitsTheSentenceInSimplified() throws {
        var pinyin = try engine()
        let typed = type("nihao", into: &pinyin)
        #expect(typed.preeditText == "ni hao")
        #expect(typed.committed.isEmpty)
        #expect(pinyin.candidates?.items.first?.text == "你好")
        #expect(type(named("space"), into: &pinyin).committed == "你好")
        #expect(pinyin.preedit == nil && pinyin.candidates == nil)

        var sentence = try engine()
        _ = type("woxihuanpinyinshurufa", into: &sentence)
        #expect(type(named("space"), into: &sentence).committed == "我喜欢拼音输入法")
        var weather = try engine()
        _ = type("jintiantianqihenhao", into: &weather)
        #expect(weather.candidates?.items.first?.text == "今天天气很好")
    }

    @Test func traditionalIsAnOption() throws {
        var options = PinyinOptions()
        options.script = .traditional
        var pinyin = try engine(options)
        _ = type("zhongguo", into: &pinyin)
        #expect(type(named("space"), into: &pinyin).committed == "中國")
        var simplified = try engine()
        _ = type("zhongguo", into: &simplified)
        #expect(type(named("space"), into: &simplified).committed == "中国")
    }

    @Test func abbreviationsFindWords() throws {
        var pinyin = try engine()
        _ = type("zg", into: &pinyin)
        #expect(allCandidates(pinyin).prefix(5).contains("中国"), "\(allCandidates(pinyin).prefix(10))")
        var mixed = try engine()
        _ = type("zhongg", into: &mixed)
        #expect(allCandidates(mixed).prefix(5).contains("中国"))
        var unfinished = try engine()
        _ = type("nih", into: &unfinished)
        #expect(allCandidates(unfinished).first == "你好")
    }

    @Test func theSeparatorDecidesXian() throws {
        var pinyin = try engine()
        _ = type("xian", into: &pinyin)
        let xian = allCandidates(pinyin)
        #expect(xian.first == "先")
        #expect(xian.contains("西安"))
        var separated = try engine()
        let typed = type("xi'an", into: &separated)
        #expect(typed.preeditText == "xi'an")
        #expect(type("''", into: &separated).preeditText == "xi'an'", "a second separator in a row adds nothing")
        #expect(allCandidates(separated).first == "西安")
        #expect(!allCandidates(separated).contains("先"))
    }

    @Test func aWordForTheFirstPartKeepsTheRestComposing() throws {
        var pinyin = try engine()
        _ = type("woaini", into: &pinyin)
        #expect(allCandidates(pinyin).contains("我"))
        let partial = try #require(choose("我", in: &pinyin))
        #expect(partial.commit == nil)
        #expect(partial.preedit?.text == "我ai ni")
        #expect(allCandidates(pinyin).first == "爱你")
        #expect(type(named("space"), into: &pinyin).committed == "我爱你")
        // BackSpace takes a choice back when no letter follows it.
        var back = try engine()
        _ = type("woaini", into: &back)
        _ = choose("我", in: &back)
        _ = type(named("BackSpace"), into: &back)
        #expect(back.preedit?.text == "我ai n")
        _ = type(named("BackSpace", "BackSpace", "BackSpace", "BackSpace"), into: &back)
        #expect(back.preedit?.text == "wo")
    }

    @Test func keysPageClearAndCommitLetters() throws {
        var pinyin = try engine()
        _ = type("shi", into: &pinyin)
        #expect(pinyin.candidates?.pageIndex == 0)
        _ = type(named("equal"), into: &pinyin)
        #expect(pinyin.candidates?.pageIndex == 1)
        _ = type(named("Page_Down"), into: &pinyin)
        #expect(pinyin.candidates?.pageIndex == 2)
        _ = type(named("minus", "Page_Up"), into: &pinyin)
        #expect(pinyin.candidates?.pageIndex == 0)
        let second = pinyin.candidates?.items[1].text
        #expect(type(named("2"), into: &pinyin).committed == second)

        var cleared = try engine()
        _ = type("nihao", into: &cleared)
        let escaped = type(named("Escape"), into: &cleared)
        #expect(escaped.committed.isEmpty && escaped.last.preedit == nil && escaped.last.candidates == nil)
        #expect(escaped.last.consumed)

        var letters = try engine()
        _ = type("nihao", into: &letters)
        #expect(type(named("Return"), into: &letters).committed == "nihao")
        #expect(letters.preedit == nil)
        // With nothing typed, keys act as in direct.
        #expect(type(named("Return"), into: &letters).last.commit == "\n")
        #expect(type("1", into: &letters).committed == "1")
    }

    @Test func backSpaceEditsTheInput() throws {
        var pinyin = try engine()
        _ = type("nihaoma", into: &pinyin)
        _ = type(named("BackSpace", "BackSpace"), into: &pinyin)
        #expect(pinyin.preedit?.text == "ni hao")
        let last = type(named("BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace"), into: &pinyin).last
        #expect(last.preedit == nil && last.candidates == nil && last.consumed)
        #expect(type(named("BackSpace"), into: &pinyin).last.action == .deleteBackward)
    }

    @Test func chinesePunctuationIsAnOption() throws {
        var pinyin = try engine()
        #expect(type(".", into: &pinyin).committed == "。")
        _ = type("nihao", into: &pinyin)
        #expect(type(",", into: &pinyin).committed == "你好，")
        var plain = PinyinOptions()
        plain.chinesePunctuation = false
        var ascii = try engine(plain)
        #expect(type(".", into: &ascii).committed == ".")
    }

    @Test func fuzzyPairsFindTheOtherSpelling() throws {
        var options = PinyinOptions()
        options.fuzzy = [.zZh]
        var pinyin = try engine(options)
        _ = type("zongguo", into: &pinyin)
        #expect(allCandidates(pinyin).prefix(3).contains("中国"), "\(allCandidates(pinyin).prefix(5))")
        var exact = try engine()
        _ = type("zongguo", into: &exact)
        #expect(!allCandidates(exact).prefix(3).contains("中国"))
    }

    @Test func choicesAreLearntAndRankFirstNextTime() throws {
        let store = RememberingLearning()
        var pinyin = try engine(learning: store)
        _ = type("shi", into: &pinyin)
        let before = allCandidates(pinyin)
        let third = before[2]
        #expect(choose(third, in: &pinyin)?.commit == third)
        #expect(store.recorded["shi"]?.map(PinyinScript.simplified.render) == [third], "learnt as the table has it")
        _ = type("shi", into: &pinyin)
        #expect(allCandidates(pinyin).first == third)

        // Words chosen in turn are learnt as a new phrase.
        _ = type(named("Escape"), into: &pinyin)
        _ = type("woaini", into: &pinyin)
        _ = choose("我", in: &pinyin)
        _ = choose("爱", in: &pinyin)
        #expect(choose("你", in: &pinyin)?.commit == "我爱你")
        #expect(store.recorded["wo'ai'ni"] == ["我愛你"], "the table's Traditional text")
        _ = type("woaini", into: &pinyin)
        #expect(allCandidates(pinyin).first == "我爱你")
    }

    /// The real store takes what the engine learns: a phrase's reading is kept with `'`
    /// between its syllables (a stored reading holds no space) and found again.
    @Test func phrasesAreLearntIntoTheUserDictionary() throws {
        let store = UserDictionary(name: "pinyin", folder: nil)
        var pinyin = try engine(learning: store)
        _ = type("woaini", into: &pinyin)
        _ = choose("我", in: &pinyin)
        _ = choose("爱", in: &pinyin)
        #expect(choose("你", in: &pinyin)?.commit == "我爱你")
        #expect(store.entries.contains { $0.reading == "wo'ai'ni" && $0.texts == ["我愛你"] }, "\(store.entries)")
        _ = type("woaini", into: &pinyin)
        #expect(allCandidates(pinyin).first == "我爱你")
    }

    @Test func inputIsBoundedWithANotice() throws {
        var pinyin = try engine()
        let typed = type(String(repeating: "a", count: PinyinEngine.maximumInputLength + 1), into: &pinyin)
        #expect(pinyin.input.count == PinyinEngine.maximumInputLength)
        #expect(typed.last.notice?.contains("\(PinyinEngine.maximumInputLength)") == true)
        #expect(typed.last.preedit != nil)
    }

    @Test func focusOutCommitsWhatWasTyped() throws {
        var pinyin = try engine()
        _ = type("woaini", into: &pinyin)
        _ = choose("我", in: &pinyin)
        #expect(pinyin.focusOut().commit == "我aini")
        #expect(pinyin.preedit == nil)
    }

    @Test func theRegistryOffersPinyinOnlyWithItsTable() throws {
        #expect(EngineRegistry.entries().map(\.id).contains("pinyin"))
        var missing = EngineSettings()
        missing.pinyinTablePath = "/nonexistent/luna_pinyin.table.txt"
        #expect(
            EngineRegistry.unavailableReason("pinyin", settings: missing)?.contains("rime-data-luna-pinyin") == true)
        #expect(throws: InkstoneError.self) { try EngineRegistry.makeEngine(id: "pinyin", settings: missing) }
        let traditional = try EngineRegistry.makeEngine(id: "pinyin:traditional")
        #expect(traditional.id == "pinyin:traditional")
        let store = RememberingLearning()
        var made = try EngineRegistry.makeEngine(
            id: "pinyin", learning: LearningProvider { $0 == "pinyin" ? store : nil })
        _ = type("nihao", into: &made)
        _ = made.handle(try KeyEvent(name: "space"))
        #expect(store.recorded["ni'hao"] == ["你好"])
    }
}
