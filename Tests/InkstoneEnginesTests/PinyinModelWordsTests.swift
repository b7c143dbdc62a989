import InkstoneTestSupport
import Testing

@testable import InkstoneEngines

/// The model words the cached pinyin table stores for each entry: the ids a direct lookup in
/// libime's model finds, phrases the model lacks split into its words, and a cache built
/// another way (older parser or layout, other model, damaged) never used as it is.
@Suite(.enabled(if: libimeModelInstalled, "libime-data-language-model is not installed"))
struct PinyinModelWordsTests {
    static let sample = """
        中國\tzhong guo\t107458
        我們\two men\t322844
        我們的\two men de\t12
        的\tde\t4820000
        電腦\tdian nao\t5000
        似乎\tsi hu\t18849
        是\tshi\t3000000
        似乎是\tsi hu shi\t742
        似乎是\tshi hu shi\t742

        """

    static func model() throws -> KenLMTrieModel {
        try #require(KenLMTrieModel.shared, "install \(KenLMTrieModel.package)")
    }

    /// The sample written as a table file in a fresh folder, with a cache folder beside it.
    static func sampleFile() throws -> (table: String, cache: String) {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-pinyin-words")
        try writeFile(folder + "/luna_pinyin.table.txt", sample)
        return (folder + "/luna_pinyin.table.txt", folder + "/cache")
    }

