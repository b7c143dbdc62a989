import InkstoneSegmentation
import Testing

/// Chunkings used for samples: seams every few units, so they land inside surrogate
/// pairs, CJK words and ZWJ sequences.
let sampleChunkings: [[Int]] = [[1], [3], [7], [2, 5], [4096]]

/// The segments of `granularity` in `text`, over every sample chunking (all must agree).
func segments(_ text: String, _ granularity: Granularity) -> [String] {
    var results: [[String]] = []
    for chunkSizes in sampleChunkings {
        let segmenter = Segmenter(source: ChunkedTestSource(text, chunkSizes: chunkSizes))
        let units = Array(text.utf16)
        let boundaries = segmenter.forwardBoundaries(granularity)
        results.append(zip(boundaries, boundaries.dropFirst()).map { String(decoding: units[$0..<$1], as: UTF16.self) })
    }
    #expect(results.allSatisfy { $0 == results[0] }, "chunkings disagree on \(text.debugDescription)")
    return results[0]
}

/// The words (unit segments) of `text`, over every sample chunking (all must agree).
func words(_ text: String) -> [String] {
    let results = sampleChunkings.map { chunkSizes in
        Segmenter(source: ChunkedTestSource(text, chunkSizes: chunkSizes)).units(.word, in: text)
    }
    #expect(results.allSatisfy { $0 == results[0] }, "chunkings disagree on \(text.debugDescription)")
    return results[0]
}

@Suite("Segmentation samples")
struct SegmenterSampleTests {
    @Test func cjkWordIsOneIdeographicDictionaryWord() {
        let text = "世界"
        #expect(words(text) == ["世界"])
        let segmenter = Segmenter(source: ChunkedTestSource(text, chunkSizes: [1]))
        #expect(segmenter.wordKind(position: 0, direction: .forward) == .ideographic)
        #expect(segmenter.wordKind(position: 2, direction: .backward) == .ideographic)
        #expect(segmenter.rangeEnclosing(position: 1, granularity: .word, direction: .forward) == 0..<2)
    }

    @Test func chineseSentenceSplitsIntoDictionaryWords() {
        #expect(words("我们是中国人。") == ["我们", "是", "中国人"])
    }

    @Test func wordKindsOfLettersNumbersAndKana() {
        let text = "naïve 42 カタカナ"
        let segmenter = Segmenter(source: ChunkedTestSource(text))
        #expect(segmenter.wordKind(position: 0, direction: .forward) == .letter)
        #expect(segmenter.wordKind(position: 6, direction: .forward) == .number)
        // ICU's CJK dictionary also segments kana, and reports its words as ideographic.
        #expect(segmenter.wordKind(position: 9, direction: .forward) == .ideographic)
        #expect(segmenter.rangeEnclosing(position: 10, granularity: .word, direction: .forward) == 9..<13)
        #expect(segmenter.wordKind(position: 5, direction: .forward) == nil)
    }

    @Test func emojiZWJSequencesAreOneGrapheme() {
        #expect(segments("👩‍👩‍👧", .grapheme) == ["👩‍👩‍👧"])
        #expect(segments("👨‍👩‍👧‍👦x🏳️‍🌈", .grapheme) == ["👨‍👩‍👧‍👦", "x", "🏳️‍🌈"])
        #expect(segments("👍🏽👍", .grapheme) == ["👍🏽", "👍"])
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(segments("e\u{301}a\u{308}\u{323}b", .grapheme) == ["e\u{301}", "a\u{308}\u{323}", "b"])
        #expect(segments("\u{915}\u{94D}\u{937}\u{93F}", .grapheme).count == 1)  // क्षि, Unicode 15.1 would keep it too
        #expect(words("nai\u{308}ve cafe\u{301}") == ["nai\u{308}ve", "cafe\u{301}"])
    }

    @Test func regionalIndicatorsPairIntoFlags() {
        #expect(segments("🇯🇵🇫🇷🇩", .grapheme) == ["🇯🇵", "🇫🇷", "🇩"])
    }

    @Test func rightToLeftTextSegmentsInLogicalOrder() {
        #expect(words("שלום עולם!") == ["שלום", "עולם"])
        #expect(words("مرحبا بالعالم.") == ["مرحبا", "بالعالم"])
        #expect(segments("שָׁלוֹם", .grapheme) == ["שָׁ", "ל", "וֹ", "ם"])
        #expect(segments("אבג. דהו.", .sentence) == ["אבג. ", "דהו."])
    }

    @Test func crlfIsOneGrapheme() {
        #expect(segments("a\r\nb\n\r", .grapheme) == ["a", "\r\n", "b", "\n", "\r"])
    }

    @Test func sampleTextSplitsIntoSentences() {
        #expect(segments("Hello, 世界! 👩‍👩‍👧 naïve café.", .sentence) == ["Hello, 世界! ", "👩‍👩‍👧 naïve café."])
        #expect(segments("One. Two? Three!", .sentence) == ["One. ", "Two? ", "Three!"])
    }

    @Test func sampleLineBreakOpportunities() {
        #expect(
            segments("Hello, 世界! 👩‍👩‍👧 naïve café.", .line)
                == ["Hello, ", "世", "界! ", "👩‍👩‍👧 ", "naïve ", "café."])
    }

    @Test func emptyTextHasNoUnits() {
        let segmenter = Segmenter(source: ChunkedTestSource("", chunkSizes: [3]))
        for granularity in Granularity.allCases {
            #expect(segmenter.nextBoundary(after: 0, granularity: granularity) == nil)
            #expect(segmenter.previousBoundary(before: 0, granularity: granularity) == nil)
            #expect(segmenter.isBoundary(0, granularity: granularity))
            #expect(segmenter.rangeEnclosing(position: 0, granularity: granularity, direction: .forward) == nil)
            #expect(segmenter.position(from: 0, toBoundary: granularity, direction: .forward) == nil)
        }
    }

    @Test func versionsAreReported() {
        #expect(Segmenter.icuVersion.split(separator: ".").first.flatMap { Int($0) }.map { $0 >= 60 } == true)
    }
}
