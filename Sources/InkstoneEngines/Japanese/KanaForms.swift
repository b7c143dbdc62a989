import InkstoneSegmentation

/// The forms a reading can be shown in (F6–F10 in every Japanese IME), by ICU
/// transliteration.
public enum KanaForm: Int, CaseIterable, Hashable, Sendable {
    /// Hiragana (F6).
    case hiragana
    /// Full-width katakana (F7).
    case katakana
    /// Half-width katakana (F8).
    case halfWidthKatakana
    /// Full-width romaji (F9).
    case fullWidthRomaji
    /// Half-width romaji (F10).
    case halfWidthRomaji
}

/// Conversions between kana and width forms.
public enum KanaForms {
    /// `kana` in `form`; the romaji forms use `romaji` (the keys typed) when given,
    /// else ICU's romanisation of the kana.
    public static func render(_ kana: String, as form: KanaForm, romaji: String? = nil) -> String {
        switch form {
        case .hiragana: return kana
        case .katakana: return katakana(kana)
        case .halfWidthKatakana: return halfWidth(katakana(kana))
        case .fullWidthRomaji: return fullWidth(romaji ?? latin(kana))
        case .halfWidthRomaji: return halfWidth(romaji ?? latin(kana))
        }
    }

    /// Hiragana turned to katakana (other characters unchanged).
    public static func katakana(_ text: String) -> String { transliterate(text, "Hiragana-Katakana") }

    /// Katakana turned to hiragana (other characters unchanged).
    public static func hiragana(_ text: String) -> String { transliterate(text, "Katakana-Hiragana") }

    /// ASCII, katakana and symbols in their full-width forms.
    public static func fullWidth(_ text: String) -> String { transliterate(text, "Halfwidth-Fullwidth") }

    /// Full-width forms in their half-width forms (katakana to half-width katakana).
    public static func halfWidth(_ text: String) -> String { transliterate(text, "Fullwidth-Halfwidth") }

    /// Kana romanised by ICU (used when the typed keys are not known).
    public static func latin(_ text: String) -> String { transliterate(katakana(text), "Katakana-Latin") }

    private static func transliterate(_ text: String, _ id: String) -> String {
        Transliterator.shared(id)?.transliterate(text) ?? text
    }
}
