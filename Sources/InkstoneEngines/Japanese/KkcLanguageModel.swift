import Glibc
import Synchronization

/// The trigram language model of Debian's `libkkc-data` (libkkc's "sorted3" format),
/// memory-mapped and read in place: what ranks whole-sentence conversions.
///
/// The model's directory holds
/// - `data.input`: a MARISA trie of every reading in the vocabulary;
/// - `data.1gram.index`: a MARISA trie of `reading/text` keys (`<s>`, `</s>` bare) whose
///   ids number the words;
/// - `data.1gram`: per id, 6 bytes: cost and backoff (`UInt16`, little-endian), 2 unused;
/// - `data.2gram`: 12-byte records `(word, previous word, cost, backoff)` (`UInt32`, `UInt32`,
///   `UInt16`, `UInt16`) sorted by their first 8 bytes compared as bytes;
/// - `data.3gram`: 10-byte records `(word, record index of the bigram before it, cost)` sorted the same way;
/// - `data.2gram.filter`, `data.3gram.filter`: Bloom filters over the same 8-byte keys
///   (four MurmurHash3 hashes), which spare most binary searches for pairs the model lacks.
///
/// A stored cost `c` is the log₁₀ probability `-8 c / 65535`; this type returns its
/// negation (a positive cost: lower is likelier). Lookups are bounds-checked: a file of the
/// wrong size is refused when the model loads.
public final class KkcLanguageModel: @unchecked Sendable {
    /// Where Debian's `libkkc-data` installs the model.
    public static let defaultDirectory = "/usr/lib/x86_64-linux-gnu/libkkc/models/sorted3"

