import Testing

@testable import InkstoneEngines

/// Emoji search over the real CLDR annotations (Debian unicode-cldr-core) in the order of
/// emoji-test.txt (Debian unicode-data).
@Suite struct EmojiSearchTests {
    static let english = EmojiIndex(locales: ["en"])

    /// The texts of the first page (nine candidates) for `query`.
    static func firstPage(_ query: String, in index: EmojiIndex = english) -> [String] {
        index.search(query).prefix(9).map(\.text)
    }

    @Test func theLastWordIsReadAsWordsReadsIt() {
        let names = [
            "red heart", "heart decoration", "Thumbs Up", "thumbs up: light skin tone", "family: woman, woman, girl",
            "flag: Côte d’Ivoire", "keycap: #", "  heart  ", "", "-", "heart.", "HEART", "O.K. hand", "A_B",
            "smile\t", "É heart",
        ]
        for name in names {
            for word in ["heart", "up", "tone", "girl", "ivoire", "d'ivoire", "#", "hand", "b", "smile", "é"] {
                #expect(
                    EmojiSearchKey.lastWord(of: name, is: word) == (EmojiSearchKey.words(name).last == word),
                    "\(name) / \(word)")
            }
        }
        #expect(EmojiSearchKey.lastWord(of: "Red HEART", is: "heart"))
        #expect(!EmojiSearchKey.lastWord(of: "heart decoration", is: "heart"))
    }

    @Test func aSymbolNamedExactlyComesFirst() {
        // Arrows, Greek, mathematical operators and box drawing: many names share their words.
        let values = Array(0x2190...0x21FF) + Array(0x391...0x3C9) + Array(0x2200...0x22FF) + Array(0x2500...0x257F)
        for value in values {
            // Hyphenated names cannot be typed exactly (`-` separates words): they rank by their words.
            guard let scalar = Unicode.Scalar(UInt32(value)), let name = scalar.properties.name, !name.contains("-")
            else { continue }
            let found = SymbolNameIndex.shared.search(words: EmojiSearchKey.words(name), limit: 200).map(\.text)
            // Emoji are not in this index (CLDR names them).
            guard found.contains(String(scalar)) else { continue }
            #expect(found.first == String(scalar), "\(name)")
        }
        #expect(SymbolNameIndex.shared.search(words: ["rightwards", "arrow"], limit: 1).first?.text == "→")
    }

    @Test func englishIsRead() {
        #expect(Self.english.locales == ["en"])
        #expect(Self.english.keyCount > 5000)
    }

    @Test func heartFindsTheRedHeartFirstAndOtherHeartsAfter() {
        let found = Self.english.search("heart").map(\.text)
        #expect(found.first == "\u{2764}\u{FE0F}", "\(found.prefix(9))")
        #expect(found.contains("💕") && found.contains("💔"), "\(found.prefix(40))")
        // Every candidate is one grapheme.
        #expect(found.allSatisfy { $0.count == 1 })
        #expect(Set(found).count == found.count, "no candidate twice")
    }

    @Test func thumbsUpThenItsSkinTones() {
        let expected = ["👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"]
        for query in ["thumbs up", "Thumbs Up", "thumbsup", "thumbs-up", "thumbs_up"] {
            #expect(Array(Self.firstPage(query).prefix(6)) == expected, "\(query)")
        }
        let annotated = Self.english.search("thumbs up")
        #expect(annotated.first?.annotation == "thumbs up")
        #expect(annotated.dropFirst().first?.annotation == "thumbs up: light skin tone")
    }

    @Test func smileFindsSmilingFaces() {
        let page = Self.firstPage("smile")
        #expect(page.contains("😄") && page.contains("😊"), "\(page)")
    }

    @Test func flagsKeycapsAndZWJSequences() {
        #expect(Self.firstPage("flag germany").first == "🇩🇪")
        #expect(Self.firstPage("germany").contains("🇩🇪"))
        #expect(Self.firstPage("keycap 1").first == "1\u{FE0F}\u{20E3}")
        #expect(Self.firstPage("keycap").contains("#\u{FE0F}\u{20E3}"))
        #expect(Self.firstPage("family woman woman girl").first == "👩‍👩‍👧")
        #expect(Self.firstPage("family: woman, woman, girl").first == "👩‍👩‍👧")
    }

    @Test func prefixesAndWordPrefixes() {
        #expect(Self.firstPage("thum").contains("👍"))
        #expect(Self.firstPage("thu up").first == "👍")
        #expect(Self.english.search("zzzqqq").isEmpty)
        #expect(Self.english.search("  - ").isEmpty)
        #expect(Self.english.search("a").count == EmojiIndex.maximumCandidates)
    }

    /// Emoji that CLDR 41 does not name yet are found by their English name in emoji-test.txt.
    @Test func emoji15NamesComeFromTheOrderFile() {
        #expect(Self.firstPage("shaking face").first == "🫨")
        #expect(Self.firstPage("pink heart").first == "🩷")
    }

    @Test func symbolsByUnicodeName() {
        #expect(Self.firstPage("greek small letter alpha").first == "α")
        #expect(Self.firstPage("greek_small_letter_alpha").first == "α")
        let arrows = Self.english.search("arrow").map(\.text)
        for arrow in ["←", "→", "↑", "↓"] { #expect(arrows.contains(arrow), "\(arrow) in \(arrows.prefix(40))") }
        let index = SymbolNameIndex.shared
        #expect(index.count > 20_000)
        let alpha = index.search(words: ["alpha"], limit: 50).map(\.text)
        #expect(alpha.contains("α") && alpha.contains("Α"))
        #expect(
            index.search(words: ["cjk"], limit: 50).allSatisfy {
                !$0.text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
            })
        #expect(
            index.search(words: ["combining"], limit: 200).isEmpty, "lone combining marks are not graphemes to commit")
    }

    /// Every English CLDR name, base and derived, finds its emoji on the first page.
    @Test func everyEnglishNameFindsItsEmojiOnTheFirstPage() throws {
        let order = try #require(EmojiOrderFile(path: EmojiOrderFile.defaultPath))
        var checked = 0
        var missed: [String] = []
        for folder in ["annotations", "annotationsDerived"] {
            let file = try #require(EmojiAnnotationFile(path: "\(EmojiIndex.defaultDirectory)/\(folder)/en.xml"))
            for cp in file.order {
                guard let name = file.annotations[cp]?.name else { continue }
                let text = order.positionByBareText[cp].map { order.sequences[$0].text } ?? cp
                checked += 1
                if !Self.firstPage(name).contains(text) { missed.append("\(name) → \(text)") }
            }
        }
        #expect(checked > 4000, "1,911 base and 2,112 derived English names")
        #expect(missed.isEmpty, "\(missed.count) names miss: \(missed.prefix(20))")
    }

    /// Learnt picks rank first within their match quality, not above better matches.
    @Test func learntPicksRankWithinTheirMatchQuality() {
        let learning = RecordingLearning()
        let before = Self.english.search("heart", learning: learning).map(\.text)
        let letter = "💌"
        let learntIndex = before.firstIndex(of: letter) ?? -1
        #expect(learntIndex > 1, "\(before.prefix(12))")
        learning.record(letter, for: "heart")
        let after = Self.english.search("heart", learning: learning).map(\.text)
        #expect(after.first == letter, "a learnt exact keyword goes before the other exact keywords")
        #expect(Set(after) == Set(before))
        learning.record("💕", for: "heart")  // a word-prefix match: stays behind the exact keywords
        let third = Self.english.search("heart", learning: learning).map(\.text)
        #expect(third.first == letter)
        #expect((third.firstIndex(of: "💕") ?? 0) > (third.firstIndex(of: "\u{2764}\u{FE0F}") ?? 0))
    }
}

/// A learning store in memory for the tests: the texts chosen per reading, most recent first.
final class RecordingLearning: CandidateLearning, @unchecked Sendable {
    private var chosen: [String: [String]] = [:]

    func learned(for reading: String) -> [String] { chosen[reading] ?? [] }

    func record(_ text: String, for reading: String) {
        chosen[reading, default: []].removeAll { $0 == text }
        chosen[reading, default: []].insert(text, at: 0)
    }
}
