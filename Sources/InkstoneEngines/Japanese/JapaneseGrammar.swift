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
    ])

    /// The function words that end a verb or adjective (okuri-ari words) rather than follow a noun.
    static let endings: Set<String> = Set([
        "ます", "ました", "ません", "ませんでした", "ましょう", "まして", "た", "て", "だ", "で", "った", "って",
        "いた", "いて", "んだ", "んで", "ない", "なかった", "なくて", "なければ", "たい", "たかった", "たくない",
        "い", "かった", "くて", "くない", "く", "き", "け", "ければ", "ば", "れば", "る", "れる", "られる",
        "せる", "させる", "う", "よう", "ている", "ています", "ていた", "ていました", "てい", "てる", "ておく",
        "てしまう", "ちゃう", "たり", "だり", "ても", "ながら",
    ])

    /// The longest function word, in characters.
    static let longestFunctionWord = functionWords.map(\.count).max() ?? 1

    /// The romaji letter an SKK okuri-ari key ends with for okurigana starting with `kana`
    /// (`く` → `k`, `い` → `i`, `っ` → `t`), or nil for non-kana.
    static func okuriganaLetter(_ kana: Character) -> Character? {
        for (letter, row) in okuriganaRows where row.contains(kana) { return letter }
        return nil
    }

    private static let okuriganaRows: [(Character, String)] = [
        ("a", "あぁ"), ("i", "いぃ"), ("u", "うぅ"), ("e", "えぇ"), ("o", "おぉ"),
        ("k", "かきくけこ"), ("g", "がぎぐげご"), ("s", "さしすせそ"), ("z", "ざずぜぞ"), ("j", "じ"),
        ("t", "たちつてとっ"), ("d", "だぢづでど"), ("n", "なにぬねのん"), ("h", "はひふへほ"),
        ("b", "ばびぶべぼ"), ("p", "ぱぴぷぺぽ"), ("m", "まみむめも"), ("y", "やゆよゃゅょ"),
        ("r", "らりるれろ"), ("w", "わを"),
    ]
}
