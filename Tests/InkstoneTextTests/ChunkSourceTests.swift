import InkstoneSegmentation
import InkstoneTestSupport
import InkstoneText
import Testing

@Suite("UTF-16 chunks for the segmenter")
struct ChunkSourceTests {
    /// Walks the source chunk by chunk, as ICU's UText does, and returns all units.
    static func walk(_ source: some UTF16ChunkSource) -> [UInt16] {
        var units: [UInt16] = []
        var offset = 0
        while offset < source.utf16Count {
            let chunk = source.utf16Chunk(containing: offset)
            #expect(chunk.start == offset)
            #expect(chunk.units.count > 0)
            if let first = chunk.units.first {
                #expect(!UTF16.isTrailSurrogate(first), "chunk at \(chunk.start) splits a pair")
            }
            if let last = chunk.units.last {
                #expect(!UTF16.isLeadSurrogate(last), "chunk ending \(chunk.start + chunk.units.count) splits a pair")
            }
            units.append(contentsOf: chunk.units)
            offset += chunk.units.count
        }
        return units
    }

    @Test(arguments: [0, 1, 2047, 2048, 2049, 10_000])
    func chunksTileTheText(pieces: Int) {
        var random = SplitMix64(seed: UInt64(pieces))
        let text = (0..<pieces).map { _ in textPieces.randomElement(using: &random) ?? "" }.joined()
        let storage = TextStorage(text)
        #expect(Self.walk(storage) == Array(text.utf16))
        let end = storage.utf16Chunk(containing: storage.utf16Count)
        #expect(end.start + end.units.count == storage.utf16Count)
        if storage.utf16Count > 0 { #expect(end.units.count > 0) }
    }

    @Test func surrogatePairsAcrossTheNominalBoundaryStayWhole() {
        // A pair starting at UTF-16 offset 2047 straddles the nominal 2048 boundary.
        let text = String(repeating: "a", count: 2047) + "😀" + String(repeating: "b", count: 10)
        let storage = TextStorage(text)
        let first = storage.utf16Chunk(containing: 2048)
        #expect(first.start == 0)
        #expect(first.units.count == 2049)
        let second = storage.utf16Chunk(containing: 2049)
        #expect(second.start == 2049)
        #expect(Self.walk(storage) == Array(text.utf16))
    }

    @Test func everyOffsetFindsItsChunk() {
        var random = SplitMix64(seed: 7)
        let text = (0..<3000).map { _ in textPieces.randomElement(using: &random) ?? "" }.joined()
        let storage = TextStorage(text)
        let units = Array(text.utf16)
        for offset in stride(from: 0, to: units.count, by: 97) {
            let chunk = storage.utf16Chunk(containing: offset)
            #expect(chunk.start <= offset && offset < chunk.start + chunk.units.count)
            #expect(chunk.units[offset - chunk.start] == units[offset])
        }
    }

    @Test func mutationRefreshesChunks() throws {
        let document = Document(text: String(repeating: "x", count: 5000))
        #expect(Self.walk(document.storage).count == 5000)
        try document.replace(start: 0, length: 0, in: .utf16, with: "漢字")
        #expect(Self.walk(document.storage) == Array(document.text.utf16))
    }

    @Test func emptyTextHasAnEmptyChunk() {
        let chunk = TextStorage("").utf16Chunk(containing: 0)
        #expect(chunk.start == 0)
        #expect(chunk.units.isEmpty)
    }
}