    /// Why a model could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        public var description: String
    }

    /// A word of the vocabulary.
    public typealias WordID = UInt32

    /// The sentence-start word.
    public let bos: WordID
    /// The sentence-end word.
    public let eos: WordID
    /// How many words the vocabulary has.
    public let wordCount: Int

    private let readingTrie: MarisaTrie
    private let wordTrie: MarisaTrie
    private let unigrams: MappedFile
    private let bigrams: MappedFile
    private let trigrams: MappedFile
    private let bigramFilter: BloomFilter?
    private let trigramFilter: BloomFilter?
    private let bigramCount: Int
    private let trigramCount: Int
    /// Readings looked up before: their likeliest words (see ``likeliestWords(reading:)``).
    let wordCache = Mutex<[String: [Word]]>([:])
    /// N-gram lookups made before (Bloom filter and binary search touch memory far apart;
    /// sentences repeat their pairs), bounded by ``LookupMemo/maximumCount``.
    private let lookupCache = Mutex(LookupMemo())

    static let costScale = 8.0 / 65535

    /// Loads the model in `directory`; throws when a file is missing, truncated or inconsistent.
    public init(directory: String = KkcLanguageModel.defaultDirectory) throws(LoadError) {
        let prefix = directory + "/data"
        guard let readingTrie = MarisaTrie(path: prefix + ".input") else {
            throw LoadError(description: "\(prefix).input is missing or not a MARISA trie")
        }
        guard let wordTrie = MarisaTrie(path: prefix + ".1gram.index") else {
            throw LoadError(description: "\(prefix).1gram.index is missing or not a MARISA trie")
        }
        func mapped(_ suffix: String, recordSize: Int) throws(LoadError) -> MappedFile {
            guard let file = MappedFile(path: prefix + suffix), file.count > 0 else {
                throw LoadError(description: "\(prefix)\(suffix) is missing or empty")
            }
            guard file.count % recordSize == 0 else {
                throw LoadError(description: "\(prefix)\(suffix) is truncated (\(file.count) bytes)")
            }
            return file
        }
        let unigrams = try mapped(".1gram", recordSize: 6)
        let bigrams = try mapped(".2gram", recordSize: 12)
        let trigrams = try mapped(".3gram", recordSize: 10)
        wordCount = wordTrie.count
        guard unigrams.count / 6 == wordCount else {
            throw LoadError(
                description: "\(prefix).1gram has \(unigrams.count / 6) words, its index \(wordCount)")
        }
        guard let bos = wordTrie.id(of: "<s>"), let eos = wordTrie.id(of: "</s>") else {
            throw LoadError(description: "\(prefix).1gram.index has no <s> or </s>")
        }
        self.readingTrie = readingTrie
        self.wordTrie = wordTrie
        self.unigrams = unigrams
        self.bigrams = bigrams
        self.trigrams = trigrams
        self.bos = bos
        self.eos = eos
        bigramCount = bigrams.count / 12
        trigramCount = trigrams.count / 10
        bigramFilter = BloomFilter(path: prefix + ".2gram.filter")
        trigramFilter = BloomFilter(path: prefix + ".3gram.filter")
    }

    // MARK: Vocabulary

    /// The id of the word `text` read `reading`, or nil when the model lacks it.
    public func word(reading: String, text: String) -> WordID? {
        wordTrie.id(of: reading + "/" + text)
    }

    /// The vocabulary readings that are prefixes of `kana`, shortest first.
    public func readings(prefixing kana: String) -> [String] {
        readingTrie.prefixes(of: kana).map(\.key)
    }

    /// The words read `reading`: their texts and ids.
    public func words(reading: String) -> [(text: String, id: WordID)] {
        let prefix = reading + "/"
        return wordTrie.keys(withPrefix: prefix).map { (String($0.key.dropFirst(prefix.count)), $0.id) }
    }

    // MARK: Costs

    /// The cost of `word` alone (−log₁₀ P(word)).
    public func unigramCost(_ word: WordID) -> Double { unigramField(word, 0) }

    /// The backoff weight of `word` as a context (−log₁₀).
    public func unigramBackoff(_ word: WordID) -> Double { unigramField(word, 2) }

    /// The record index of the bigram `previous word`, or nil when the model lacks it.
    public func bigram(_ previous: WordID, _ word: WordID) -> Int? {
        remembered(Self.key(word, previous) & ~(1 << 7)) {
            if let bigramFilter, !bigramFilter.contains(word, previous) { return nil }
            return Self.search(bigrams, count: bigramCount, recordSize: 12, key: Self.key(word, previous))
        }
    }

    /// `lookup()`, remembered under `key`.
    private func remembered(_ key: UInt64, _ lookup: () -> Int?) -> Int? {
        if let known = lookupCache.withLock({ $0.value(for: key) }) { return known }
        let found = lookup()
        lookupCache.withLock { $0.insert(key, found) }
        return found
    }

    /// The cost of `word` after `previous`, backing off to the unigram when the pair is unseen.
    public func bigramCost(_ previous: WordID, _ word: WordID) -> Double {
        if let record = bigram(previous, word) { return field(bigrams, record * 12 + 8) }
        return unigramBackoff(previous) + unigramCost(word)
    }

    /// The cost of `word` after `first second`, backing off to the bigram when the triple is unseen.
    public func trigramCost(_ first: WordID, _ second: WordID, _ word: WordID) -> Double {
        let pair = bigram(first, second)
        if let pair, let record = trigram(pair, word) { return field(trigrams, record * 10 + 8) }
        let backoff = pair.map { field(bigrams, $0 * 12 + 10) } ?? 0
        return backoff + bigramCost(second, word)
    }

    /// The backoff of the bigram at `record` (see ``bigram(_:_:)``).
    func bigramBackoff(record: Int) -> Double { field(bigrams, record * 12 + 10) }

    /// The cost of the trigram at `record` (see ``trigram(_:_:)``).
    func trigramCost(record: Int) -> Double { field(trigrams, record * 10 + 8) }

    /// The record index of `word` after the bigram record `pair`, or nil.
    func trigram(_ pair: Int, _ word: WordID) -> Int? {
        let context = UInt32(truncatingIfNeeded: pair)
        // Bigram keys have bit 7 clear, trigram keys set (the top bit of the last context byte,
        // unused: ids and record indexes stay below 2³¹).
        return remembered(Self.key(word, context) | 1 << 7) {
            if let trigramFilter, !trigramFilter.contains(word, context) { return nil }
            return Self.search(trigrams, count: trigramCount, recordSize: 10, key: Self.key(word, context))
        }
    }

    private func unigramField(_ word: WordID, _ offset: Int) -> Double {
        guard Int(word) < wordCount else { return 0 }
        return field(unigrams, Int(word) * 6 + offset)
    }

    private func field(_ file: MappedFile, _ offset: Int) -> Double {
        Double(file.integer(at: offset, as: UInt16.self) ?? 0) * Self.costScale
    }

    /// The 8-byte record key `(word, context)` little-endian, as an integer that orders like the bytes.
    private static func key(_ word: UInt32, _ context: UInt32) -> UInt64 {
        (UInt64(context) << 32 | UInt64(word)).byteSwapped
    }

    /// The index of the record whose first 8 bytes are `key`, by binary search.
    private static func search(_ file: MappedFile, count: Int, recordSize: Int, key: UInt64) -> Int? {
        guard let base = file.base else { return nil }
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let found = base.loadUnaligned(fromByteOffset: middle * recordSize, as: UInt64.self).byteSwapped
            if found == key { return middle }
            if found > key { high = middle - 1 } else { low = middle + 1 }
        }
        return nil
    }
}
