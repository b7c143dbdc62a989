import InkstoneSegmentation
import InkstoneTestSupport
import Testing

/// Fragments whose joins make seams interesting: surrogate pairs, ZWJ sequences,
/// flags, combining marks, CJK words, CRLF and paragraph separators.
let trickyFragments = [
    "a", "Hello", " ", ", ", ".", "! ", "世界", "中国人", "は", "カタカナ", "👩‍👩‍👧", "👍🏽", "🇯🇵", "🇫", "e\u{301}",
    "\u{308}", "\r", "\n", "\r\n", "\u{2029}", "\u{85}", "שלום", "مرحبا", "42", "3.14", "\u{200D}", "\u{FE0F}",
    "❤", "한국어", "\u{1100}\u{1161}", "'", "\"", "(", ")", "Mr. ", "x",
]

@Suite("Random texts over random chunkings")
struct RandomChunkingTests {
    @Test func boundariesDoNotDependOnChunking() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let fragmentCount = Int.random(in: 0...24, using: &generator)
            let text = (0..<fragmentCount).map { _ in trickyFragments.randomElement(using: &generator) ?? "" }.joined()
            let chunkSizes = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Int.random(in: 1...9, using: &generator)
            }
            let reference = Segmenter(source: ChunkedTestSource(text, chunkSizes: [1 << 20]))
            let chunked = Segmenter(source: ChunkedTestSource(text, chunkSizes: chunkSizes))
            for granularity in Granularity.allCases {
                let expected = reference.forwardBoundaries(granularity)
                #expect(
                    chunked.forwardBoundaries(granularity) == expected,
                    "seed \(seed): \(granularity) of \(text.debugDescription) in chunks \(chunkSizes)")
                #expect(
                    chunked.backwardBoundaries(granularity) == expected,
                    "seed \(seed): \(granularity) backward of \(text.debugDescription) in chunks \(chunkSizes)")
            }
            var characterBoundaries = [0]
            for character in text {
                characterBoundaries.append(characterBoundaries[characterBoundaries.count - 1] + character.utf16.count)
            }
            #expect(
                chunked.forwardBoundaries(.grapheme) == characterBoundaries,
                "seed \(seed): graphemes of \(text.debugDescription) differ from Swift's Characters")
        }
    }
}
