/// A pair of pinyin spellings a speaker may not tell apart (`zh`/`z`, `an`/`ang`):
/// with the pair on, typing either finds the syllables of both.
public enum PinyinFuzzyPair: String, CaseIterable, Hashable, Sendable {
    case zZh = "z-zh"
    case cCh = "c-ch"
    case sSh = "s-sh"
    case nL = "n-l"
    case rL = "r-l"
    case fH = "f-h"
    case kG = "k-g"
    case anAng = "an-ang"
    case enEng = "en-eng"
    case inIng = "in-ing"
    case ianIang = "ian-iang"
    case uanUang = "uan-uang"

    /// The two spellings, shorter first.
    var spellings: (String, String) {
        let parts = rawValue.split(separator: "-").map(String.init)
        return (parts[0], parts[1])
    }

    /// Whether the pair swaps initials (`zh`/`z`) rather than finals (`an`/`ang`).
    var isInitialPair: Bool {
        switch self {
        case .zZh, .cCh, .sSh, .nL, .rL, .fH, .kG: true
        default: false
        }
    }

    /// The spellings `syllable` has under this pair besides itself (at most one),
    /// whether or not they are syllables.
    func variants(of syllable: String) -> [String] {
        let (short, long) = spellings
        if isInitialPair {
            if syllable.hasPrefix(long) { return [short + syllable.dropFirst(long.count)] }
            // `z` of `zi` but not the `z` of `zhi`, which the long initial covers.
            if syllable.hasPrefix(short), !(short.count == 1 && syllable.dropFirst().first == "h" && long.count == 2) {
                return [long + syllable.dropFirst(short.count)]
            }
            return []
        }
        if syllable.hasSuffix(long) { return [syllable.dropLast(long.count) + short] }
        if syllable.hasSuffix(short) { return [syllable.dropLast(short.count) + long] }
        return []
    }

    /// Parses pair names (`z-zh`, `an-ang`, …).
    /// - Returns: the pairs, or the first name that is none.
    public static func parse(_ names: [String]) -> Result<Set<PinyinFuzzyPair>, UnknownPair> {
        var pairs: Set<PinyinFuzzyPair> = []
        for name in names {
            guard let pair = PinyinFuzzyPair(rawValue: name) else { return .failure(UnknownPair(name: name)) }
            pairs.insert(pair)
        }
        return .success(pairs)
    }

    /// A name that is not a fuzzy pair.
    public struct UnknownPair: Error, Equatable {
        /// The name as given.
        public let name: String
        /// The error for `name`.
        public init(name: String) { self.name = name }
    }
}
