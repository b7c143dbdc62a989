import Foundation
import InkstoneEngines
import Synchronization
import Testing

/// Whether Debian's libkkc-data is installed.
let kkcModelInstalled = FileManager.default.fileExists(atPath: KkcLanguageModel.defaultDirectory + "/data.1gram")

/// The reader of libkkc-data's trigram model, on the installed files.
@Suite(.enabled(if: kkcModelInstalled, "libkkc-data is not installed"))
struct KkcLanguageModelTests {
    static let directory = KkcLanguageModel.defaultDirectory

    @Test func vocabularyAndUnigramCostsAreTheFiles() throws {
        let model = try KkcLanguageModel(directory: Self.directory)
        #expect(model.wordCount == 118_333)
        #expect(model.bos == 101)
        #expect(model.eos == 100)
        #expect(model.word(reading: "きょう", text: "今日") == 82_753)
        #expect(model.word(reading: "は", text: "は") == 951)
        #expect(model.word(reading: "きょう", text: "ない言葉") == nil)
        // data.1gram, record 951: cost 13945, backoff 4125 (×8/65535).
        #expect(abs(model.unigramCost(951) - 1.700_099) < 1e-4)
        #expect(abs(model.unigramBackoff(951) - 0.503_548) < 1e-4)
        #expect(model.readings(prefixing: "きょうはいい").contains("きょう"))
        let words = model.words(reading: "きょう")
        #expect(words.contains { $0.text == "今日" && $0.id == 82_753 })
        #expect(words.allSatisfy { model.word(reading: "きょう", text: $0.text) == $0.id })
    }

    @Test func bigramAndTrigramCostsBackOffAsLibkkcDoes() throws {
        let model = try KkcLanguageModel(directory: Self.directory)
        // data.2gram record 585028: は after 今日, cost 9150.
        #expect(model.bigram(82_753, 951) == 585_028)
        #expect(abs(model.bigramCost(82_753, 951) - 9150 * 8 / 65535.0) < 1e-9)
        // data.2gram record 0: word 0 after 102935; data.3gram record 0: word 0 after (361, 102935), cost 14313.
        #expect(model.bigram(102_935, 0) == 0)
        #expect(abs(model.trigramCost(361, 102_935, 0) - 14313 * 8 / 65535.0) < 1e-9)
        // An unseen pair backs off to the unigram: backoff(previous) + cost(word).
        let unseen = model.bigramCost(82_753, 82_753)
        #expect(model.bigram(82_753, 82_753) == nil)
        #expect(abs(unseen - (model.unigramBackoff(82_753) + model.unigramCost(82_753))) < 1e-9)
        // An unseen triple backs off to the bigram, plus the pair's backoff when the pair exists.
        let triple = model.trigramCost(82_753, 951, 82_753)
        let pairBackoff = 712 * 8 / 65535.0
        #expect(abs(triple - (pairBackoff + model.bigramCost(951, 82_753))) < 1e-9)
    }

    @Test func everyStoredPairPassesTheBloomFilter() throws {
        let model = try KkcLanguageModel(directory: Self.directory)
        let records = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/data.2gram"))
        // Every 997th record: found through the filter and the binary search at its own index.
        for index in stride(from: 0, to: records.count / 12, by: 997) {
            let word = records.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 12, as: UInt32.self) }
            let previous = records.withUnsafeBytes {
                $0.loadUnaligned(fromByteOffset: index * 12 + 4, as: UInt32.self)
            }
            #expect(model.bigram(previous, word) == index)
        }
    }

    /// A copy of the model in a fresh folder, `change` applied to it.
    func brokenCopy(_ change: (String) throws -> Void) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kkc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.directory) {
            try FileManager.default.copyItem(atPath: Self.directory + "/" + name, toPath: folder + "/" + name)
        }
        try change(folder)
        return folder
    }

    func refusal(of folder: String) -> [String] {
        let lines = Mutex<[String]>([])
        let model = KkcLanguageModel.load(directory: folder) { line in lines.withLock { $0.append(line) } }
        #expect(model == nil)
        return lines.withLock { $0 }
    }

    @Test func truncatedOrCorruptFilesAreRefusedWithALogLine() throws {
        let truncated = try brokenCopy { folder in
            let handle = try #require(FileHandle(forUpdatingAtPath: folder + "/data.2gram"))
            try handle.truncate(atOffset: 1000 * 12 + 5)
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        #expect(refusal(of: truncated).first?.contains("data.2gram is truncated") == true)

        let shortUnigrams = try brokenCopy { folder in
            let handle = try #require(FileHandle(forUpdatingAtPath: folder + "/data.1gram"))
            try handle.truncate(atOffset: 600)
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(atPath: shortUnigrams) }
        #expect(refusal(of: shortUnigrams).first?.contains("data.1gram has 100 words") == true)

        let garbageTrie = try brokenCopy { folder in
            try Data(repeating: 0x5a, count: 4096).write(to: URL(fileURLWithPath: folder + "/data.1gram.index"))
        }
        defer { try? FileManager.default.removeItem(atPath: garbageTrie) }
        #expect(refusal(of: garbageTrie).first?.contains("data.1gram.index is missing or not a MARISA trie") == true)

        let cutTrie = try brokenCopy { folder in
            let handle = try #require(FileHandle(forUpdatingAtPath: folder + "/data.input"))
            try handle.truncate(atOffset: 100_000)
            try handle.close()
        }
        defer { try? FileManager.default.removeItem(atPath: cutTrie) }
        #expect(refusal(of: cutTrie).first?.contains("data.input is missing or not a MARISA trie") == true)

        #expect(refusal(of: "/nonexistent/model").first?.contains("no language model at /nonexistent/model") == true)
    }

    @Test(.enabled(if: JapaneseDictionary.shared != nil, "skkdic is not installed"))
    func theModelRanksWhatTheDictionaryCostsGetWrong() throws {
        let table = try #require(JapaneseDictionary.shared)
        let model = try KkcLanguageModel(directory: Self.directory)
        let ranked = JapaneseConverter(table: table, learning: nil, model: model)
        let unranked = JapaneseConverter(table: table, learning: nil)
        for (kana, expected) in [("にくがすきです", ["肉が", "好きです"]), ("うみでおよぎました", ["海で", "泳ぎました"])] {
            #expect(ranked.convert(kana).map(\.text) == expected)
            #expect(unranked.convert(kana).map(\.text).joined() != expected.joined())
        }
        // The model's pieces are grouped into bunsetsu: いる after a て-form and a verb after a particle stand alone.
        #expect(ranked.convert("とりがないています").map(\.reading) == ["とりが", "ないて", "います"])
        #expect(ranked.convert("ねつがあります").map(\.text) == ["熱が", "あります"])
        // Resizing asks for one segment: the model's best reading of it comes first, the dictionary's after.
        let segment = ranked.segment(reading: "がっこうに")
        #expect(segment.candidates.first?.text == "学校に")
        #expect(segment.candidates.contains { $0.text == "學校に" })
    }
}
