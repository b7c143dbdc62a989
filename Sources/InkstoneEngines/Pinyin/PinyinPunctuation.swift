/// The Chinese punctuation the pinyin engine types for ASCII keys (as fcitx5's
/// pinyin does), when ``PinyinOptions/chinesePunctuation`` is on.
public enum PinyinPunctuation {
    /// The mark each ASCII key types.
    public static let marks: [Character: String] = [
        ",": "，", ".": "。", "?": "？", "!": "！", ";": "；", ":": "：", "\\": "、",
        "(": "（", ")": "）", "[": "「", "]": "」", "{": "『", "}": "』", "<": "《", ">": "》",
        "~": "～", "$": "￥", "^": "……", "_": "——",
    ]

    /// The mark for the key with `keysym`, or nil when it types none.
    static func mark(for keysym: UInt32) -> String? {
        guard (0x21...0x7e).contains(keysym), let scalar = Unicode.Scalar(keysym) else { return nil }
        return marks[Character(scalar)]
    }
}
