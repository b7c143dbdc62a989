import Synchronization

/// How a pinyin sentence is ranked with a language model: how far the search looks and
/// what the words the model lacks score.
public struct PinyinModelWeights: Hashable, Sendable {
    /// The states kept at each position of the input (the last two words of the best paths).
    public var beamWidth = 12
    /// The words tried for each span of the input, best by table weight first.
    public var wordsPerSpan = 12
    /// What a word the model lacks costs beyond its table score (a unigram log probability), in nats.
    public var unknownPenalty = 2.0
    /// Whether the sentence's end is scored too (`</s>` after its last word, when the model has it).
    public var scoresSentenceEnd = true

    /// The weights the engines use.
    public init() {}
}

/// The model ids of the table's texts (converted to Simplified, as the model has them) and
/// the model's scores, found so far: typing a letter asks again for nearly all the previous
/// letter asked for. Bounded: at ``capacity`` entries each map starts over.
final class PinyinModelCache: Sendable {
    private let ids = Mutex<[String: UInt32]>([:])
    private let scores = Mutex<[UInt64: Float]>([:])
    /// How many entries each map keeps before it starts over.
    static let capacity = 200_000
    /// The id stored for a text the model lacks.
    static let missing = UInt32.max

    func id(_ text: String, make: () -> UInt32?) -> UInt32? {
        if let known = ids.withLock({ $0[text] }) { return known == Self.missing ? nil : known }
        let made = make()
        ids.withLock { ids in
            if ids.count >= Self.capacity { ids.removeAll(keepingCapacity: true) }
            ids[text] = made ?? Self.missing
        }
        return made
    }

    func score(_ key: UInt64, make: () -> Double) -> Double {
        if let known = scores.withLock({ $0[key] }) { return Double(known) }
        // Kept as Float: a score computed now equals the same score remembered later.
        let made = Float(make())
        scores.withLock { scores in
            if scores.count >= Self.capacity { scores.removeAll(keepingCapacity: true) }
            scores[key] = made
        }
        return Double(made)
    }
}

extension PinyinDictionary {
    /// ln 10: the model's log₁₀ probabilities in nats, the table's unit.
    static let nats = 2.302_585_092_994_046

    /// The model's id of the table text `text` (Traditional, read as Simplified), or nil
    /// when there is no model or it lacks the word.
    func modelID(_ text: String) -> UInt32? {
        guard let model else { return nil }
        return modelCache.id(text) { model.id(of: PinyinScriptCache.simplified(text)) }
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
