import InkstoneEngines
import Testing

/// Pinyin segmentation: every split of the typed letters, the `'` separator,
/// `v` for ü, abbreviations, unfinished syllables and fuzzy pairs. No table needed.
@Suite struct PinyinLatticeTests {
    let speller = PinyinSpeller()

    func splits(_ input: String, _ speller: PinyinSpeller = PinyinSpeller()) -> Set<[String]> {
        Set(PinyinLattice(input, speller: speller).segmentations().map { $0.map(\.spelling) })
    }

    @Test func theInventoryIsTheTablesSyllabary() {
        #expect(PinyinSyllable.all.count == 423)
        #expect(PinyinSyllable.set.isSuperset(of: ["a", "zhuang", "lv", "nve", "er", "xian"]))
        #expect(!PinyinSyllable.set.contains("lu" + "e"))
        #expect(PinyinSyllable.maximumLength == 6)
    }

    @Test func xianSplitsTwoWaysAndTheSeparatorForcesOne() {
        // (`n` alone is also an abbreviation: xia + n.)
        #expect(splits("xian") == [["xian"], ["xi", "an"], ["xia", "n"], ["xi", "a", "n"]])
        #expect(splits("xi'an") == [["xi", "an"], ["xi", "a", "n"]])
        #expect(splits("fangan").isSuperset(of: [["fang", "an"], ["fan", "gan"]]))
    }

    @Test func vIsUmlautAndUeAfterLAndNToo() {
        let lattice = PinyinLattice("lvnue", speller: speller)
        #expect(lattice.edgesFrom[0].map(\.spelling).contains("lv"))
        let nue = lattice.edgesFrom[2].first { $0.spelling == "nue" }
        #expect(nue?.syllables == ["nve"])
        #expect(nue?.kind == .syllable)
    }

    @Test func initialsAbbreviateSyllablesAnywhere() {
        #expect(splits("zg") == [["z", "g"]])
        let zhg = PinyinLattice("zhg", speller: speller).segmentations()
        #expect(zhg.map { $0.map(\.spelling) }.contains(["zh", "g"]))
        let initial = zhg.first { $0.first?.spelling == "zh" }?.first
        #expect(initial?.kind == .initial)
        #expect(initial?.syllables.allSatisfy { $0.hasPrefix("zh") } == true)
        #expect(initial?.syllables.contains("zhong") == true)
        #expect(splits("zhongg").contains(["zhong", "g"]))
        // `z` alone also finds the `zh` syllables (`zg` → zhong guo).
        #expect(speller.completions(of: "z").contains("zhong"))
    }

    @Test func anUnfinishedSyllableIsReadOnlyAtTheEnd() {
        let lattice = PinyinLattice("zhonzho", speller: speller)
        let last = lattice.edgesFrom[4].first { $0.spelling == "zho" }
        #expect(last?.kind == .unfinished)
        #expect(Set(last?.syllables ?? []) == ["zhong", "zhou"])
        #expect(!lattice.edgesFrom[0].contains { $0.spelling == "zho" }, "zho in the middle is no edge")
        #expect(splits("zhongzho").contains(["zhong", "zho"]))
        #expect(splits("zhonzho").isEmpty, "an initial before a vowel is no abbreviation: zh + o is not read")
    }

    @Test func lettersThatAreNoSyllableHaveNoEdge() {
        #expect(PinyinLattice("i", speller: speller).edgesFrom[0].isEmpty)
        #expect(splits("ii").isEmpty)
    }

    @Test func fuzzyPairsAreOffByDefaultAndConfigurable() {
        #expect(speller.syllables(for: "zong") == ["zong"])
        #expect(speller.syllables(for: "zua").isEmpty)
        let fuzzy = PinyinSpeller(fuzzy: [.zZh, .anAng, .nL])
        #expect(fuzzy.syllables(for: "zong") == ["zong", "zhong"])
        #expect(fuzzy.syllables(for: "zhong") == ["zhong", "zong"])
        #expect(fuzzy.syllables(for: "zua") == ["zhua"])
        #expect(Set(fuzzy.syllables(for: "zhan")) == ["zhan", "zhang", "zan"])
        #expect(Set(fuzzy.syllables(for: "nv")) == ["nv", "lv"])
        #expect(fuzzy.completions(of: "n").contains("lai"))
        #expect(PinyinFuzzyPair.parse(["z-zh", "an-ang"]) == .success([.zZh, .anAng]))
        #expect(PinyinFuzzyPair.parse(["z-zh", "zh-ch"]) == .failure(PinyinFuzzyPair.UnknownPair(name: "zh-ch")))
    }
}
