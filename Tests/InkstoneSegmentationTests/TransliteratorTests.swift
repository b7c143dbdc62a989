import InkstoneSegmentation
import Testing

/// ICU transliterators through the C edge: kana scripts, Chinese scripts, widths.
@Suite struct TransliteratorTests {
    @Test func hiraganaBecomesKatakanaAndBack() throws {
        let toKatakana = try #require(Transliterator.shared("Hiragana-Katakana"))
        #expect(toKatakana.transliterate("かんじへんかん") == "カンジヘンカン")
        let toHiragana = try #require(Transliterator.shared("Katakana-Hiragana"))
        #expect(toHiragana.transliterate("カタカナ") == "かたかな")
    }

    @Test func traditionalChineseBecomesSimplified() throws {
        let toSimplified = try #require(Transliterator.shared("Hant-Hans"))
        #expect(toSimplified.transliterate("我們的電腦很乾淨") == "我们的电脑很干净")
    }

    @Test func widthsConvertBothWays() throws {
        let toHalf = try #require(Transliterator.shared("Fullwidth-Halfwidth"))
        #expect(toHalf.transliterate("ＡＢＣ１２３カナ") == "ABC123ｶﾅ")
        let toFull = try #require(Transliterator.shared("Halfwidth-Fullwidth"))
        #expect(toFull.transliterate("abc123") == "ａｂｃ１２３")
    }

    @Test func unknownIdsGiveNilAndEmptyTextStaysEmpty() throws {
        #expect(Transliterator("No-Such-Transform") == nil)
        #expect(Transliterator("Ünïcode") == nil)
        let toKatakana = try #require(Transliterator.shared("Hiragana-Katakana"))
        #expect(toKatakana.transliterate("") == "")
        #expect(Transliterator.shared("Hiragana-Katakana") === toKatakana)
    }
}
