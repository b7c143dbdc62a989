/// Written words back to their readings, for reconversion (``JapaneseEngine``'s `Henkan`
/// on a selection): the dictionary read backwards (`漢字` → `かんじ`, `書` before
/// okurigana → `か`), built from a reading table once, on first use.
///
/// Each text keeps the reading it ranks best under (`日` is `ひ`, where it comes first);
/// only a reading's first ``entriesPerReading`` words and texts of at most
/// ``longestText`` characters are indexed, which keeps the index small.
public final class JapaneseReverseIndex: Sendable {
    /// How many of each reading's words are indexed.
    public static let entriesPerReading = 4
    /// The longest text indexed, in characters.
    public static let longestText = 8

    /// The index of ``JapaneseDictionary/shared``, built on first use; nil without the dictionary.
    public static let shared: JapaneseReverseIndex? = JapaneseDictionary.shared.map { JapaneseReverseIndex(table: $0) }

    /// Okuri-nasi words: text → (reading, weight).
    private let words: [String: Reading]
    /// Okuri-ari stems (`かk` → 書): text → (the stem's reading `か`, weight).
    private let stems: [String: Reading]

    private struct Reading {
        var kana: String
        var weight: Double
    }

    /// The index of `table` (SKK keys: okuri-nasi readings in hiragana, okuri-ari ones a stem and a letter).
    public init(table: any ReadingTable) {
        var words: [String: Reading] = [:]
        var stems: [String: Reading] = [:]
        func keep(_ text: String, _ reading: Reading, in index: inout [String: Reading]) {
            guard text.count <= Self.longestText, !JapaneseConverter.isHiragana(text) else { return }
            if let known = index[text], known.weight >= reading.weight { return }
            index[text] = reading
        }
        for key in table.readings(withPrefix: "", limit: .max) {
            guard let last = key.last else { continue }
            let okuriAri = last.isASCII && last.isLetter
            let stem = okuriAri ? String(key.dropLast()) : key
            guard JapaneseConverter.isHiragana(stem) else { continue }
            for entry in table.entries(for: key, limit: Self.entriesPerReading) {
                if okuriAri {
                    keep(entry.text, Reading(kana: stem, weight: entry.weight), in: &stems)
                } else {
                    keep(entry.text, Reading(kana: stem, weight: entry.weight), in: &words)
                }
            }
        }
        self.words = words
        self.stems = stems
    }

    /// The reading of `text`: kana as hiragana, words by the longest match (a stem before
    /// hiragana read as an okuri-ari word), anything else (digits, Latin letters,
    /// unknown kanji) kept as it is.
    public func reading(of text: String) -> String {
        let characters = Array(text)
        var reading = ""
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if Self.isKana(character) {
                reading += KanaForms.hiragana(String(character))
                position += 1
                continue
            }
            var matched = false
            for length in stride(from: min(Self.longestText, characters.count - position), to: 0, by: -1) {
                let end = position + length
                let span = String(characters[position..<end])
                let beforeOkurigana = end < characters.count && JapaneseConverter.isHiragana(characters[end])
                if let found = (beforeOkurigana ? stems[span] : nil) ?? words[span] {
                    reading += found.kana
                    position = end
                    matched = true
                    break
                }
            }
            if !matched {
                reading.append(character)
                position += 1
            }
        }
        return reading
    }

    /// Whether `character` is hiragana or katakana (with ー).
    private static func isKana(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x3041...0x30ff).contains($0.value) }
    }
}
