import InkstoneSegmentation
import Testing

@Suite("Paragraphs and source mutation")
struct ParagraphAndMutationTests {
    /// Paragraphs ending in every kind of hard line break, and one with U+2028 inside.
    let paragraphs = [
        "one\n", "two\r\n", "three\r", "four\u{2029}", "five\u{85}", "six\u{0B}", "seven\u{0C}", "eight\u{2028}still",
    ]

    @Test func paragraphsEndAfterHardLineBreaks() {
        let text = paragraphs.joined()
        #expect(segments(text, .paragraph) == paragraphs)
        for chunkSizes in sampleChunkings {
            let segmenter = Segmenter(source: ChunkedTestSource(text, chunkSizes: chunkSizes))
            #expect(segmenter.backwardBoundaries(.paragraph) == segmenter.forwardBoundaries(.paragraph))
        }
    }

    @Test func crlfIsOneParagraphBreak() {
        let segmenter = Segmenter(source: ChunkedTestSource("ab\r\ncd", chunkSizes: [3]))
        #expect(!segmenter.isBoundary(3, granularity: .paragraph))
        #expect(segmenter.isBoundary(4, granularity: .paragraph))
        #expect(segmenter.rangeEnclosing(position: 3, granularity: .paragraph, direction: .forward) == 0..<4)
        #expect(segmenter.rangeEnclosing(position: 4, granularity: .paragraph, direction: .backward) == 0..<4)
        #expect(segmenter.rangeEnclosing(position: 4, granularity: .paragraph, direction: .forward) == 4..<6)
        #expect(segmenter.isAtBoundary(position: 4, granularity: .paragraph, direction: .forward))
        #expect(segmenter.isAtBoundary(position: 4, granularity: .paragraph, direction: .backward))
        #expect(!segmenter.isAtBoundary(position: 3, granularity: .paragraph, direction: .forward))
        #expect(segmenter.position(from: 0, toBoundary: .paragraph, direction: .forward) == 4)
        #expect(segmenter.position(from: 6, toBoundary: .paragraph, direction: .backward) == 4)
        #expect(segmenter.previousBoundary(before: 4, granularity: .paragraph) == 0)
    }

    @Test func trailingSeparatorLeavesNoEmptyParagraph() {
        #expect(segments("a\n", .paragraph) == ["a\n"])
        #expect(segments("\n\n", .paragraph) == ["\n", "\n"])
        #expect(segments("a\r", .paragraph) == ["a\r"])
    }

    @Test func inPlaceMutationIsSeenAfterSourceDidChange() {
        let source = ChunkedTestSource("hello world", chunkSizes: [3])
        let segmenter = Segmenter(source: source)
        #expect(segmenter.rangeEnclosing(position: 1, granularity: .word, direction: .forward) == 0..<5)
        // Same length: only the explicit notification can tell.
        source.replaceText(with: Array("hi, you all".utf16))
        segmenter.sourceDidChange()
        #expect(segmenter.rangeEnclosing(position: 1, granularity: .word, direction: .forward) == 0..<2)
        #expect(segmenter.units(.word, in: "hi, you all") == ["hi", "you", "all"])
    }

    @Test func lengthChangeIsNoticedEvenWithoutNotification() {
        let source = ChunkedTestSource("hello world", chunkSizes: [3])
        let segmenter = Segmenter(source: source)
        #expect(segmenter.forwardBoundaries(.word) == [0, 5, 6, 11])
        source.replaceText(with: Array("世界 is big".utf16))
        #expect(segmenter.forwardBoundaries(.word) == [0, 2, 3, 5, 6, 9])
    }

    @Test func assigningASourceRebindsEveryGranularity() {
        let segmenter = Segmenter(source: ChunkedTestSource("a b", chunkSizes: [1]))
        for granularity in Granularity.allCases {
            _ = segmenter.nextBoundary(after: 0, granularity: granularity)
        }
        segmenter.source = ChunkedTestSource("One. Two.\nThree", chunkSizes: [2])
        #expect(segmenter.forwardBoundaries(.sentence) == [0, 5, 10, 15])
        #expect(segmenter.forwardBoundaries(.paragraph) == [0, 10, 15])
        #expect(segmenter.forwardBoundaries(.word) == [0, 3, 4, 5, 8, 9, 10, 15])
    }
}

/// A source that claims ten units but hands out only empty chunks.
final class EmptyChunkSource: UTF16ChunkSource {
    var utf16Count: Int { 10 }

    func utf16Chunk(containing utf16Offset: Int) -> (start: Int, units: UnsafeBufferPointer<UInt16>) {
        (0, UnsafeBufferPointer(start: nil, count: 0))
    }
}

@Suite("Misbehaving sources")
struct MisbehavingSourceTests {
    @Test func missingTextReadsAsReplacementCharacters() {
        let segmenter = Segmenter(source: EmptyChunkSource())
        #expect(segmenter.forwardBoundaries(.grapheme) == Array(0...10))
        #expect(segmenter.backwardBoundaries(.grapheme) == Array(0...10))
        #expect(segmenter.rangeEnclosing(position: 5, granularity: .word, direction: .forward) == nil)
        #expect(segmenter.forwardBoundaries(.sentence) == [0, 10])
        #expect(segmenter.forwardBoundaries(.paragraph) == [0, 10])
    }
}
