/// The few facts of Japanese grammar the converter uses with a dictionary that has
/// neither frequencies nor parts of speech: function words (particles, auxiliaries
/// and inflection endings) that follow a content word in its segment, and the
/// romaji letter SKK keys okurigana by.
enum JapaneseGrammar {
    /// Particles, auxiliaries and inflection endings that stay in kana after a
    /// content word (`は`, `を`, `ます`, `ました`, `ない`, …).
    static let functionWords: Set<String> = Set([
        "は", "が", "を", "に", "で", "と", "も", "の", "へ", "や", "か", "ね", "よ", "な", "ぞ", "さ", "わ",
        "から", "まで", "より", "など", "だけ", "しか", "ほど", "くらい", "ぐらい", "でも", "では", "には", "とは",
        "にも", "へは", "への", "での", "との", "からの", "までの", "のは", "のが", "のを", "のに", "ので",
        "けど", "けれど", "けれども", "ながら", "たり", "だり", "し", "ば", "れば", "ても", "でも",
        "だ", "だった", "です", "でした", "でしょう", "だろう", "である",
        "ます", "ました", "ません", "ませんでした", "ましょう", "まして",
        "た", "て", "だ", "で", "った", "って", "いた", "いて", "んだ", "んで",
        "ない", "なかった", "なくて", "なければ", "たい", "たかった", "たくない",
        "い", "かった", "くて", "くない", "く", "さ", "き", "け", "ければ",
        "る", "れる", "られる", "せる", "させる", "う", "よう", "ている", "ています", "ていた", "ていました",
        "てい", "てる", "ておく", "てしまう", "ちゃう",
        // する after a noun (運転します)
        "する", "します", "しました", "しません", "しませんでした", "して", "した", "しない", "しています",
        "しましょう", "すれば", "でしょう",
    ])

    /// Kana that are particles on their own, for telling a word + particle from a longer word.
    static let particleKana: Set<Character> = ["は", "が", "を", "に", "で", "と", "も", "の", "へ"]

    /// Common words usually written in kana (auxiliary verbs, adverbs, formal nouns); as
    /// verbs they take endings (`あり` + `ます`).
    static let kanaWords: Set<String> = Set([
        "ある", "あり", "あっ", "いる", "います", "いました", "いません", "なる", "なり", "なっ",
        "ください", "くださ", "もらう", "もらい", "もらっ", "くれる", "くれ", "あげる", "あげ",
        "とても", "もう", "まだ", "こと", "もの", "ところ", "これ", "それ", "あれ", "どれ",
        "ここ", "そこ", "どこ", "この", "その", "あの", "どの",
    ])

    /// The last kana of an ichidan verb stem (i- and e-row: 見る, 寝る).
    static let ichidanStemEnds: Set<Character> = Set("いきしちにひみりぎじびぴえけせてねへめれげぜでべぺ")

    /// Whether a hiragana run reads as a loanword written in katakana: it has ー or a small
    /// vowel (`にゅーす`, `ふぁいる`) with at most four kana before the first and two after
    /// the last, no を, and neither ends in a particle nor, away from the start, begins with one.
    static func looksLikeLoanword(_ characters: ArraySlice<Character>, atStart: Bool) -> Bool {
        // The marker test first: it compares code points and rules out almost every span.
        let isMarker = isLoanwordMarker
        guard characters.contains(where: isMarker), let first = characters.first, let last = characters.last,
            !particleKana.contains(last), atStart || !particleKana.contains(first), !characters.contains("を")
        else { return false }
        guard let firstMarker = characters.firstIndex(where: isMarker),
            let lastMarker = characters.lastIndex(where: isMarker),
            firstMarker - characters.startIndex <= 4, characters.endIndex - lastMarker <= 3
        else { return false }
        return characters.allSatisfy { JapaneseConverter.isHiragana($0) }
    }

