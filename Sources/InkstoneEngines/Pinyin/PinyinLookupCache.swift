import Glibc
import Synchronization

/// The table lookups of one pinyin dictionary, decoded once and kept: typing a
/// letter recomposes the whole input, which asks again for nearly every key the
/// previous letter asked for. Entries come decoded with their unigram scores, and
/// with whether a longer key continues them. Shared by every engine over the
/// dictionary (the table never changes); at ``capacity`` keys it starts over.
final class PinyinLookupCache: Sendable {
    /// The entries of one key, best first, each with its score and (for
    /// abbreviation keys) its syllables.
    struct Lookup: Sendable {
        var entries: [DictionaryEntry]
        var scores: [Double]
        /// The syllables of each entry (abbreviation keys only; empty otherwise).
        var syllables: [[String]]
        /// Whether some longer key starts with this one.
        var hasLonger: Bool
        /// ln of the sum of the entries' weights plus one each (syllable keys only; 0 otherwise).
        var logWeightTotal = 0.0
        /// The entries' indices, best by ``PinyinDictionary/spanPrior(modelWords:score:readingShare:)``
        /// first (syllable keys only; the table's order otherwise).
        var ranked: [Int] = []

        /// ln of `entry`'s share of the weights of this key (see ``PinyinWord/readingShare``).
        func readingShare(of entry: DictionaryEntry) -> Double { log(max(entry.weight, 0) + 1) - logWeightTotal }
    }

    /// How many keys are kept before the cache starts over (bounded memory).
    static let capacity = 20_000

    private let lookups = Mutex<[String: Lookup]>([:])

    /// The lookup of `key`, made by `make` the first time.
    func lookup(_ key: String, make: () -> Lookup) -> Lookup {
        if let known = lookups.withLock({ $0[key] }) { return known }
        let made = make()
        lookups.withLock { lookups in
            if lookups.count >= Self.capacity { lookups.removeAll(keepingCapacity: true) }
            lookups[key] = made
        }
        return made
    }

    /// How many keys are kept now.
    var count: Int { lookups.withLock { $0.count } }
}

extension PinyinDictionary {
    /// The first ``PinyinComposition/candidateLimit`` entries of a syllable key (`zhong guo`):
    /// no input shows more of one key's words (a single syllable has hundreds, and decoding
    /// them all made a new key's lookup the slowest part of a key); with whether a longer word
    /// starts with these syllables.
    func syllableLookup(_ key: String) -> PinyinLookupCache.Lookup {
        lookups.lookup(key) {
            let entries = table.entries(for: key, limit: PinyinComposition.candidateLimit)
            let scores = entries.map { score(weight: $0.weight) }
            var lookup = PinyinLookupCache.Lookup(
                entries: entries, scores: scores, syllables: [], hasLonger: hasLonger(than: key, separator: " "),
                logWeightTotal: log(entries.reduce(0) { $0 + max($1.weight, 0) + 1 }))
            let priors = entries.indices.map { index in
                spanPrior(
                    modelWords: modelWords(of: entries[index], learnt: false), score: scores[index],
                    readingShare: lookup.readingShare(of: entries[index]))
            }
            // A stable order: equal priors keep the table's.
            lookup.ranked = entries.indices.sorted { (priors[$0], $1) > (priors[$1], $0) }
            return lookup
        }
    }

    /// The first ``abbreviationScanLimit`` entries of an abbreviation key (`*zg`)
    /// with their syllables, and whether a longer abbreviation key starts with it.
    func abbreviationLookup(_ key: String) -> PinyinLookupCache.Lookup {
        lookups.lookup(key) {
            let entries = table.entries(for: key, limit: Self.abbreviationScanLimit)
            return PinyinLookupCache.Lookup(
                entries: entries, scores: entries.map { score(weight: $0.weight) },
                syllables: entries.map { Self.syllables(of: $0.annotation) },
                hasLonger: hasLongerAbbreviation(than: key))
        }
    }

    /// The space-separated syllables of an entry's reading (none without one), split on its
    /// UTF-8 bytes in place: splitting by `Character` walked grapheme breaks and was most of
    /// what a new abbreviation key cost.
    static func syllables(of reading: String?) -> [String] {
        guard var reading else { return [] }
        return reading.withUTF8 { bytes in
            var syllables: [String] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: " ") {
                if end > start {
                    syllables.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
                start = end + 1
            }
            return syllables
        }
    }
}
