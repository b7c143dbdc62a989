import InkstoneSegmentation
import Testing

/// "Hello, 世界! 👩‍👩‍👧 naïve café." in UTF-16 offsets:
/// Hello 0..<5, ", " 5..<7, 世界 7..<9, "!" 9, " " 10, 👩‍👩‍👧 11..<19, " " 19,
/// naïve 20..<25, " " 25, café 26..<30, "." 30, end 31.
let tokenizerSample = "Hello, 世界! 👩‍👩‍👧 naïve café."

@Suite("Tokenizer semantics")
struct SegmenterTokenizerTests {
    let segmenter = Segmenter(source: ChunkedTestSource(tokenizerSample, chunkSizes: [3, 7]))

    @Test func sampleHasExpectedLength() {
        #expect(segmenter.source.utf16Count == 31)
    }

    @Test func graphemeBoundariesMatchSwiftCharacters() {
        var expected = [0]
        var utf16Offset = 0
        for character in tokenizerSample {
            utf16Offset += character.utf16.count
            expected.append(utf16Offset)
        }
        #expect(segmenter.forwardBoundaries(.grapheme) == expected)
        #expect(segmenter.backwardBoundaries(.grapheme) == expected)
        #expect(segmenter.nextBoundary(after: 11) == 19)
        #expect(segmenter.previousBoundary(before: 19) == 11)
        #expect(segmenter.nextBoundary(after: 31) == nil)
        #expect(segmenter.previousBoundary(before: 0) == nil)
    }

    @Test func wordsAreLetterAndIdeographicSegmentsOnly() {
        #expect(segmenter.units(.word, in: tokenizerSample) == ["Hello", "世界", "naïve", "café"])
    }

    @Test func rangeEnclosingLooksAfterForwardAndBeforeBackward() {
        #expect(segmenter.rangeEnclosing(position: 2, granularity: .word, direction: .forward) == 0..<5)
        #expect(segmenter.rangeEnclosing(position: 2, granularity: .word, direction: .backward) == 0..<5)
        #expect(segmenter.rangeEnclosing(position: 0, granularity: .word, direction: .forward) == 0..<5)
        #expect(segmenter.rangeEnclosing(position: 0, granularity: .word, direction: .backward) == nil)
        #expect(segmenter.rangeEnclosing(position: 5, granularity: .word, direction: .backward) == 0..<5)
        #expect(segmenter.rangeEnclosing(position: 5, granularity: .word, direction: .forward) == nil)
        #expect(segmenter.rangeEnclosing(position: 7, granularity: .word, direction: .forward) == 7..<9)
        #expect(segmenter.rangeEnclosing(position: 8, granularity: .word, direction: .backward) == 7..<9)
        #expect(segmenter.rangeEnclosing(position: 12, granularity: .word, direction: .forward) == nil)
        #expect(segmenter.rangeEnclosing(position: 31, granularity: .word, direction: .forward) == nil)
        #expect(segmenter.rangeEnclosing(position: 30, granularity: .word, direction: .backward) == 26..<30)
        #expect(segmenter.rangeEnclosing(position: 12, granularity: .grapheme, direction: .forward) == 11..<19)
        #expect(segmenter.rangeEnclosing(position: 19, granularity: .grapheme, direction: .backward) == 11..<19)
        #expect(segmenter.rangeEnclosing(position: 19, granularity: .grapheme, direction: .forward) == 19..<20)
        #expect(segmenter.rangeEnclosing(position: 3, granularity: .sentence, direction: .forward) == 0..<11)
        #expect(segmenter.rangeEnclosing(position: 11, granularity: .sentence, direction: .backward) == 0..<11)
        #expect(segmenter.rangeEnclosing(position: 11, granularity: .sentence, direction: .forward) == 11..<31)
        #expect(segmenter.rangeEnclosing(position: 3, granularity: .paragraph, direction: .forward) == 0..<31)
        #expect(segmenter.rangeEnclosing(position: 21, granularity: .line, direction: .forward) == 20..<26)
    }

