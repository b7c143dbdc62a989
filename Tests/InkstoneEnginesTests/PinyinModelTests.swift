import InkstoneEngines
import Testing

/// Sentence ranking with libime's language model against the table's word weights alone.
@Suite(.enabled(if: libimeModelInstalled, "libime-data-language-model is not installed"))
struct PinyinModelTests {
    @Test func theModelRanksWhatTheWordWeightsGetWrong() throws {
        let shared = try #require(PinyinDictionary.shared(), "install rime-data-luna-pinyin")
        #expect(shared.model != nil, "the shared dictionary ranks with the installed model")
        let unigram = PinyinDictionary(table: shared.table)
        func sentence(_ letters: String, _ dictionary: PinyinDictionary) -> String {
            let composed = PinyinComposition(
                lattice: PinyinLattice(letters, speller: PinyinSpeller()), dictionary: dictionary, learning: nil)
            return PinyinScript.simplified.render(composed.sentenceText)
        }
        for (letters, expected) in [
            ("nijiaoshenmemingzi", "你叫什么名字"), ("qingbangwoyixia", "请帮我一下"),
            ("laoshibuzhilezuoye", "老师布置了作业"), ("woyaoyiwanmifan", "我要一碗米饭"),
        ] {
            #expect(sentence(letters, shared) == expected)
            #expect(sentence(letters, unigram) != expected, "the word weights alone get \(letters) wrong")
        }
    }

    @Test func learntChoicesStillWinOverTheModel() throws {
        let shared = try #require(PinyinDictionary.shared(), "install rime-data-luna-pinyin")
        let store = RememberingLearning()
        store.record("知到", for: PinyinLearningKey.of("zhi dao"))
        var engine = PinyinEngine(dictionary: shared, learning: store)
        for key in "wobuzhidao" { _ = engine.handle(KeyEvent(keysym: key.unicodeScalars.first!.value)) }
        #expect(engine.candidates?.items.first?.text == "我不知到")
    }
}