    /// Whether `character` is ー or a small vowel ぁぃぅぇぉ, which mark a loanword.
    static func isLoanwordMarker(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return false }
        return loanwordMarkers.contains(scalar.value)
    }

    /// ー and the small vowels ぁぃぅぇぉ, which mark a loanword.
    private static let loanwordMarkers: Set<UInt32> = [0x30fc, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049]

    /// The function words that end a verb or adjective (okuri-ari words) rather than follow a noun.
    static let endings: Set<String> = Set([
        "ます", "ました", "ません", "ませんでした", "ましょう", "まして", "た", "て", "だ", "で", "った", "って",
        "いた", "いて", "んだ", "んで", "ない", "なかった", "なくて", "なければ", "たい", "たかった", "たくない",
        "い", "かった", "くて", "くない", "く", "き", "け", "ければ", "ば", "れば", "る", "れる", "られる",
        "せる", "させる", "う", "よう", "ている", "ています", "ていた", "ていました", "てい", "てる", "ておく",
        "てしまう", "ちゃう", "たり", "だり", "ても", "ながら",
    ])

    /// Pieces of inflections and auxiliaries as a word-based language model splits them
    /// (`行/き/まし/た`); like function words, they stay in the segment before them.
    static let inflectionPieces: Set<String> = Set([
        "まし", "ませ", "ましょ", "でし", "でしょ", "だっ", "なかっ", "かっ", "たかっ", "たく", "なく", "なけれ",
        "けれ", "られ", "させ", "れる", "せる", "てい", "ちゃ", "じゃ", "ちゃっ", "って", "ってい",
    ])

    /// The irregular verb 来る, whose stem changes with its ending: the stem kana and the
    /// kana its endings start with (く|る, く|れば; き|た, き|て, き|ます; こ|ない, こ|よう,
    /// こ|られる, こ|させる, こ|い). SKK keys them as okuri-ari words of other verbs' stems
    /// too (`きm` is 決 first), so they are offered on their own.
    static let kuruStems: [Character: Set<Character>] = [
        "く": ["る", "れ"],
        "き": ["た", "て", "ま"],
        "こ": ["な", "よ", "ら", "さ", "い"],
    ]

    /// The kana stem of 来る at `start` of `characters` when an ending of it follows, else nil.
    static func kuruStem(in characters: [Character], at start: Int) -> String? {
        guard start + 1 < characters.count, let endings = kuruStems[characters[start]],
            endings.contains(characters[start + 1])
        else { return nil }
        return String(characters[start])
    }

    /// The longest function word, in characters.
    static let longestFunctionWord = functionWords.map(\.count).max() ?? 1

    /// The longest function or common kana word, in characters.
    static let longestKanaWord = max(longestFunctionWord, kanaWords.map(\.count).max() ?? 1)

    /// The romaji letter an SKK okuri-ari key ends with for okurigana starting with `kana`
    /// (`く` → `k`, `い` → `i`, `っ` → `t`), or nil for non-kana.
    static func okuriganaLetter(_ kana: Character) -> Character? {
        if kana.unicodeScalars.count == 1, let scalar = kana.unicodeScalars.first {
            return okuriganaLetters[scalar.value]
        }
        // Decomposed (か + ゛): compared as characters, canonically.
        for (letter, row) in okuriganaRows where row.contains(kana) { return letter }
        return nil
    }

    /// ``okuriganaRows`` by kana code point (looked up for every span of every conversion).
    private static let okuriganaLetters: [UInt32: Character] = Dictionary(
        uniqueKeysWithValues: okuriganaRows.flatMap { letter, row in row.unicodeScalars.map { ($0.value, letter) } })

    private static let okuriganaRows: [(Character, String)] = [
        ("a", "あぁ"), ("i", "いぃ"), ("u", "うぅ"), ("e", "えぇ"), ("o", "おぉ"),
        ("k", "かきくけこ"), ("g", "がぎぐげご"), ("s", "さしすせそ"), ("z", "ざずぜぞ"), ("j", "じ"),
        ("t", "たちつてとっ"), ("d", "だぢづでど"), ("n", "なにぬねのん"), ("h", "はひふへほ"),
        ("b", "ばびぶべぼ"), ("p", "ぱぴぷぺぽ"), ("m", "まみむめも"), ("y", "やゆよゃゅょ"),
        ("r", "らりるれろ"), ("w", "わを"),
    ]
}
