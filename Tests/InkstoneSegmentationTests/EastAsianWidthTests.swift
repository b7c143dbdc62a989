import InkstoneSegmentation
import Testing

@Suite("East Asian Width and cell widths")
struct EastAsianWidthTests {
    @Test(
        arguments: [
            ("é", EastAsianWidth.ambiguous), ("世", .wide), ("ｱ", .halfwidth), ("Ａ", .fullwidth), ("👩", .wide),
            ("한", .wide), ("A", .narrow), ("→", .ambiguous), ("א", .neutral),
        ] as [(Unicode.Scalar, EastAsianWidth)])
    func eastAsianWidthOfScalars(scalar: Unicode.Scalar, width: EastAsianWidth) {
        #expect(EastAsianWidth(scalar) == width)
    }

    @Test(
        arguments: [
            ("a", 1), ("世", 2), ("👩‍👩‍👧", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\r\n", 0), ("\t", 0),
            ("\u{200B}", 0), ("\u{200D}", 0), ("\u{AD}", 0), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("ｱ", 1),
            ("Ａ", 2), ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("é", 1), ("⌚︎", 2), ("☺︎", 1), ("🏳️‍🌈", 2),
            ("\u{600}1", 1), ("שָׁ", 1),
        ] as [(String, Int)])
    func cellWidthOfGraphemes(grapheme: String, cells: Int) {
        #expect(grapheme.count <= 1)
        #expect(cellWidth(ofGrapheme: grapheme) == cells)
    }

    @Test func ambiguousCharactersWidenOnRequest() {
        #expect(cellWidth(ofGrapheme: "é", ambiguousWide: true) == 2)
        #expect(cellWidth(ofGrapheme: "→", ambiguousWide: true) == 2)
        #expect(cellWidth(ofGrapheme: "a", ambiguousWide: true) == 1)
        #expect(cellWidth(ofScalar: "→") == 1)
    }

    @Test func textWidthSumsGraphemes() {
        #expect(cellWidth(ofText: "世界") == 4)
        #expect(cellWidth(ofText: "Hello, 世界! 👩‍👩‍👧 naïve café.") == 27)  // 7 + 4 + 2 + 2 + 1 + 5 + 1 + 5
        let sample = "x世界y"
        #expect(cellWidth(ofGrapheme: sample.dropFirst().prefix(1)) == 2)
    }
}
