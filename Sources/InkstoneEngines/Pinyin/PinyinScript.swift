/// Which Chinese script the pinyin engine writes: the table is Traditional;
/// Simplified output converts each candidate with ICU's `Hant-Hans` transliterator.
public enum PinyinScript: String, CaseIterable, Hashable, Sendable {
    case simplified, traditional

    /// `text` (Traditional, as the table has it) in this script.
    public func render(_ text: String) -> String {
        switch self {
        case .traditional: text
        case .simplified: PinyinSimplifier.shared.simplified(text)
        }
    }

    /// `texts` (Traditional) in this script, in order (converted together: see ``PinyinSimplifier``).
    public func render(_ texts: [String]) -> [String] {
        switch self {
        case .traditional: texts
        case .simplified: PinyinSimplifier.shared.simplified(texts)
        }
    }
}
