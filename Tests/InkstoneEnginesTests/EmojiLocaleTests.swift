import Testing

@testable import InkstoneEngines

/// The CLDR fallback chain from the environment, and search in German and French.
@Suite struct EmojiLocaleTests {
    @Test(arguments: [
        ("de_CH.UTF-8", ["de_CH", "de", "en"]),
        ("de_DE@euro", ["de_DE", "de", "en"]),
        ("fr", ["fr", "en"]),
        ("en_GB.UTF-8", ["en_GB", "en_001", "en"]),
        ("en_US.UTF-8", ["en_US", "en"]),
        ("zh_TW.UTF-8", ["zh_Hant", "zh", "en"]),
        ("C.UTF-8", ["en"]),
        ("POSIX", ["en"]),
        ("", ["en"]),
        ("../../etc", ["en"]),
    ])
    func chain(locale: String, expected: [String]) {
        #expect(EmojiLocales.chain(for: locale) == expected)
    }

    @Test func environmentPrecedence() {
        #expect(EmojiLocales.environmentLocale(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]) == "de_DE.UTF-8")
        #expect(
            EmojiLocales.environmentLocale(["LANG": "fr_FR.UTF-8", "LC_ALL": "de_CH", "LC_MESSAGES": "it"]) == "de_CH")
        #expect(EmojiLocales.environmentLocale(["LANG": "fr_FR.UTF-8", "LC_ALL": ""]) == "fr_FR.UTF-8")
        #expect(EmojiLocales.environmentLocale([:]) == nil)
    }

    @Test func germanNamesWithEnglishAlways() {
        let index = EmojiIndex(locales: EmojiLocales.chain(for: "de_CH.UTF-8"))
        #expect(index.locales == ["de_CH", "de", "en"])
        let herz = index.search("herz")
        #expect(herz.first?.text == "\u{2665}\u{FE0F}", "♥️ is named Herz in German: an exact name comes first")
        let red = herz.prefix(9).first { $0.text == "\u{2764}\u{FE0F}" }
        #expect(
            red?.annotation == "rotes Herz",
            "❤️ on the first page, named in the user's language: \(herz.prefix(9).map(\.text))")
        #expect(index.search("daumen hoch").prefix(6).map(\.text) == ["👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(index.search("thumbs up").first?.text == "👍", "English is always searched")
        #expect(index.search("thumbs up").first?.annotation == "Daumen hoch")
    }

    @Test func frenchNames() {
        let index = EmojiIndex(locales: EmojiLocales.chain(for: "fr_FR.UTF-8"))
        #expect(index.locales == ["fr", "en"])
        let coeur = index.search("cœur").map(\.text)
        #expect(coeur.first == "🫀", "the anatomical heart is named cœur in French")
        #expect(coeur.contains("\u{2764}\u{FE0F}"), "\(coeur.prefix(40))")
        #expect(index.search("cœur rouge").first?.text == "\u{2764}\u{FE0F}")
        #expect(index.search("pouce vers le haut").first?.text == "👍")
    }

    @Test func missingDataGivesAReasonWithThePackage() {
        let reason = EmojiIndex.unavailableReason(directory: "/nonexistent/cldr")
        #expect(reason?.contains("unicode-cldr-core") == true)
        #expect(EmojiIndex.unavailableReason() == nil)
        let empty = EmojiIndex(locales: ["en"], directory: "/nonexistent/cldr")
        #expect(empty.locales.isEmpty)
    }
}
