import Glibc

/// A trigram language model in KenLM's binary trie format, memory-mapped and read in
/// place: what ranks pinyin sentences (``PinyinComposition``).
///
/// The model read is Debian's `libime-data-language-model`
/// (`/usr/lib/x86_64-linux-gnu/libime/zh_CN.lm`: 164,887 Simplified Chinese words as libime
/// segments them, 1,983,152 bigrams, 634,213 trigrams), the model fcitx5's pinyin ranks with;
/// it comes from libime (https://github.com/fcitx/libime, data from
/// https://download.fcitx-im.org/data) under the LGPL-2.1+ and is read from the installed
/// package at run time, never copied.
///
/// The file (KenLM binary format version 5, model type 5 "trie with quantization and
/// array-compressed pointers", as KenLM's `lm/binary_format.cc`, `vocab.cc`, `search_trie.cc`,
/// `trie.cc`, `bhiksha.cc` and `quantize.cc` write it) holds, after a header of test values,
/// the parameters and the n-gram counts:
/// - the vocabulary: the count, then the 64-bit MurmurHash64A of every word, sorted; a
///   word's id is its position + 1 (`<unk>` is 0);
/// - the quantisation tables: per middle order a table of probabilities and one of backoffs,
///   then one of probabilities for the longest order (`Float32`, log₁₀);
/// - the unigrams: per id `(probability, backoff: Float32, next: UInt64)`, `next` the first
///   bigram whose last word it is (the trie runs from the last word back through its context);
/// - the bigrams, bit-packed: context word id, quantised backoff and probability, and the
///   low bits of the first trigram under it, the high bits in a sorted array of offsets;
/// - the trigrams, bit-packed: first context word id and quantised probability;
/// - the words themselves, NUL-terminated, in id order.
///
/// Every region is checked against the file's size when it loads, every pointer read from it
/// before it is followed: a truncated, damaged or foreign file is refused, never a crash.
public final class KenLMTrieModel: @unchecked Sendable {
    /// Where Debian's `libime-data-language-model` installs the model.
    public static let defaultPath = "/usr/lib/x86_64-linux-gnu/libime/zh_CN.lm"
    /// The Debian package that installs it.
    public static let package = "libime-data-language-model"

