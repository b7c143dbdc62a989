/// How a pinyin reading is keyed in the learning store: its syllables joined by
/// `'`, the separator users type (`xi'an`), because a stored reading holds no
/// space (`ni hao` is learnt, listed and added with `inkstone dict` as `ni'hao`).
public enum PinyinLearningKey {
    /// The store's key for `reading` (syllables separated by spaces).
    public static func of(_ reading: String) -> String {
        String(reading.map { $0 == " " ? "'" : $0 })
    }
}
