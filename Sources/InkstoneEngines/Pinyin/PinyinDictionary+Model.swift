import Synchronization

/// How a pinyin sentence is ranked with a language model: how far the search looks and
/// what the words the model lacks score.
///
/// The defaults are the narrowest search whose accuracy on the first half of the bench's
/// sentence set (`inkstone-bench pinyin --halves`) is within one sentence of a search twice
/// as wide (12 × 12): the work per key grows with their product.
public struct PinyinModelWeights: Hashable, Sendable {
    /// The states kept at each position of the input (the last two words of the best paths).
    public var beamWidth = 6
    /// The words tried for each span of the input, the best by ``ranksSpanWordsByModel``'s order.
    public var wordsPerSpan = 6
    /// What a word the model lacks costs beyond its table score (a unigram log probability), in
    /// nats: the smallest of 0, 2, 4, 6, 8 at the best accuracy on the tuning half (4 to 8 tie).
    public var unknownPenalty = 4.0
    /// Whether the sentence's end is scored too (`</s>` after its last word, when the model has it).
    public var scoresSentenceEnd = true
    /// Whether the words tried for a span are the best by the model with no context before them
    /// (``PinyinDictionary/spanPrior(modelWords:score:readingShare:)``) rather than by the table's weights.
    public var ranksSpanWordsByModel = true
    /// How much of a word's share of its reading's table weight (ln, see
    /// ``PinyinWord/readingShare``) is added to its model score: how often luna_pinyin writes
    /// this text for these syllables, which the model (of Simplified words) does not know.
    /// On the tuning half every weight of 0.25, 0.5 and 0.75 scores best (0 and 1 do worse):
    /// the middle one.
    public var readingShareWeight = 0.5

    /// The weights the engines use.
    public init() {}
}

/// The model words of texts the table did not segment (learnt words, or a table cached
/// without the model) and the model's scores, found so far: typing a letter asks again for
/// nearly all the previous letter asked for. Bounded: the words start over at ``capacity``
/// texts; the scores sit in a fixed table of ``scoreSlots`` slots, one per key's hash, a newer
/// score taking an older one's slot.
final class PinyinModelCache: Sendable {
    private let words = Mutex<[String: [UInt32]]>([:])
    private let scores = Mutex(ScoreSlots())
    /// How many texts the word map keeps before it starts over.
    static let capacity = 200_000
    /// How many scores are kept (a power of two: 2¹⁸, 3 MB).
    static let scoreSlots = 1 << 18

    /// Scores by key, direct-mapped: the key's multiplicative hash picks the slot.
    struct ScoreSlots {
        var keys = [UInt64](repeating: .max, count: PinyinModelCache.scoreSlots)
        var values = [Float](repeating: 0, count: PinyinModelCache.scoreSlots)

        static func slot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9e37_79b9_7f4a_7c15) >> UInt64(64 - 18))
        }
    }

    /// The model words of `text`, made by `make` when they are not kept.
    func words(_ text: String, make: () -> [UInt32]) -> [UInt32] {
        if let known = words.withLock({ $0[text] }) { return known }
        let made = make()
        words.withLock { words in
            if words.count >= Self.capacity { words.removeAll(keepingCapacity: true) }
            words[text] = made
        }
        return made
    }

    /// The score of `key` (below `UInt64.max`), made by `make` when it is not kept.
    func score(_ key: UInt64, make: () -> Double) -> Double {
        let slot = ScoreSlots.slot(key)
        if let known = scores.withLock({ $0.keys[slot] == key ? $0.values[slot] : nil }) { return Double(known) }
        // Kept as Float: a score computed now equals the same score remembered later.
        let made = Float(make())
        scores.withLock { scores in
            scores.keys[slot] = key
            scores.values[slot] = made
        }
        return Double(made)
    }
}

extension PinyinDictionary {
    /// ln 10: the model's log₁₀ probabilities in nats, the table's unit.
    static let nats = 2.302_585_092_994_046

    /// The model words of `entry` (see ``DictionaryEntry/modelWords``): those the table
    /// stored when they are the model's (``storesModelWords``) and the entry is the table's,
    /// else its text (Traditional) read as Simplified and segmented now, once per text.
    /// Empty without a model, or when it lacks a character of the text.
    func modelWords(of entry: DictionaryEntry, learnt: Bool) -> [UInt32] {
        guard let model else { return [] }
        if storesModelWords, !learnt || !entry.modelWords.isEmpty { return entry.modelWords }
        return modelCache.words(entry.text) { model.segment(PinyinSimplifier.shared.simplified(entry.text)) ?? [] }
    }

    /// What a span's words are ranked by before the search: the log probability of `modelWords`
    /// in turn with nothing before the first, in nats (the table's score less
    /// ``PinyinModelWeights/unknownPenalty`` when the model lacks the text, `score` as it is
    /// without a model or with ``PinyinModelWeights/ranksSpanWordsByModel`` off), plus the weighted
    /// ``PinyinWord/readingShare``: the word's cost at the start of a sentence.
    func spanPrior(modelWords: [UInt32], score: Double, readingShare: Double) -> Double {
        guard model != nil, weights.ranksSpanWordsByModel else { return score }
        guard !modelWords.isEmpty else { return score - weights.unknownPenalty }
        var context: (UInt32?, UInt32?) = (nil, nil)
        var total = weights.readingShareWeight * readingShare
        for word in modelWords {
            total += modelScore(context: context, word: word)
            context = (context.1, word)
        }
        return total
    }

    /// The model's log probability of `word` after `context` (nil: no word there), in nats.
    func modelScore(context: (UInt32?, UInt32?), word: UInt32) -> Double {
        guard let model else { return 0 }
        let none: UInt64 = (1 << 21) - 1
        guard model.wordCount < none else { return model.score(context: context, word: word) * Self.nats }
        let key = (context.0.map(UInt64.init) ?? none) << 42 | (context.1.map(UInt64.init) ?? none) << 21 | UInt64(word)
        return modelCache.score(key) { model.score(context: context, word: word) * Self.nats }
    }
}
