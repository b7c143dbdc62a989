/// A word the lattice can be read as: its text, the syllables it was read with
/// (`zhong guo`), the letters it covers and its score (see ``PinyinDictionary``).
public struct PinyinWord: Hashable, Sendable {
    /// The text as the table has it (Traditional), or as it was learnt.
    public var text: String
    /// The syllables, space-separated: the key its choice is learnt under.
    public var reading: String
    /// The letters covered, as positions in the input.
    public var start: Int, end: Int
    /// Log probability, less the abbreviation penalty; learnt words score above the table's.
    public var score: Double
    /// Whether any of its syllables was abbreviated in the input.
    public var isAbbreviated: Bool
    /// What its abbreviated syllables cost, in nats (included in ``score``).
    public var penalty: Double = 0
    /// Whether it ranks as a learnt choice.
    public var isLearnt: Bool = false
    /// The text as words of the dictionary's language model, by id (empty: the model lacks
    /// it, or there is no model); see ``DictionaryEntry/modelWords``.
    public var modelWords: [UInt32] = []
    /// ln of its share of its reading's table weight (the weights of the reading's first
    /// ``PinyinComposition/candidateLimit`` entries; 0 when read over abbreviated syllables or learnt).
    public var readingShare: Double = 0
    /// What it ranks by among the words of its span before the search
    /// (see ``PinyinDictionary/spanPrior(modelWords:score:readingShare:)``).
    public var prior: Double = 0
}
