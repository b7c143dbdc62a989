import Testing

@testable import InkstoneEngines

/// ICU's `Hant-Hans` transliterator opens in the background when a pinyin dictionary loads:
/// conversions asked for meanwhile wait for that one open and come out right.
@Suite struct PinyinSimplifierTests {
    static let pairs = [("我們", "我们"), ("電腦", "电脑"), ("乾淨", "干净"), ("頭髮", "头发"), ("幹部", "干部")]

    @Test func conversionsDuringTheBackgroundOpenWaitForItAndItOpensOnce() async throws {
        let simplifier = PinyinSimplifier()
        #expect(simplifier.opens == 0)
        let opening = try #require(simplifier.openInBackground())
        // Asked for at once, from several tasks, while the open is under way.
        let converted = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { Self.pairs.map { simplifier.simplified($0.0) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await opening.value
        #expect(converted.count == 8)
        #expect(converted.allSatisfy { $0 == Self.pairs.map(\.1) })
        #expect(simplifier.opens == 1)
        #expect(simplifier.openInBackground() == nil)
        #expect(simplifier.simplified("abc") == "abc")
        #expect(simplifier.opens == 1)
    }

    @Test func aConversionWithoutABackgroundOpenOpensItOnce() {
        let simplifier = PinyinSimplifier()
        #expect(simplifier.simplified("電腦") == "电脑")
        #expect(simplifier.simplified("電腦") == "电脑")
        #expect(simplifier.opens == 1)
    }

    @Test func aBatchConvertsAsTextByText() {
        let texts = ["我們", "abc", "", "電腦\n頭髮", "乾淨", "我們", "中國人"]
        let simplifier = PinyinSimplifier()
        let oneByOne = texts.map { PinyinSimplifier().simplified($0) }
        #expect(simplifier.simplified(texts) == oneByOne)
        #expect(oneByOne == ["我们", "abc", "", "电脑\n头发", "干净", "我们", "中国人"])
        // The second time every text comes from what was converted before.
        #expect(simplifier.simplified(texts) == oneByOne)
        #expect(simplifier.opens == 1)
    }

    @Test func warmingUpChangesNoComposition() throws {
        let table = try PinyinEngineTests.dictionary.table
        let warmed = PinyinDictionary(table: table, model: KenLMTrieModel.shared)
        warmed.warmUp()
        var fresh = PinyinEngine(dictionary: PinyinDictionary(table: table, model: KenLMTrieModel.shared))
        var after = PinyinEngine(dictionary: warmed)
        for input in [PinyinDictionary.warmingInput, "woxihuanpinyin"] {
            _ = type(input, into: &fresh)
            _ = type(input, into: &after)
            #expect(after.candidates?.items.map(\.text) == fresh.candidates?.items.map(\.text))
            #expect(after.preedit == fresh.preedit)
            fresh.reset()
            after.reset()
        }
    }

    @Test func theFirstKeyRightAfterTheLoadIsSimplified() throws {
        let dictionary = try #require(
            PinyinDictionary.load(path: PinyinTableSource.defaultPath, model: KenLMTrieModel.shared),
            "install rime-data-luna-pinyin")
        var engine = PinyinEngine(dictionary: dictionary)
        let typed = type("women", into: &engine)
        #expect(typed.preeditText == "wo men")
        #expect(engine.candidates?.items.first?.text == "我们")
        #expect(PinyinSimplifier.shared.opens == 1)
    }
}
