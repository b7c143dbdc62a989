import InkstoneTestSupport
import PropertyBased
import Testing

@testable import InkstoneEngines

/// Typing reuses work from the key before: lattice edges the new letters cannot
/// change, and table lookups decoded once per dictionary. Whatever was reused,
/// the result equals the one made afresh, over random typing.
@Suite struct PinyinIncrementalTests {
    /// Letters weighted towards pinyin (initials, finals, the separator), so inputs
    /// mix syllables, abbreviations, unfinished syllables and letters no syllable takes.
    static let letters = Array("zhchshngaeiouvuanxqjlrbpmfdtwy'aeioungzhg")

    /// A random key: mostly letters, sometimes BackSpace.
    static func key(_ rng: inout SplitMix64) -> Character {
        Int.random(in: 0..<8, using: &rng) == 0 ? "\u{8}" : letters[Int.random(in: 0..<letters.count, using: &rng)]
    }

    @Test func reusedLatticeEqualsAFreshOne() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var rng = SplitMix64(seed: seed)
            let speller = PinyinSpeller(fuzzy: Int.random(in: 0..<2, using: &rng) == 0 ? [] : [.zZh, .anAng, .nL])
            var input = ""
            var lattice = PinyinLattice(input, speller: speller)
            for _ in 0..<40 {
                let key = Self.key(&rng)
                if key == "\u{8}" {
                    if !input.isEmpty { input.removeLast() }
                } else if Int.random(in: 0..<10, using: &rng) == 0, !input.isEmpty {
                    // An edit inside the input, as a partial commit or a fresh rest makes.
                    input = String(input.dropFirst(Int.random(in: 1...input.count, using: &rng)))
                } else {
                    input.append(key)
                }
                let reused = PinyinLattice(input, speller: speller, reusing: lattice)
                let fresh = PinyinLattice(input, speller: speller)
                #expect(reused.input == fresh.input)
                #expect(reused.edgesFrom == fresh.edgesFrom, "seed \(seed): \(input)")
                lattice = reused
            }
        }
    }

    @Test func typedCandidatesEqualAFreshComposition() async throws {
        let shared = try PinyinEngineTests.dictionary
        await propertyCheck(count: 12, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var rng = SplitMix64(seed: seed)
            var engine = PinyinEngine(dictionary: shared)
            var typed = ""
            for _ in 0..<Int.random(in: 5...24, using: &rng) {
                let key = Self.key(&rng)
                _ = type(String(key), into: &engine)
                if key == "\u{8}" {
                    if !typed.isEmpty { typed.removeLast() }
                } else if key != "'" || !(typed.isEmpty || typed.last == "'") {
                    // A separator starts no input and follows no other separator.
                    typed.append(key)
                }
                #expect(engine.input == typed)
                guard typed.contains(where: { $0 != "'" }) else {
                    #expect(engine.candidates == nil)
                    continue
                }
                // A dictionary that has looked nothing up yet, and a lattice read from scratch.
                let fresh = PinyinComposition(
                    lattice: PinyinLattice(typed, speller: PinyinSpeller()),
                    dictionary: PinyinDictionary(table: shared.table, model: shared.model, weights: shared.weights),
                    learning: nil)
                let composition = engine.composition
                #expect(composition?.candidates == fresh.candidates, "seed \(seed): \(typed)")
                #expect(composition?.sentence == fresh.sentence, "seed \(seed): \(typed)")
                #expect(composition?.syllables == fresh.syllables, "seed \(seed): \(typed)")
                var seen: Set<String> = []
                let rendered = fresh.candidates.map { PinyinScript.simplified.render($0.text) }.filter {
                    seen.insert($0).inserted
                }
                #expect(engine.candidates?.items.map(\.text) == rendered, "seed \(seed): \(typed)")
            }
        }
    }

    @Test func theLookupCacheIsBounded() {
        let cache = PinyinLookupCache()
        let empty = PinyinLookupCache.Lookup(entries: [], scores: [], syllables: [], hasLonger: false)
        for index in 0..<(PinyinLookupCache.capacity + 10) { _ = cache.lookup("key \(index)") { empty } }
        #expect(cache.count <= PinyinLookupCache.capacity)
        #expect(cache.count > 0)
        var made = 0
        _ = cache.lookup("key \(PinyinLookupCache.capacity + 9)") {
            made += 1
            return empty
        }
        #expect(made == 0, "a key looked up just now is kept")
    }
}
