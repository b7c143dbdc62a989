import Foundation
import InkstoneSegmentation
import Testing

/// Foundation brings its own ICU; InkstoneSegmentation's C edge exposes none, so
/// both import together and agree on the text.
@Suite("Foundation coexistence")
struct FoundationCoexistenceTests {
    @Test func foundationAndSegmentationImportTogether() {
        let text = "Hello, 世界! 👩‍👩‍👧"
        let segmenter = Segmenter(source: ChunkedTestSource(text))
        #expect(segmenter.source.utf16Count == (text as NSString).length)
        let swiftCharacters = text.count
        #expect(segmenter.forwardBoundaries(.grapheme).count - 1 == swiftCharacters)
    }
}
