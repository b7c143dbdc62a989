/// Which syllables a typed spelling stands for, with the fuzzy pairs in force:
/// `zhong` is `zhong`; with `z-zh` on, `zong` is `zong` and `zhong`, and `zua`
/// (no syllable) is `zhua`. `lue`/`nue` are typed forms of `lve`/`nve` (ü).
public struct PinyinSpeller: Sendable, Equatable {
    /// The fuzzy pairs in force.
    public let fuzzy: Set<PinyinFuzzyPair>
    private let syllablesBySpelling: [String: [String]]
    /// The syllables each prefix of a syllable starts, in ``PinyinSyllable/all``'s order (`zh` → zha … zhuo).
    private let syllablesByPrefix: [String: [String]]

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
        var byPrefix: [String: [String]] = [:]
        for syllable in PinyinSyllable.all {
            for length in 1...syllable.count { byPrefix[String(syllable.prefix(length)), default: []].append(syllable) }
        }
        syllablesByPrefix = byPrefix
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
        let typed = String(spelling)
        var starts = [typed]
        for pair in fuzzy where pair.isInitialPair {
            starts += pair.variants(of: typed).filter { !$0.isEmpty }
        }
        guard starts.count > 1 else { return syllablesByPrefix[typed] ?? [] }
        let found = Set(starts.flatMap { syllablesByPrefix[$0] ?? [] })
        return PinyinSyllable.all.filter(found.contains)
    }
}
