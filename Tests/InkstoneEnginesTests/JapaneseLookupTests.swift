import Testing

@testable import InkstoneEngines

/// The lookups a sentence conversion makes for every span of its kana: the okurigana
/// letter and the loanword test.
struct JapaneseLookupTests {
    @Test(
        arguments: [
            ("く", "k"), ("い", "i"), ("ぃ", "i"), ("っ", "t"), ("ん", "n"), ("が", "g"), ("じ", "j"), ("ゃ", "y"),
            ("を", "w"), ("ぷ", "p"), ("ろ", "r"), ("ず", "z"), ("ぢ", "d"),
        ] as [(Character, Character)])
    func okuriganaLetterOfEachRow(kana: Character, letter: Character) {
        #expect(JapaneseGrammar.okuriganaLetter(kana) == letter)
    }

    @Test func noOkuriganaLetterForKatakanaKanjiOrLatin() {
        for character: Character in ["カ", "書", "k", "ー", "ゔ"] {
            #expect(JapaneseGrammar.okuriganaLetter(character) == nil)
        }
    }

    @Test func decomposedKanaHasTheLetterOfItsComposedForm() {
        #expect(JapaneseGrammar.okuriganaLetter("か\u{3099}") == "g")
    }

    @Test func loanwordsNeedAMarkerAndNoParticleEdges() {
        func looks(_ kana: String, atStart: Bool = true) -> Bool {
            JapaneseGrammar.looksLikeLoanword(ArraySlice(Array(kana)), atStart: atStart)
        }
        #expect(looks("にゅーす"))
        #expect(looks("ふぁいる"))
        #expect(looks("こーひー"))
        #expect(!looks("にほん"))
        #expect(!looks("こーひーを"))
        #expect(!looks("のーす", atStart: false))
        #expect(looks("のーす", atStart: true))
        #expect(!looks("コーヒー"))
    }
}
