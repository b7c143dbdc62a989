import InkstoneEngines
import Testing

/// Romaji → kana by the stock table: Hepburn, Kunrei and Nihon-shiki spellings, `n`
/// handling, doubled consonants, small kana, punctuation, the pending string.
@Suite struct RomajiComposerTests {
    /// (typed, kana after flushing).
    static let cases: [(String, String)] = [
        // Hepburn
        ("kanji", "かんじ"), ("shinbun", "しんぶん"), ("tsukue", "つくえ"), ("chizu", "ちず"),
        ("fujisan", "ふじさん"), ("kyouto", "きょうと"), ("jidousha", "じどうしゃ"), ("sha", "しゃ"), ("cha", "ちゃ"),
        // Kunrei / Nihon-shiki
        ("sinbun", "しんぶん"), ("tizu", "ちず"), ("tukue", "つくえ"), ("huzisan", "ふじさん"), ("tya", "ちゃ"),
        ("zya", "じゃ"), ("jya", "じゃ"), ("sya", "しゃ"), ("du", "づ"), ("di", "ぢ"), ("dya", "ぢゃ"), ("wo", "を"),
        // n
        ("konnichiha", "こんにちは"), ("onna", "おんな"), ("nn", "ん"), ("n'", "ん"), ("kon'ya", "こんや"),
        ("konya", "こにゃ"), ("kan", "かん"), ("konnnichiha", "こんにちは"), ("hon'ya", "ほんや"), ("xn", "ん"),
        ("tanni", "たんに"), ("minna", "みんな"), ("sanpo", "さんぽ"), ("genki", "げんき"),
        // doubled consonants
        ("tte", "って"), ("kka", "っか"), ("kitte", "きって"), ("zasshi", "ざっし"), ("matcha", "まっちゃ"),
        ("macchi", "まっち"), ("tti", "っち"), ("ppo", "っぽ"), ("motto", "もっと"),
        // small kana
        ("xtu", "っ"), ("ltu", "っ"), ("xtsu", "っ"), ("xa", "ぁ"), ("la", "ぁ"), ("xya", "ゃ"), ("lyo", "ょ"),
        ("xwa", "ゎ"), ("xka", "ヵ"), ("thi", "てぃ"), ("dhi", "でぃ"), ("fa", "ふぁ"), ("wi", "うぃ"), ("we", "うぇ"),
        ("va", "ゔぁ"), ("vu", "ゔ"),
        // long vowel and punctuation
        ("ka-do", "かーど"), ("ko-hi-", "こーひー"), ("desu.", "です。"), ("a,i", "あ、い"), ("[a]", "「あ」"),
        ("z/", "・"), ("z.", "…"), ("~", "〜"), ("?", "？"),
        // kept as typed
        ("q", "q"), ("abc1", "あbc1"), ("k", "k"),
    ]

    @Test(arguments: cases) func romajiBecomesKana(typed: String, kana: String) {
        var composer = RomajiComposer()
        composer.type(typed)
        composer.flush()
        #expect(composer.kana == kana, "\(typed)")
        #expect(composer.pending == "")
    }

    @Test func pendingRomajiIsShownUntilItSettles() {
        var composer = RomajiComposer()
        composer.type("k")
        #expect(composer.text == "k")
        composer.type("y")
        #expect((composer.kana, composer.pending) == ("", "ky"))
        composer.type("o")
        #expect((composer.kana, composer.pending) == ("きょ", ""))
        composer.type("n")
        #expect((composer.kana, composer.pending) == ("きょ", "n"))
        composer.type("k")
        #expect((composer.kana, composer.pending) == ("きょん", "k"))
        composer.type("k")
        #expect((composer.kana, composer.pending) == ("きょんっ", "k"))
        composer.type("a")
        #expect(composer.text == "きょんっか")
    }

    @Test func backspaceRemovesThePendingKeyFirst() {
        var composer = RomajiComposer()
        composer.type("kak")
        var removed = composer.backspace()
        #expect(removed && composer.text == "か")
        removed = composer.backspace()
        #expect(removed && composer.text == "")
        removed = composer.backspace()
        #expect(!removed)
    }

    @Test func fullWidthOptionWidensWhatNoRuleCovers() {
        var composer = RomajiComposer(fullWidth: true)
        composer.type("a1q")
        composer.flush()
        #expect(composer.kana == "あ１ｑ")
    }

    @Test func everyRuleOfTheTableIsReachable() {
        // Each rule typed alone gives its output, with its pending keys left (rules that a
        // longer rule extends wait for the next key).
        let table = RomajiTable.standard
        #expect(table.rules.count > 250)
        for rule in table.rules {
            var composer = RomajiComposer()
            composer.type(rule.input)
            if table.isProperPrefix(rule.input) {
                #expect(composer.pending == rule.input && composer.kana.isEmpty, "\(rule.input)")
            } else {
                #expect(
                    composer.kana == rule.output && composer.pending == rule.pending, "\(rule.input) → \(composer.text)"
                )
            }
        }
    }
}
