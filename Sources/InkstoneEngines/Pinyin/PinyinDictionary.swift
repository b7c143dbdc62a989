import Glibc
import Synchronization

/// The pinyin words a run of lattice edges can be read as, scored as unigram
/// log probabilities: ln((weight + 1) / total), the weight being the table's
/// frequency count. Summing these over a path is the probability of the sentence
/// under a unigram model, so the best sentence is the path with the highest sum;
/// each word pays ln(1 / total) (about −21 for luna_pinyin), which favours fewer,
/// longer words, as a reader segments.
///
/// With a language ``model`` (libime's trigram model, ``KenLMTrieModel``) a sentence is
/// ranked by the model instead: each word the model knows scores its probability after the
/// two words before it (see ``PinyinDictionary/modelScore(context:word:)``).
public final class PinyinDictionary: Sendable {
    /// The table words come from (``PinyinTableSource`` rows).
    public let table: any ReadingTable
    /// ln of the sum of the table's weights.
    let logTotal: Double
    /// The table's answers decoded so far.
    let lookups = PinyinLookupCache()

    /// The longest word looked up, in syllables.
    public static let maximumWordSyllables = 8
    /// How many entries of one abbreviation key are examined (best first).
    static let abbreviationScanLimit = 128
    /// What each abbreviated edge of a word costs, in nats: readings the user
    /// spelt out win over ones read into initials.
    static let abbreviationPenalty = 6.0

    /// What each word of a sentence costs beyond its probability, in nats: more
    /// favours fewer, longer words.
    public let wordCost: Double
    /// The ``wordCost`` the engines use (the best on the bench's sentence set).
    public static let defaultWordCost = 0.0

    /// The language model sentences are ranked with, if any.
    public let model: KenLMTrieModel?
    /// How the model's scores combine with the table's (see ``PinyinModelWeights``).
    public let weights: PinyinModelWeights
    /// The model words of texts the table did not segment, and the model's scores, found so far.
    let modelCache = PinyinModelCache()
    /// Whether the table's entries carry ``model``'s words (it was built with this model:
    /// see ``PinyinTableSource/rows(from:model:)``).
    let storesModelWords: Bool

    /// A dictionary over `table` (rows as ``PinyinTableSource/rows(from:)`` makes them),
    /// each word costing `wordCost` beyond its probability; sentences ranked with `model` when given.
    public init(
        table: any ReadingTable, wordCost: Double = defaultWordCost, model: KenLMTrieModel? = nil,
        weights: PinyinModelWeights = PinyinModelWeights()
    ) {
        self.table = table
        self.wordCost = wordCost
        self.model = model
        self.weights = weights
        let total = table.entries(for: PinyinTableSource.totalReading).first
        logTotal = log(max(total?.weight ?? 0, 1))
        storesModelWords = model.map { total?.annotation == $0.fingerprint } ?? false
    }

    private static let loaded = Mutex<[String: PinyinDictionary]>([:])

    /// The dictionary over the table at `path`, loaded once per process and
    /// shared by every engine, ranking with the installed language model
    /// (``KenLMTrieModel/shared``) when there is one; nil when the file is missing or has no
    /// rows (tried again next time).
    public static func shared(path: String = PinyinTableSource.defaultPath) -> PinyinDictionary? {
        loaded.withLock { loaded in
            if let known = loaded[path] { return known }
            guard let made = load(path: path, model: KenLMTrieModel.shared) else { return nil }
            loaded[path] = made
            return made
        }
    }

    /// The dictionary over the table at `path` ranking with `model`, or nil when it has no rows
    /// (the table as ``openTable(path:model:cacheDirectory:)`` opens it). ICU's `Hant-Hans`
    /// transliterator starts opening in the background meanwhile, then a composition warms the
    /// process up (``warmUpInBackground()``), so the first key waits for neither.
    public static func load(
        path: String, wordCost: Double = defaultWordCost, model: KenLMTrieModel? = nil,
        weights: PinyinModelWeights = PinyinModelWeights(), cacheDirectory: String? = nil
    ) -> PinyinDictionary? {
        guard access(path, R_OK) == 0 else { return nil }
        PinyinSimplifier.shared.openInBackground()
        let table = openTable(path: path, model: model, cacheDirectory: cacheDirectory).table
        // The table always holds the #total row; a table with nothing else has no words.
        guard table.readingCount > 1 else { return nil }
        let dictionary = PinyinDictionary(table: table, wordCost: wordCost, model: model, weights: weights)
        dictionary.warmUpInBackground()
        return dictionary
    }

    /// The table at `path` from the cache (`cacheDirectory`, else ``ReadingTableCache``'s
    /// folder), each entry with `model`'s words (see ``PinyinTableSource/rows(from:model:)``):
    /// rebuilt when the table, the model or the parser changed, or the cached file is damaged.
    /// A table without a model is cached apart (`-unranked`), so the two do not rebuild each other.
    public static func openTable(path: String, model: KenLMTrieModel?, cacheDirectory: String? = nil)
        -> ReadingTableCache.Loaded
    {
        // One file per parser version: builds of different versions side by side do not rebuild each other's.
        let name = "luna-pinyin.v\(PinyinTableSource.formatVersion)"
        return ReadingTableCache.open(
            name: model == nil ? name + "-unranked" : name, sources: [path] + (model.map { [$0.path] } ?? []),
            formatVersion: PinyinTableSource.formatVersion, directory: cacheDirectory
        ) { model.map { PinyinTableSource.rows(from: path, model: $0) } ?? PinyinTableSource.rows(from: path) }
    }

    /// The unigram score of a word of `weight`.
    func score(weight: Double) -> Double { log(max(weight, 0) + 1) - logTotal - wordCost }

    /// Whether some reading continues `key` (a longer word may start with these syllables).
    func hasLonger(than key: String, separator: String) -> Bool {
        table.readings(withPrefix: key + separator, limit: 1).count > 0
    }

    /// Whether some abbreviation key is longer than `key` and starts with it.
    func hasLongerAbbreviation(than key: String) -> Bool {
        table.readings(withPrefix: key, limit: 2).contains { $0 != key }
    }
}
