import InkstoneEngines
import Testing

/// SKK number entries (`だい#` → 第#1): the formats, the reading's `#` key, and conversion.
struct JapaneseNumberTests {
    @Test(
        arguments: [
            ("1234", "0", "1234"), ("1234", "1", "１２３４"), ("1204", "2", "一二〇四"),
            ("1234", "3", "千二百三十四"), ("10", "3", "十"), ("12", "3", "十二"), ("100", "3", "百"),
            ("110", "3", "百十"), ("1001", "3", "千一"), ("10000", "3", "一万"), ("20005", "3", "二万五"),
            ("100000000", "3", "一億"), ("0", "3", "〇"), ("007", "3", "七"),
            ("1234", "5", "壱阡弐百参拾四"), ("10", "5", "壱拾"), ("30000", "5", "参萬"),
            ("1234567", "8", "1,234,567"), ("123", "8", "123"), ("1000", "8", "1,000"), ("0", "8", "0"),
            ("76", "9", "７六"), ("12", "0", "12"),
        ] as [(String, Character, String)])
    func formats(digits: String, type: Character, expected: String) {
        #expect(JapaneseNumbers.format(digits, as: type) == expected)
    }

    @Test func formatsThatCannotWriteANumberGiveNil() {
        #expect(JapaneseNumbers.format("123", as: "9") == nil)  // shogi squares have two digits
        #expect(JapaneseNumbers.format("70", as: "9") == nil)
        #expect(JapaneseNumbers.format("12", as: "4") == nil)  // #4 is not offered
        #expect(JapaneseNumbers.format("12", as: "7") == nil)
        #expect(JapaneseNumbers.format("", as: "0") == nil)
        #expect(JapaneseNumbers.format("1a", as: "0") == nil)
        #expect(JapaneseNumbers.format(String(repeating: "9", count: 17), as: "3") == nil)
    }

    @Test func readingsWithDigitsHaveOneHashPerRun() throws {
        let key = try #require(JapaneseNumbers.key(Array("だい12かい")))
        #expect(key.key == "だい#かい")
        #expect(key.numbers == ["12"])
        let fullWidth = try #require(JapaneseNumbers.key(Array("３がつ15にち")))
        #expect(fullWidth.key == "#がつ#にち")
        #expect(fullWidth.numbers == ["3", "15"])
        #expect(JapaneseNumbers.key(Array("だい")) == nil)
        #expect(JapaneseNumbers.key(Array(String(repeating: "1", count: 17))) == nil)
    }

    @Test func candidatesGetTheirNumbersWrittenIn() {
        #expect(JapaneseNumbers.expand("第#1", numbers: ["12"]) == "第１２")
        #expect(JapaneseNumbers.expand("#0月#1日", numbers: ["3", "15"]) == "3月１５日")
        #expect(JapaneseNumbers.expand("#3個", numbers: ["25"]) == "二十五個")
        #expect(JapaneseNumbers.expand("第#1", numbers: ["1", "2"]) == nil)
        #expect(JapaneseNumbers.expand("#4", numbers: ["1"]) == nil)
        #expect(JapaneseNumbers.expand("＃", numbers: []) == "＃")
    }

    @Test(.enabled(if: JapaneseDictionary.shared != nil, "SKK-JISYO.L (skkdic) is not installed"))
    func digitsInTheReadingMatchNumberEntries() throws {
        let table = try #require(JapaneseDictionary.shared)
        for model in [nil, KkcLanguageModel.shared] {
            let converter = JapaneseConverter(table: table, learning: nil, model: model)
            let ordinal = converter.convert("だい1")
            #expect(ordinal.count == 1)
            let texts = ordinal.first?.candidates.map(\.text) ?? []
            for expected in ["第一", "第１", "第1"] { #expect(texts.contains(expected), "\(texts)") }
            #expect(ordinal.first?.text.hasPrefix("第") == true)
            #expect(converter.convert("12がつ").first?.candidates.map(\.text).contains("十二月") == true)
            // A number is one word: `だい12` is never 第１ + 2.
            #expect(converter.convert("だい12").map(\.text).joined().hasPrefix("第") == true)
            #expect(!converter.convert("だい12").map(\.text).joined().contains("第１2"))
        }
    }
}
