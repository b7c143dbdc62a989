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

    /// Types letters, separators and BackSpaces (now and then dropping the input's start,
    /// as choosing a word does, or learning a choice), composing each input with the one
    /// before reused; every step equals a fresh dictionary's composition of the same input.
    @Test func reusedSearchEqualsAFreshComposition() async throws {
        let shared = try PinyinEngineTests.dictionary
        await propertyCheck(count: 12, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var rng = SplitMix64(seed: seed)
            let learning = UserDictionary(name: "pinyin", folder: nil)
            let speller = PinyinSpeller()
            var input = ""
            var lattice: PinyinLattice?
            var composition: PinyinComposition?
            for _ in 0..<40 {
                let key = Self.key(&rng)
                let roll = Int.random(in: 0..<20, using: &rng)
                if key == "\u{8}" {
                    if !input.isEmpty { input.removeLast() }
                } else if roll == 0, !input.isEmpty {
                    input = String(input.dropFirst(Int.random(in: 1...input.count, using: &rng)))
                } else if roll == 1, let word = composition?.candidates.last, !word.reading.isEmpty {
                    learning.record(word.text, for: PinyinLearningKey.of(word.reading))
                } else {
                    input.append(key)
                }
                guard !input.isEmpty else {
                    lattice = nil
                    composition = nil
                    continue
                }
                let read = PinyinLattice(input, speller: speller, reusing: lattice)
                let reused = PinyinComposition(
                    lattice: read, dictionary: shared, learning: learning, reusing: composition)
                let fresh = PinyinComposition(
                    lattice: PinyinLattice(input, speller: speller),
                    dictionary: PinyinDictionary(table: shared.table, model: shared.model, weights: shared.weights),
                    learning: learning)
                #expect(reused.sentence == fresh.sentence, "seed \(seed): \(input)")
                #expect(reused.syllables == fresh.syllables, "seed \(seed): \(input)")
                #expect(reused.candidates == fresh.candidates, "seed \(seed): \(input)")
                lattice = read
                composition = reused
            }
        }
    }

    /// A letter typed at the end keeps the search of the input's start; a BackSpace keeps
    /// it too; a choice learnt in between, or another dictionary, keeps nothing.
    @Test func aKeyReusesTheSearchOfTheUnchangedStart() throws {
        let dictionary = try PinyinEngineTests.dictionary
        let learning = UserDictionary(name: "pinyin", folder: nil)
        let speller = PinyinSpeller()
        let typed = "womenyiqiquzhongguochifan"
        let before = PinyinComposition(
            lattice: PinyinLattice(typed, speller: speller), dictionary: dictionary, learning: learning)
        let longer = PinyinLattice(typed + "l", speller: speller)
        let shorter = PinyinLattice(String(typed.dropLast()), speller: speller)
        let kept = before.search.reusable(for: longer, dictionary: dictionary, learning: learning)
        #expect(kept >= 8, "the first syllables' words cannot read the new letter")
        #expect(kept < typed.count)
        #expect(before.search.reusable(for: shorter, dictionary: dictionary, learning: learning) >= 8)
        let other = PinyinDictionary(table: dictionary.table, model: dictionary.model, weights: dictionary.weights)
        #expect(before.search.reusable(for: longer, dictionary: other, learning: learning) == 0)
        #expect(before.search.reusable(for: longer, dictionary: dictionary, learning: nil) == 0)
        try learning.learn("我", for: "wo")
        #expect(before.search.reusable(for: longer, dictionary: dictionary, learning: learning) == 0)
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

    @Test func anAbbreviationLookupKeepsEachEntrysSyllables() {
        let dictionary = PinyinDictionary(
            table: SortedReadingTable(
                rows: PinyinTableSource.rows(
                    fromBytes: Array("中國\tzhong guo\t9\n種過\tzhong guo\t2\n女兒\tnv er\t5\n".utf8))))
        let zg = dictionary.abbreviationLookup("*zg")
        #expect(zg.entries.map(\.text) == ["中國", "種過"])
        #expect(zg.syllables == [["zhong", "guo"], ["zhong", "guo"]])
        #expect(dictionary.abbreviationLookup("*ne").syllables == [["nv", "er"]])
        #expect(PinyinDictionary.syllables(of: nil).isEmpty)
        #expect(PinyinDictionary.syllables(of: "xi an") == ["xi", "an"])
        #expect(PinyinDictionary.syllables(of: "lü er") == ["lü", "er"], "split on bytes, whole letters kept")
    }
}