    @Test func storedWordsAreTheModelsIdsOfTheSimplifiedText() throws {
        let model = try Self.model()
        let rows = PinyinTableSource.rows(fromBytes: Array(Self.sample.utf8), model: model)
        let words = Dictionary(rows.map { ($0.entry.text, $0.entry.modelWords) }) { first, _ in first }
        for (traditional, simplified) in [("中國", "中国"), ("電腦", "电脑"), ("的", "的")] {
            let id = try #require(model.id(of: simplified))
            #expect(words[traditional] == [id], "\(traditional) is the model's \(simplified)")
        }
        // A phrase the model lacks is stored as the model words it is made of.
        #expect(model.id(of: "我们的") == nil)
        let pieces = [try #require(model.id(of: "我们")), try #require(model.id(of: "的"))]
        #expect(words["我們的"] == pieces)
        // A phrase split into model words only when each reads as the table lists it.
        #expect(model.id(of: "似乎是") == nil)
        let seems = [try #require(model.id(of: "似乎")), try #require(model.id(of: "是"))]
        let seeming = rows.filter { $0.entry.text == "似乎是" }
        #expect(seeming.first { $0.reading == "si hu shi" }?.entry.modelWords == seems)
        #expect(seeming.first { $0.reading == "shi hu shi" }?.entry.modelWords == [], "似乎 is never shi hu")
        #expect(seeming.first { $0.entry.annotation == "si hu shi" }?.entry.modelWords == seems)
        // Abbreviation rows carry the same words as their syllable rows.
        let abbreviated = rows.filter { $0.reading == "*zg" }.map(\.entry.modelWords)
        #expect(abbreviated == [words["中國"] ?? []])
        let total = rows.first { $0.reading == PinyinTableSource.totalReading }?.entry
        #expect(total?.annotation == model.fingerprint)
    }

    @Test func segmentationTakesTheFewestModelWords() throws {
        let model = try Self.model()
        let china = try #require(model.id(of: "中国"))
        let people = try #require(model.id(of: "人民"))
        #expect(model.segment("中国") == [china])
        #expect(model.segment("中国人民") == (model.id(of: "中国人民").map { [$0] } ?? [china, people]))
        #expect(model.segment("") == nil)
        #expect(model.segment("\u{E000}") == nil, "a character in no word of the vocabulary")
    }

    @Test func theCachedTableKeepsTheWordsAndIsRebuiltWhenOld() throws {
        let model = try Self.model()
        let (table, cache) = try Self.sampleFile()
        let built = PinyinDictionary.openTable(path: table, model: model, cacheDirectory: cache)
        #expect(built.origin == .built(.missing))
        let expected = SortedReadingTable(rows: PinyinTableSource.rows(from: table, model: model))
        #expect(built.table.entries(for: "wo men de") == expected.entries(for: "wo men de"))
        #expect(built.table.entries(for: "wo men de").first?.modelWords.count == 2)
        #expect(PinyinDictionary.openTable(path: table, model: model, cacheDirectory: cache).origin == .cached)

        // A cache the previous parser wrote (no model words) under the same name is stale.
        let name = cache + "/luna-pinyin.v\(PinyinTableSource.formatVersion).table"
        _ = ReadingTableCache.open(
            name: "luna-pinyin.v\(PinyinTableSource.formatVersion)", sources: [table, model.path],
            formatVersion: PinyinTableSource.formatVersion - 1, directory: cache
        ) { PinyinTableSource.rows(from: table) }
        let rebuilt = PinyinDictionary.openTable(path: table, model: model, cacheDirectory: cache)
        #expect(rebuilt.origin == .built(.stale))
        #expect(rebuilt.table.entries(for: "zhong guo") == expected.entries(for: "zhong guo"))

        // A file of the previous layout (24-byte entries, no model words) is refused, then rebuilt.
        var bytes = try #require(readBytes(name))
        bytes[8] = 1
        try writeBytes(name, bytes)
        let relaid = PinyinDictionary.openTable(path: table, model: model, cacheDirectory: cache)
        #expect(relaid.origin == .built(.damaged("layout version 1, expected 2")))
        #expect(relaid.table.entries(for: "dian nao") == expected.entries(for: "dian nao"))

        // A damaged file is refused: the words of a cut file are never read.
        let good = try #require(readBytes(name))
        try writeBytes(name, Array(good.dropLast(3)))
        guard
            case .built(.damaged) = PinyinDictionary.openTable(path: table, model: model, cacheDirectory: cache).origin
        else {
            Issue.record("a cut cache file was used")
            return
        }
    }

    @Test func wordsStoredForAnotherModelAreNotUsed() throws {
        let model = try Self.model()
        var rows = PinyinTableSource.rows(fromBytes: Array(Self.sample.utf8), model: model)
        let stored = PinyinDictionary(table: SortedReadingTable(rows: rows), model: model)
        #expect(stored.storesModelWords)
        // The same words under another model's fingerprint: looked up afresh instead.
        for index in rows.indices where rows[index].reading == PinyinTableSource.totalReading {
            rows[index].entry.annotation = "kenlm 1 2 3 4"
        }
        for index in rows.indices where rows[index].entry.text == "中國" { rows[index].entry.modelWords = [1] }
        let foreign = PinyinDictionary(table: SortedReadingTable(rows: rows), model: model)
        #expect(!foreign.storesModelWords)
        let entry = try #require(foreign.table.entries(for: "zhong guo").first)
        #expect(foreign.modelWords(of: entry, learnt: false) == [try #require(model.id(of: "中国"))])
        let lattice = PinyinLattice("womendezhongguodiannao", speller: PinyinSpeller())
        #expect(
            PinyinComposition(lattice: lattice, dictionary: foreign, learning: nil).sentenceText
                == PinyinComposition(lattice: lattice, dictionary: stored, learning: nil).sentenceText)
    }

    @Test func aPhraseTheModelLacksIsScoredByTheModel() throws {
        let model = try Self.model()
        let dictionary = PinyinDictionary(
            table: SortedReadingTable(rows: PinyinTableSource.rows(fromBytes: Array(Self.sample.utf8), model: model)),
            model: model)
        let run = try #require(
            PinyinLattice("womende", speller: PinyinSpeller()).segmentations().first {
                $0.map(\.spelling) == ["wo", "men", "de"]
            })
        let word = try #require(dictionary.words(for: run, learning: nil).words.first { $0.text == "我們的" })
        let context = PinyinComposition.Context(first: nil, second: model.sentenceStart)
        let expected =
            dictionary.modelScore(context: (nil, model.sentenceStart), word: word.modelWords[0])
            + dictionary.modelScore(context: (model.sentenceStart, word.modelWords[0]), word: word.modelWords[1])
        #expect(abs(PinyinComposition.cost(of: word, after: context, dictionary: dictionary) - expected) < 1e-9)
        #expect(context.then(word.modelWords) == .init(first: word.modelWords[0], second: word.modelWords[1]))
    }
}
