import Foundation
import InkstoneEngines
import Synchronization
import Testing

/// Whether Debian's libime-data-language-model is installed.
let libimeModelInstalled = FileManager.default.fileExists(atPath: KenLMTrieModel.defaultPath)

/// The reader of KenLM's binary trie, on libime's installed Chinese model.
@Suite(.enabled(if: libimeModelInstalled, "libime-data-language-model is not installed"))
struct KenLMTrieModelTests {
    static let path = KenLMTrieModel.defaultPath

    @Test func headerAndVocabularyAreTheFile() throws {
        let model = try KenLMTrieModel(path: Self.path)
        #expect(model.counts == [164_887, 1_983_152, 634_213])
        #expect(model.wordCount == 164_887)
        // The words after the model, in id order: each found at its own id through its hash.
        let words = model.words(limit: .max)
        #expect(words.count == model.wordCount)
        #expect(words.first == "<unk>")
        for index in stride(from: 1, to: words.count, by: 7) {
            #expect(model.id(of: words[index]) == KenLMTrieModel.WordID(index), "\(words[index])")
        }
        // libime's model has no sentence markers: KenLM reads them as <unk>.
        #expect(!words.contains("<s>") && !words.contains("</s>"))
        #expect(model.sentenceStart == KenLMTrieModel.unknown && model.sentenceEnd == KenLMTrieModel.unknown)
        for word in ["中国", "我们", "的", "北京", "电脑"] {
            #expect(model.id(of: word) != nil, "\(word)")
        }
        #expect(model.id(of: "電腦") == nil, "the model's words are Simplified")
        #expect(model.word("no such word") == KenLMTrieModel.unknown)
    }

    @Test func probabilitiesAreLog10AndBackOffAsKenLMDoes() throws {
        let model = try KenLMTrieModel(path: Self.path)
        // Every unigram is a log probability; the children ranges tile the bigrams in order.
        // (Their mass is 0.741, not 1: libime's model lacks the sentence markers' share.)
        var total = 0.0
        var covered = 0
        for word in 0..<KenLMTrieModel.WordID(model.wordCount) {
            let unigram = try #require(model.unigram(word))
            #expect(unigram.probability <= 0)
            #expect(unigram.children.lowerBound == covered || unigram.children.isEmpty)
            covered = max(covered, unigram.children.upperBound)
            total += pow(10, unigram.probability)
        }
        #expect(covered == model.counts[1])
        #expect(abs(total - 0.741) < 0.001, "unigram mass \(total)")
        let we = try #require(model.id(of: "我们"))
        let are = try #require(model.id(of: "是"))
        let weUnigram = try #require(model.unigram(we))
        // A stored bigram scores its own probability; an unseen one the unigram plus the context's backoff.
        let areUnigram = try #require(model.unigram(are))
        let stored = try #require(model.bigram(we, under: areUnigram.children))
        #expect(model.score(context: (nil, we), word: are) == stored.probability)
        #expect(stored.probability > areUnigram.probability, "是 is likelier after 我们 than alone")
        let rare = try #require(model.id(of: "电脑"))
        let rareUnigram = try #require(model.unigram(rare))
        if model.bigram(are, under: rareUnigram.children) == nil {
            let alone = model.score(context: (nil, are), word: rare)
            #expect(abs(alone - (rareUnigram.probability + areUnigram.backoff)) < 1e-9)
        }
        // After one word, and after two, the probabilities over the vocabulary sum to at most
        // one (up to quantisation), and not far below the unigrams' mass.
        for context in [(nil, we), (model.sentenceStart, we)] as [(KenLMTrieModel.WordID?, KenLMTrieModel.WordID?)] {
            var mass = 0.0
            for word in 0..<KenLMTrieModel.WordID(model.wordCount) {
                mass += pow(10, model.score(context: context, word: word))
            }
            #expect(mass > 0.5 && mass < 1.02, "mass after \(String(describing: context)): \(mass)")
        }
        #expect(weUnigram.backoff <= 0.5)
    }

    @Test func trigramsAndBigramsReadTheirOwnArrays() throws {
        let model = try KenLMTrieModel(path: Self.path)
        func id(_ word: String) throws -> KenLMTrieModel.WordID { try #require(model.id(of: word), "\(word)") }
        // Values read from the file by a separate reading of the format (quantisation bins, log₁₀).
        let (i, not, know, knowWord) = (try id("我"), try id("不"), try id("知道"), try id("知"))
        #expect(abs(model.score(context: (i, not), word: know) - -0.811_197_9) < 1e-6, "trigram 我 不 知道")
        #expect(abs(model.score(context: (i, not), word: knowWord) - -2.265_622_4) < 1e-6, "trigram 我 不 知")
        #expect(abs(model.score(context: (nil, not), word: know) - -2.013_454_4) < 1e-6, "bigram 不 知道")
        let knowUnigram = try #require(model.unigram(know))
        let notKnow = try #require(model.bigram(not, under: knowUnigram.children))
        #expect(abs(notKnow.probability - -2.013_454_4) < 1e-6 && abs(notKnow.backoff - -0.766_749_4) < 1e-6)
        let notUnigram = try #require(model.unigram(not))
        let pair = try #require(model.bigram(i, under: notUnigram.children))
        // 我 不 交往 is no trigram: the bigram 不 交往 (or its unigram) plus the backoff of 我 不.
        let date = try id("交往")
        #expect(
            abs(
                model.score(context: (i, not), word: date)
                    - (model.score(context: (nil, not), word: date) + pair.backoff))
                < 1e-9)
    }

