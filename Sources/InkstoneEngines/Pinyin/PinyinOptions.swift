/// How the pinyin engine behaves (from the configuration file's `pinyin.*` keys).
public struct PinyinOptions: Sendable, Equatable {
    /// The script written: Simplified (the default) or Traditional.
    public var script: PinyinScript = .simplified
    /// The fuzzy pairs in force (none by default).
    public var fuzzy: Set<PinyinFuzzyPair> = []
    /// Whether ASCII punctuation types Chinese punctuation (`,` → `，`, `.` → `。`).
    public var chinesePunctuation: Bool = true

    /// The stock options.
    public init() {}
}