    @Test func withinUnitFollowsRangeEnclosing() {
        for position in -1...32 {
            for direction in [Direction.forward, .backward] {
                for granularity in Granularity.allCases {
                    let range = segmenter.rangeEnclosing(
                        position: position, granularity: granularity, direction: direction)
                    #expect(
                        segmenter.isWithinUnit(position: position, granularity: granularity, direction: direction)
                            == (range != nil))
                }
            }
        }
        #expect(segmenter.isWithinUnit(position: 21, granularity: .word, direction: .forward))
        #expect(!segmenter.isWithinUnit(position: 10, granularity: .word, direction: .forward))
        #expect(!segmenter.isWithinUnit(position: 10, granularity: .word, direction: .backward))
    }

    @Test func atBoundaryForwardEndsAUnitBackwardStartsOne() {
        #expect(segmenter.isAtBoundary(position: 5, granularity: .word, direction: .forward))
        #expect(!segmenter.isAtBoundary(position: 5, granularity: .word, direction: .backward))
        #expect(segmenter.isAtBoundary(position: 7, granularity: .word, direction: .backward))
        #expect(!segmenter.isAtBoundary(position: 7, granularity: .word, direction: .forward))
        #expect(!segmenter.isAtBoundary(position: 8, granularity: .word, direction: .forward))
        #expect(!segmenter.isAtBoundary(position: 8, granularity: .word, direction: .backward))
        #expect(segmenter.isAtBoundary(position: 0, granularity: .word, direction: .backward))
        #expect(!segmenter.isAtBoundary(position: 0, granularity: .word, direction: .forward))
        #expect(!segmenter.isAtBoundary(position: 31, granularity: .word, direction: .forward))  // "." ends the text
        #expect(!segmenter.isAtBoundary(position: 12, granularity: .grapheme, direction: .forward))
        #expect(segmenter.isAtBoundary(position: 19, granularity: .grapheme, direction: .forward))
        #expect(segmenter.isAtBoundary(position: 19, granularity: .grapheme, direction: .backward))
        #expect(segmenter.isAtBoundary(position: 31, granularity: .grapheme, direction: .forward))
        #expect(!segmenter.isAtBoundary(position: 31, granularity: .grapheme, direction: .backward))
        #expect(!segmenter.isAtBoundary(position: 99, granularity: .grapheme, direction: .forward))
    }

    @Test func positionToBoundaryJumpsToWordEndsAndStarts() {
        let forwardStops = sequence(first: 0) {
            segmenter.position(from: $0, toBoundary: .word, direction: .forward)
        }
        #expect(Array(forwardStops) == [0, 5, 9, 25, 30])
        let backwardStops = sequence(first: 31) {
            segmenter.position(from: $0, toBoundary: .word, direction: .backward)
        }
        #expect(Array(backwardStops) == [31, 26, 20, 7, 0])
        #expect(segmenter.position(from: 11, toBoundary: .grapheme, direction: .forward) == 19)
        #expect(segmenter.position(from: 19, toBoundary: .grapheme, direction: .backward) == 11)
        #expect(segmenter.position(from: 0, toBoundary: .sentence, direction: .forward) == 11)
        #expect(segmenter.position(from: 31, toBoundary: .sentence, direction: .backward) == 11)
        #expect(segmenter.position(from: -3, toBoundary: .word, direction: .forward) == nil)
    }

    @Test func tokenizerAnswersDoNotDependOnChunking() {
        let reference = Segmenter(source: ChunkedTestSource(tokenizerSample, chunkSizes: [4096]))
        for chunkSizes in sampleChunkings {
            let chunked = Segmenter(source: ChunkedTestSource(tokenizerSample, chunkSizes: chunkSizes))
            for position in 0...31 {
                for granularity in Granularity.allCases {
                    for direction in [Direction.forward, .backward] {
                        #expect(
                            chunked.rangeEnclosing(position: position, granularity: granularity, direction: direction)
                                == reference.rangeEnclosing(
                                    position: position, granularity: granularity, direction: direction))
                        #expect(
                            chunked.position(from: position, toBoundary: granularity, direction: direction)
                                == reference.position(from: position, toBoundary: granularity, direction: direction))
                    }
                }
            }
        }
    }
}
