import InkstoneEngines
import Testing

/// The one parser of luna_pinyin's table: rows keyed by syllables, abbreviation
/// keys, the weight total; and the words and sentences composed from them.
@Suite struct PinyinTableTests {
    static let sample = """
        # Rime table
        # - zhong
        中國\tzhong guo\t107458
        種過\tzhong guo\t12.5
        中\tzhong\t5000
        我們\two men\t322844
        bad row without tabs
        X\tZHONG\t1
        國\tguo\t900

        """

    @Test func rowsAreKeyedBySyllablesAndByAbbreviation() {
        let rows = PinyinTableSource.rows(fromBytes: Array(Self.sample.utf8))
        let table = SortedReadingTable(rows: rows)
        #expect(table.entries(for: "zhong guo").map(\.text) == ["中國", "種過"])
        #expect(table.entries(for: "zhong guo").last?.weight == 12.5)
        #expect(table.entries(for: "*zg").map(\.text) == ["中國", "種過"])
        #expect(table.entries(for: "*zg").first?.annotation == "zhong guo")
        #expect(table.entries(for: "*z").isEmpty, "single syllables get no abbreviation key")
        #expect(table.entries(for: "ZHONG").isEmpty, "upper-case codes are no pinyin")
        #expect(table.entries(for: PinyinTableSource.totalReading).first?.weight == 107458 + 12.5 + 5000 + 322844 + 900)
        #expect(PinyinTableSource.abbreviationKey(["zhong", "guo"]) == "*zg")
    }

    @Test func weightsInExponentFormAreRead() {
        // rime writes its largest weights so (`的	de	4.82148e+06`): they are the commonest characters.
        let rows = PinyinTableSource.rows(
            fromBytes: Array("的\tde\t4.82148e+06\n了\tle\t1.5E3\n得\tde\t2e-1\n地\tde\t7e\n底\tde\t1e999\n".utf8))
        let weights = Dictionary(uniqueKeysWithValues: rows.map { ($0.entry.text, $0.entry.weight) })
        #expect(weights["的"] == 4_821_480)
        #expect(weights["了"] == 1_500)
        #expect(abs((weights["得"] ?? 0) - 0.2) < 1e-12)
        #expect(weights["地"] == 7, "an exponent without digits is no exponent")
        #expect(weights["底"] == 0, "a weight too large for a Double counts as none")
        let table = SortedReadingTable(rows: rows)
        #expect(table.entries(for: "de").map(\.text) == ["的", "地", "得", "底"])
    }

    @Test func aMissingFileHasNoRows() {
        #expect(PinyinTableSource.rows(from: "/nonexistent/luna_pinyin.table.txt").isEmpty)
        #expect(PinyinDictionary.shared(path: "/nonexistent/luna_pinyin.table.txt") == nil)
    }

    @Test func sentencesComposeOverTheSampleByWordWeights() {
        let dictionary = PinyinDictionary(
            table: SortedReadingTable(rows: PinyinTableSource.rows(fromBytes: Array(Self.sample.utf8))))
        let composed = PinyinComposition(
            lattice: PinyinLattice("zhongguowomen", speller: PinyinSpeller()),
            dictionary: dictionary, learning: nil)
        #expect(composed.sentence.map(\.text) == ["中國", "我們"])
        #expect(composed.syllables == ["zhong", "guo", "wo", "men"])
        #expect(composed.candidates.map(\.text).prefix(3) == ["中國我們", "中國", "種過"])
        #expect(composed.candidates.last?.text == "中")
        // Letters no syllable covers stay as typed.
        let odd = PinyinComposition(
            lattice: PinyinLattice("zhongi", speller: PinyinSpeller()), dictionary: dictionary, learning: nil)
        #expect(odd.sentenceText == "中i")
    }
}
