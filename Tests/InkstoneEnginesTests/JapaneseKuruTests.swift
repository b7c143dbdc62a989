import Testing

@testable import InkstoneEngines

/// The irregular verb 来る (くる, きた, こない, きます) in sentences, ranked by the language model.
@Suite(
    .enabled(if: JapaneseDictionary.shared != nil && KkcLanguageModel.shared != nil, "skkdic or libkkc-data is missing")
)
struct JapaneseKuruTests {
    @Test(
        arguments: [
            ("ともだちがくる", "友達が来る"), ("でんしゃがきた", "電車が来た"), ("かれはこない", "彼は来ない"),
            ("あしたまたきます", "明日また来ます"), ("はやくきてください", "早く来てください"),
            // After a て-form it is the auxiliary, in kana; 着る's stem is き too.
            ("もってきます", "持ってきます"), ("ふくをきました", "服を着ました"),
        ])
    func kuruIsConvertedInEachForm(kana: String, expected: String) throws {
        let converter = JapaneseConverter(
            table: try #require(JapaneseDictionary.shared), learning: nil, model: KkcLanguageModel.shared)
        #expect(converter.convert(kana).map(\.text).joined() == expected)
    }

    @Test func kuruStemsNeedTheirEndings() {
        #expect(JapaneseGrammar.kuruStem(in: Array("きます"), at: 0) == "き")
        #expect(JapaneseGrammar.kuruStem(in: Array("こない"), at: 0) == "こ")
        #expect(JapaneseGrammar.kuruStem(in: Array("くる"), at: 0) == "く")
        #expect(JapaneseGrammar.kuruStem(in: Array("きる"), at: 0) == nil)
        #expect(JapaneseGrammar.kuruStem(in: Array("こ"), at: 0) == nil)
    }
}
