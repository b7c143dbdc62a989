import CXKBCommon

/// The keys of Japanese input that other engines do not use.
enum JapaneseKeys {
    /// `Henkan` (convert; with nothing composing, Japanese input on).
    static let henkan = UInt32(XKB_KEY_Henkan)
    /// `Muhenkan` (katakana; with nothing composing, Japanese input off).
    static let muhenkan = UInt32(XKB_KEY_Muhenkan)
    /// `Zenkaku_Hankaku` (switches Japanese and direct input).
    static let zenkakuHankaku = UInt32(XKB_KEY_Zenkaku_Hankaku)

    /// The form an F-key shows: F6 hiragana … F10 half-width romaji.
    static func form(of keysym: UInt32) -> KanaForm? {
        guard keysym >= UInt32(XKB_KEY_F6), keysym <= UInt32(XKB_KEY_F10) else { return nil }
        return KanaForm(rawValue: Int(keysym - UInt32(XKB_KEY_F6)))
    }
}
