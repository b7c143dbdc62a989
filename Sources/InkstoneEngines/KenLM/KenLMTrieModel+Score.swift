extension KenLMTrieModel {
    // MARK: Vocabulary

    /// The id of `word`, or nil when the vocabulary lacks it.
    public func id(of word: String) -> WordID? {
        Self.search(hash: MurmurHash64A.hash(word), in: base + hashesOffset, count: hashCount)
    }

    /// The id of `word`, or ``unknown`` when the vocabulary lacks it.
    public func word(_ word: String) -> WordID { id(of: word) ?? Self.unknown }

    /// The id (position + 1) of `hash` among `count` sorted hashes at `hashes`, by binary search.
    static func search(hash: UInt64, in hashes: UnsafeRawPointer, count: Int) -> WordID? {
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let found = UInt64(littleEndian: hashes.loadUnaligned(fromByteOffset: middle * 8, as: UInt64.self))
            if found == hash { return WordID(middle + 1) }
            if found < hash { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// How many words the vocabulary has, `<unk>` included (ids are below it).
    public var wordCount: Int { hashCount + 1 }

    /// The words as the file lists them after the model, in id order (`<unk>` first), at most `limit`.
    public func words(limit: Int) -> [String] {
        var words: [String] = []
        var at = stringsOffset
        while words.count < limit, words.count < wordCount, at < file.count {
            var end = at
            while end < file.count, base.load(fromByteOffset: end, as: UInt8.self) != 0 { end += 1 }
            guard end < file.count else { break }
            words.append(String(decoding: UnsafeRawBufferPointer(start: base + at, count: end - at), as: UTF8.self))
            at = end + 1
        }
        return words
    }

    // MARK: Scores

    /// The log₁₀ probability of `word` after the context `(first, second)` (`second` right
    /// before it; nil where there is no word, as at the start of a text), backing off as
    /// KenLM does: the trigram when the model has it; else the bigram `second word` plus the
    /// backoff of `first second`; else the unigram plus the backoffs of `second` and `first second`.
    public func score(context: (WordID?, WordID?), word: WordID) -> Double {
        guard let unigram = unigram(word) else { return unigram(Self.unknown)?.probability ?? -100 }
        guard let second = context.1 else { return unigram.probability }
        let pair = context.0.flatMap { first in self.unigram(second).flatMap { bigram(first, under: $0.children) } }
        let pairBackoff = pair?.backoff ?? 0
        if let bigram = bigram(second, under: unigram.children) {
            if let first = context.0, let probability = trigram(first, under: bigram.children) { return probability }
            return bigram.probability + pairBackoff
        }
        return unigram.probability + (self.unigram(second)?.backoff ?? 0) + pairBackoff
    }

    /// The unigram of `word`: its probability, backoff and the bigrams that end with it.
    public func unigram(_ word: WordID) -> (probability: Double, backoff: Double, children: Range<Int>)? {
        let index = Int(word)
        guard index < wordCount else { return nil }
        let record = unigramsOffset + index * 16
        let probability = Float(
            bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: record, as: UInt32.self)))
        let backoff = Float(
            bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: record + 4, as: UInt32.self)))
        let begin = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record + 8, as: UInt64.self))
        let end = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record + 24, as: UInt64.self))
        return (Double(probability), Double(backoff), Self.range(begin, end, within: bigrams.count))
    }

    /// The bigram `context word` among `children` (the bigrams ending with `word`): its
    /// probability, backoff, index and the trigrams that end with it.
    public func bigram(_ context: WordID, under children: Range<Int>)
        -> (probability: Double, backoff: Double, index: Int, children: Range<Int>)?
    {
        guard let index = find(context, in: bigrams, children) else { return nil }
        let packed = bigrams.offset
        var bit = index * bigrams.totalBits + bigrams.wordBits
        let backoff = table(bigramBackoffs, read(packed, bit, backoffBits))
        bit += backoffBits
        let probability = table(bigramProbabilities, read(packed, bit, probabilityBits))
        bit += probabilityBits
        let begin = nextPointer(index, inline: read(packed, bit, bigrams.inlineBits))
        let end = nextPointer(index + 1, inline: read(packed, bit + bigrams.totalBits, bigrams.inlineBits))
        return (probability, backoff, index, Self.range(begin, end, within: trigrams.count))
    }

    /// The log₁₀ probability of the trigram `context …` among `children`, or nil.
    public func trigram(_ context: WordID, under children: Range<Int>) -> Double? {
        guard let index = find(context, in: trigrams, children) else { return nil }
        let bit = index * trigrams.totalBits + trigrams.wordBits
        return table(trigramProbabilities, read(trigrams.offset, bit, probabilityBits))
    }

    // MARK: Reads

    /// `begin..<end` when it is a valid range of at most `count` entries, else an empty range
    /// (a damaged pointer finds nothing).
    private static func range(_ begin: UInt64, _ end: UInt64, within count: Int) -> Range<Int> {
        guard begin <= end, end <= UInt64(count) else { return 0..<0 }
        return Int(begin)..<Int(end)
    }

    /// The index of `word` among the entries `range` of `level` (sorted by word id), by binary search.
    private func find(_ word: WordID, in level: PackedLevel, _ range: Range<Int>) -> Int? {
        var low = range.lowerBound
        var high = range.upperBound - 1
        let target = UInt64(word)
        while low <= high {
            let middle = (low + high) / 2
            let found = read(level.offset, middle * level.totalBits, level.wordBits)
            if found == target { return middle }
            if found < target { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The `length`-bit integer (at most 57 bits) at bit `bit` past `offset`, little-endian.
    /// Indexes are checked before they get here: each array has 8 bytes of padding past its last entry.
    private func read(_ offset: Int, _ bit: Int, _ length: Int) -> UInt64 {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + bit >> 3, as: UInt64.self))
        return (word >> UInt64(bit & 7)) & ((1 << UInt64(length)) &- 1)
    }

    /// The `Float32` at `index` of the quantisation table at `offset`.
    private func table(_ offset: Int, _ index: UInt64) -> Double {
        Double(
            Float(
                bitPattern: UInt32(
                    littleEndian: base.loadUnaligned(fromByteOffset: offset + Int(index) * 4, as: UInt32.self))))
    }

    /// The first trigram of bigram `index`: the offsets array's position of the last entry
    /// not above `index` gives the high bits, `inline` the low ones (KenLM's `ArrayBhiksha`).
    private func nextPointer(_ index: Int, inline: UInt64) -> UInt64 {
        var low = 0
        var high = nextOffsetCount
        // The first offset above `index` (upper bound), then one back.
        while low < high {
            let middle = (low + high) / 2
            let value = UInt64(
                littleEndian: base.loadUnaligned(fromByteOffset: nextOffsetsOffset + middle * 8, as: UInt64.self))
            if value <= UInt64(index) { low = middle + 1 } else { high = middle }
        }
        return UInt64(max(low - 1, 0)) << UInt64(bigrams.inlineBits) | inline
    }
}