    /// The log₁₀ probability of `words` as a sentence (after `<s>`, here `<unk>`).
    func sentenceScore(_ model: KenLMTrieModel, _ words: [String]) throws -> Double {
        var context: (KenLMTrieModel.WordID?, KenLMTrieModel.WordID?) = (nil, model.sentenceStart)
        var total = 0.0
        for word in words.map({ model.id(of: $0) }) {
            let id = try #require(word)
            total += model.score(context: context, word: id)
            context = (context.1, id)
        }
        return total
    }

    @Test func naturalSentencesOutscoreScrambledOnes() throws {
        let model = try KenLMTrieModel(path: Self.path)
        let sentences = [
            ["我们", "今天", "去", "北京"], ["他", "是", "一个", "好", "学生"], ["我", "喜欢", "吃", "苹果"],
            ["这", "是", "我", "的", "电脑"], ["明天", "会", "下雨", "吗"],
        ]
        for words in sentences {
            let natural = try sentenceScore(model, words)
            #expect(natural > (try sentenceScore(model, words.reversed())), "\(words)")
            #expect(natural > (try sentenceScore(model, Array(words.dropFirst()) + [words[0]])), "\(words)")
        }
    }

    /// A copy of the model, `change` applied to its bytes.
    func brokenCopy(_ change: (inout Data) -> Void) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        change(&bytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lm-\(UUID().uuidString)").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    func refusal(of path: String) -> [String] {
        let lines = Mutex<[String]>([])
        let model = KenLMTrieModel.load(path: path) { line in lines.withLock { $0.append(line) } }
        #expect(model == nil)
        return lines.withLock { $0 }
    }

    @Test func truncatedForeignOrCorruptFilesAreRefusedWithALogLine() throws {
        let cases: [(String, (inout Data) -> Void)] = [
            ("vocabulary strings are cut short", { $0.count -= 3 }),
            ("truncated in the", { $0.count /= 2 }),
            ("truncated in the vocabulary", { $0.count = 4096 }),
            ("not a KenLM binary model", { $0[3] ^= 0x20 }),
            ("not a KenLM binary model", { $0.count = 40 }),
            ("model type 2", { $0[96] = 2 }),
            ("order 4", { $0[88] = 4 }),
            (
                "quantisation version",
                { bytes in
                    // The first byte after the vocabulary's count and hashes.
                    bytes[136 + 8 + 8 * 164_887] = 7
                }
            ),
            ("not sorted", { bytes in bytes[136 + 8 + 8 * 100 + 7] ^= 0xff }),
        ]
        for (expected, change) in cases {
            let path = try brokenCopy(change)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let lines = refusal(of: path)
            #expect(lines.first?.contains(expected) == true, "\(expected): \(lines)")
        }
        let foreign = refusal(of: "/usr/share/rime-data/build/luna_pinyin.table.txt")
        #expect(foreign.first?.contains("not a KenLM binary model") == true, "\(foreign)")
        #expect(refusal(of: "/nonexistent/zh_CN.lm").first?.contains("no language model at /nonexistent") == true)
    }

    @Test func damagedPointersFindNothingInsteadOfCrashing() throws {
        // Every third unigram's next pointer past the bigrams, and the bigram array (word ids,
        // values and pointers) overwritten with noise: the header still checks out.
        let quantisation = 136 + 8 + 8 * 164_887
        let path = try brokenCopy { bytes in
            let probabilityBits = Int(bytes[quantisation + 1])
            let backoffBits = Int(bytes[quantisation + 2])
            let unigrams = quantisation + 8 + (4 << probabilityBits) * 2 + (4 << backoffBits)
            let bigrams = unigrams + (164_887 + 2) * 16
            for record in stride(from: 0, to: 164_887, by: 3) {
                for byte in 0..<8 { bytes[unigrams + record * 16 + 8 + byte] = 0x7f }
            }
            var noise: UInt64 = 0x9e37_79b9_7f4a_7c15
            for offset in stride(from: bigrams + 64 * 1024, to: bigrams + 6_000_000, by: 1) {
                noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[offset] = UInt8(truncatingIfNeeded: noise >> 33)
            }
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = try #require(KenLMTrieModel.load(path: path, log: { _ in }))
        var checked = 0
        for word in stride(from: 0, to: KenLMTrieModel.WordID(model.wordCount), by: 97) {
            let score = model.score(context: (word, word &+ 1), word: word &+ 2)
            #expect(!score.isNaN)
            checked += 1
        }
        #expect(checked > 1000)
    }
}
