/// Which syllables a typed spelling stands for, with the fuzzy pairs in force:
/// `zhong` is `zhong`; with `z-zh` on, `zong` is `zong` and `zhong`, and `zua`
/// (no syllable) is `zhua`. `lue`/`nue` are typed forms of `lve`/`nve` (ü).
public struct PinyinSpeller: Sendable, Equatable {
    /// The fuzzy pairs in force.
    public let fuzzy: Set<PinyinFuzzyPair>
    private let syllablesBySpelling: [String: [String]]

    /// A speller with `fuzzy` pairs on (none: exact pinyin).
    public init(fuzzy: Set<PinyinFuzzyPair> = []) {
        self.fuzzy = fuzzy
        var map: [String: [String]] = [:]
        for syllable in PinyinSyllable.all { map[syllable] = [syllable] }
        map["lue"] = ["lve"]
        map["nue"] = ["nve"]
        for pair in PinyinFuzzyPair.allCases where fuzzy.contains(pair) {
            for syllable in PinyinSyllable.all {
                for variant in pair.variants(of: syllable) where !(map[variant]?.contains(syllable) ?? false) {
                    map[variant, default: []].append(syllable)
                }
            }
        }
        syllablesBySpelling = map
    }

    /// The syllables `spelling` stands for, itself first; empty when it is no syllable.
    public func syllables(for spelling: Substring) -> [String] {
        syllablesBySpelling[String(spelling)] ?? []
    }

    /// Whether `spelling` can begin a syllable but is none yet (`zho`, `x`).
    public func isUnfinished(_ spelling: Substring) -> Bool {
        PinyinSyllable.prefixes.contains(String(spelling))
    }

    /// Whether `spelling` is an initial typed alone as an abbreviation (`z`, `zh`, `g`).
    public func isInitial(_ spelling: Substring) -> Bool {
        PinyinSyllable.initials.contains(String(spelling))
    }

    /// The syllables an abbreviated or unfinished spelling may complete to
    /// (`zh` → zha … zhuo), with the fuzzy initials in force (`z` finds `zh…` anyway).
    public func completions(of spelling: Substring) -> [String] {
        var starts = [String(spelling)]
        for pair in fuzzy where pair.isInitialPair {
            starts += pair.variants(of: String(spelling)).filter { !$0.isEmpty }
        }
        return PinyinSyllable.all.filter { syllable in starts.contains { syllable.hasPrefix($0) } }
    }
}
