internal import CICU

/// What a word is made of, from ICU's word rule status.
public enum WordKind: Sendable, Hashable {
    /// Digits and number punctuation ("3.14").
    case number
    /// Letters of alphabetic scripts ("naïve", "שלום").
    case letter
    /// Kana found by ICU's rules; kana that ICU's CJK dictionary segments (the
    /// usual case) is reported as ``ideographic``.
    case kana
    /// Words found by ICU's CJK dictionary: ideographs and kana ("世界", "カタカナ").
    case ideographic

    /// The kind for an ICU word rule status, or `nil` for a non-word segment.
    init?(ruleStatus: Int32) {
        switch Int(ruleStatus) {
        case INKSTONE_WORD_NUMBER..<INKSTONE_WORD_LETTER: self = .number
        case INKSTONE_WORD_LETTER..<INKSTONE_WORD_KANA: self = .letter
        case INKSTONE_WORD_KANA..<INKSTONE_WORD_IDEO: self = .kana
        case INKSTONE_WORD_IDEO..<INKSTONE_WORD_IDEO_LIMIT: self = .ideographic
        default: return nil
        }
    }
}