    /// Why a model could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        public var description: String
    }

    /// A word of the vocabulary (0 is `<unk>`).
    public typealias WordID = UInt32

    /// The unknown word.
    public static let unknown: WordID = 0
    /// The sentence-start word `<s>` (``unknown`` when the vocabulary lacks it, as KenLM reads it).
    public let sentenceStart: WordID
    /// The sentence-end word `</s>` (``unknown`` when the vocabulary lacks it).
    public let sentenceEnd: WordID
    /// How many unigrams, bigrams and trigrams the model has.
    public let counts: [Int]
    /// The file the model was read from.
    public let path: String

    let file: MappedFile
    let base: UnsafeRawPointer
    /// The sorted word hashes: where they start and how many there are (`<unk>` excluded).
    let hashesOffset: Int, hashCount: Int
    /// Where the unigram records start (16 bytes each).
    let unigramsOffset: Int
    /// The quantisation tables: bigram probabilities and backoffs, trigram probabilities.
    let bigramProbabilities: Int, bigramBackoffs: Int, trigramProbabilities: Int
    let probabilityBits: Int, backoffBits: Int
    /// The bit-packed bigram and trigram arrays.
    let bigrams: PackedLevel, trigrams: PackedLevel
    /// Where the high bits of the bigrams' next pointers are (`UInt64` each) and how many.
    let nextOffsetsOffset: Int, nextOffsetCount: Int
    /// Where the words' strings start.
    let stringsOffset: Int

    /// One order's bit-packed entries: the word id in the low bits, then the payload.
    struct PackedLevel {
        /// Where the packed bits start in the file.
        var offset: Int
        /// How many entries (one more is stored: the end of the last one's children).
        var count: Int
        var wordBits: Int
        var totalBits: Int
        /// Bits of the next pointer kept inline (bigrams only).
        var inlineBits: Int
    }

    private static let magic = Array("mmap lm http://kheafield.com/code format version 5\n".utf8)
    /// KenLM's model type 5: trie, quantised, array-compressed pointers.
    static let quantArrayTrie: UInt32 = 5

    /// Loads the model at `path`; throws when the file is missing, truncated or not such a model.
    public init(path: String = KenLMTrieModel.defaultPath) throws(LoadError) {
        func fail(_ why: String) -> LoadError { LoadError(description: "\(path): \(why)") }
        guard let file = MappedFile(path: path), let base = file.base else {
            throw fail("missing, empty or unreadable")
        }
        self.file = file
        self.base = base
        self.path = path
        let size = file.count
        // The test values KenLM writes first: the magic (NUL-padded to 56 bytes), 0, 1, -0.5,
        // 1, UInt32.max, 0, then 1 as UInt64.
        guard size >= 88, Self.headerMatches(base) else { throw fail("not a KenLM binary model (version 5)") }
        let order = Int(base.load(fromByteOffset: 88, as: UInt8.self))
        let modelType = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 96, as: UInt32.self))
        let searchVersion = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 104, as: UInt32.self))
        guard modelType == Self.quantArrayTrie, searchVersion == 1 else {
            throw fail("model type \(modelType) version \(searchVersion), not a quantised array trie (5, version 1)")
        }
        guard order == 3 else { throw fail("order \(order), not a trigram model") }
        var counts: [Int] = []
        for index in 0..<order {
            let count = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 108 + 8 * index, as: UInt64.self))
            guard count > 0, count < 1 << 40 else { throw fail("implausible \(index + 1)-gram count \(count)") }
            counts.append(Int(count))
        }
        self.counts = counts
        var at = Self.align8(108 + 8 * order)
        func need(_ bytes: Int, _ what: String) throws(LoadError) {
            guard bytes >= 0, at <= size, bytes <= size - at else {
                throw fail("truncated in the \(what) (\(size) bytes)")
            }
        }
        // Vocabulary: its count, then one slot per unigram.
        try need(8 + 8 * counts[0], "vocabulary")
        let hashCount = Int(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
        guard hashCount > 0, hashCount < counts[0] else { throw fail("vocabulary of \(hashCount) words") }
        let hashStart = at + 8
        hashesOffset = hashStart
        self.hashCount = hashCount
        at += 8 + 8 * counts[0]
        // Quantisation: version 2, bit counts, then the tables.
        try need(8, "quantisation header")
        let quantVersion = base.load(fromByteOffset: at, as: UInt8.self)
        probabilityBits = Int(base.load(fromByteOffset: at + 1, as: UInt8.self))
        backoffBits = Int(base.load(fromByteOffset: at + 2, as: UInt8.self))
        guard quantVersion == 2, (1...25).contains(probabilityBits), (1...25).contains(backoffBits) else {
            throw fail("quantisation version \(quantVersion) with \(probabilityBits)/\(backoffBits) bits")
        }
        let probabilityTable = 4 << probabilityBits
        let backoffTable = 4 << backoffBits
        let quantSize = (order - 2) * (probabilityTable + backoffTable) + probabilityTable + 8
        try need(quantSize, "quantisation tables")
        bigramProbabilities = at + 8
        bigramBackoffs = bigramProbabilities + probabilityTable
        trigramProbabilities = bigramBackoffs + backoffTable
        at += quantSize
        // Unigrams: one record per id, one in case <unk> is absent, one for the last end.
        try need((counts[0] + 2) * 16, "unigrams")
        unigramsOffset = at
        at += (counts[0] + 2) * 16
        // Bigrams: the array-compressed pointers' header and offsets, then the packed bits.
        try need(16, "bigram pointer header")
        let pointerVersion = base.load(fromByteOffset: at, as: UInt8.self)
        let configuredBits = Int(base.load(fromByteOffset: at + 1, as: UInt8.self))
        guard pointerVersion == 0, configuredBits <= 64 else {
            throw fail("pointer compression version \(pointerVersion) with \(configuredBits) bits")
        }
        let wordBits = Self.requiredBits(UInt64(counts[0]))
        let maximumNext = UInt64(counts[2])
        let required = Self.requiredBits(maximumNext)
        let chopped = Self.choppedBits(
            maximumOffset: UInt64(counts[1] + 1), maximumNext: maximumNext, configured: configuredBits)
        nextOffsetCount = Int(maximumNext >> UInt64(required - chopped)) + 1
        let pointerSize = 8 * (1 + nextOffsetCount) + 7
        try need(pointerSize, "bigram pointers")
        nextOffsetsOffset = Self.align8(at) + 8
        at += pointerSize
        let bigramBits = wordBits + backoffBits + probabilityBits + (required - chopped)
        let bigramSize = ((1 + counts[1]) * bigramBits + 7) / 8 + 8
        try need(bigramSize, "bigrams")
        bigrams = PackedLevel(
            offset: at, count: counts[1], wordBits: wordBits, totalBits: bigramBits, inlineBits: required - chopped)
        at += bigramSize
        // Trigrams: word id and quantised probability.
        let trigramBits = wordBits + probabilityBits
        let trigramSize = ((1 + counts[2]) * trigramBits + 7) / 8 + 8
        try need(trigramSize, "trigrams")
        trigrams = PackedLevel(offset: at, count: counts[2], wordBits: wordBits, totalBits: trigramBits, inlineBits: 0)
        at += trigramSize
        // The words' strings, `<unk>` first, one per id to the end of the file.
        try need(6, "vocabulary strings")
        guard memcmp(base + at, "<unk>", 6) == 0 else { throw fail("the vocabulary strings do not start with <unk>") }
        stringsOffset = at
        guard Self.countStrings(base + at, size - at) == hashCount + 1 else {
            throw fail("the vocabulary strings are cut short or too many")
        }
        // Hashes sorted, pointers ascending: what the searches rely on.
        var previous: UInt64 = 0
        for index in 0..<hashCount {
            let hash = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: hashStart + 8 * index, as: UInt64.self))
            guard index == 0 || hash > previous else { throw fail("the vocabulary hashes are not sorted") }
            previous = hash
        }
        let hashes = base + hashStart
        func find(_ word: String) -> WordID? {
            Self.search(hash: MurmurHash64A.hash(word), in: hashes, count: hashCount)
        }
        // libime's model has neither: KenLM reads them as <unk> then.
        sentenceStart = find("<s>") ?? Self.unknown
        sentenceEnd = find("</s>") ?? Self.unknown
    }

    /// Whether the first 88 bytes are KenLM's test values.
    private static func headerMatches(_ base: UnsafeRawPointer) -> Bool {
        var reference = [UInt8](repeating: 0, count: 88)
        reference.replaceSubrange(0..<magic.count, with: magic)
        func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { reference.replaceSubrange(offset..<offset + $0.count, with: $0) }
        }
        put(Float(0).bitPattern, at: 56)
        put(Float(1).bitPattern, at: 60)
        put(Float(-0.5).bitPattern, at: 64)
        put(UInt32(1), at: 68)
        put(UInt32.max, at: 72)
        put(UInt64(1), at: 80)
        return memcmp(base, reference, 88) == 0
    }

    static func align8(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// How many NUL-terminated strings fill `count` bytes at `start` exactly (-1 when the last is unterminated).
    private static func countStrings(_ start: UnsafeRawPointer, _ count: Int) -> Int {
        var strings = 0
        var at = start
        var left = count
        while left > 0 {
            guard let nul = memchr(at, 0, left) else { return -1 }
            let length = UnsafeRawPointer(nul) - at + 1
            strings += 1
            at += length
            left -= length
        }
        return strings
    }

    /// Bits needed for integers up to `value` (0 for 0).
    static func requiredBits(_ value: UInt64) -> Int { value == 0 ? 0 : 64 - value.leadingZeroBitCount }

    /// How many high bits of the next pointers KenLM moved out of line: the count that saves
    /// the most bits, the table costing 64 bits per entry (KenLM's `ChopBits`).
    static func choppedBits(maximumOffset: UInt64, maximumNext: UInt64, configured: Int) -> Int {
        let required = requiredBits(maximumNext)
        var best = 0
        var lowest = Int64.max
        for chop in 0...min(required, configured) {
            let table = Int64(maximumNext >> UInt64(required - chop)) &* 64
            let change = table &- Int64(bitPattern: maximumOffset) &* Int64(chop)
            if change < lowest {
                lowest = change
                best = chop
            }
        }
        return best
    }
}
