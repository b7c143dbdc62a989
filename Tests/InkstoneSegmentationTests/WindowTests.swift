import InkstoneSegmentation
import Testing

/// A mixed-script block whose length is a multiple of `multiple`, so it can be
/// repeated with chunks that never straddle two copies.
func mixedBlock(multipleOf multiple: Int) -> [UInt16] {
    let line = "The quick brown fox jumps over the lazy dog. 世界は広い。我们是中国人。 👩‍👩‍👧 naïve café, שלום עולם!\n"
    var units: [UInt16] = []
    while units.count < 4 * multiple { units += line.utf16 }
    while units.count % multiple != 0 { units.append(0x20) }
    return units
}

/// Runs every query kind at `position` and returns the chunk requests each made.
func chunkRequestsPerQuery(_ source: ChunkedTestSource, at position: Int) -> [String: Int] {
    let segmenter = Segmenter(source: source)
    var requests: [String: Int] = [:]
    func measure(_ name: String, _ query: () -> Void) {
        source.resetChunkRequests()
        query()
        requests[name] = source.chunkRequests
    }
    for granularity in Granularity.allCases {
        measure("rangeEnclosing \(granularity)") {
            _ = segmenter.rangeEnclosing(position: position, granularity: granularity, direction: .forward)
        }
        measure("isAtBoundary \(granularity)") {
            _ = segmenter.isAtBoundary(position: position, granularity: granularity, direction: .backward)
        }
        measure("position forward \(granularity)") {
            _ = segmenter.position(from: position, toBoundary: granularity, direction: .forward)
        }
        measure("position backward \(granularity)") {
            _ = segmenter.position(from: position, toBoundary: granularity, direction: .backward)
        }
        measure("next/previous \(granularity)") {
            _ = segmenter.nextBoundary(after: position, granularity: granularity)
            _ = segmenter.previousBoundary(before: position, granularity: granularity)
        }
    }
    return requests
}

@Suite("Queries read only the chunks near the position")
struct WindowTests {
    @Test(arguments: [([256], 16), ([3, 7], 64)] as [([Int], Int)])
    func chunkRequestsAreBoundedOnATenMegaUnitSource(chunkSizes: [Int], bound: Int) {
        let block = mixedBlock(multipleOf: 1280)
        let repetitions = (10 << 20) / block.count
        let large = ChunkedTestSource(block, chunkSizes: chunkSizes, repetitions: repetitions)
        let small = ChunkedTestSource(block, chunkSizes: chunkSizes, repetitions: 3)
        // The same neighbourhood in both: the middle of a copy of the block, mid-word.
        let offsetInBlock = block.count / 2 + 3
        let largeRequests = chunkRequestsPerQuery(large, at: repetitions / 2 * block.count + offsetInBlock)
        let smallRequests = chunkRequestsPerQuery(small, at: block.count + offsetInBlock)
        for (query, count) in largeRequests.sorted(by: { $0.key < $1.key }) {
            #expect(count <= bound, "\(query): \(count) chunk requests on \(large.utf16Count) units")
            #expect(count <= (smallRequests[query] ?? 0) + 4, "\(query): \(count) vs \(smallRequests[query] ?? 0)")
        }
        #expect(large.utf16Count >= 10_000_000)
        print("chunk requests per query, chunks \(chunkSizes):", largeRequests.sorted(by: { $0.key < $1.key }))
    }

    @Test func largeSourceGivesTheSameAnswersAsASmallOne() {
        let block = mixedBlock(multipleOf: 1280)
        let repetitions = (10 << 20) / block.count
        let large = Segmenter(source: ChunkedTestSource(block, chunkSizes: [256], repetitions: repetitions))
        // Three copies, so the middle one has neighbours on both sides as in the large text.
        let small = Segmenter(source: ChunkedTestSource(block, chunkSizes: [256], repetitions: 3))
        let largeBase = repetitions / 2 * block.count
        for offsetInBlock in stride(from: 0, to: block.count, by: 37) {
            for granularity in Granularity.allCases {
                let largeRange = large.rangeEnclosing(
                    position: largeBase + offsetInBlock, granularity: granularity, direction: .forward)
                let smallRange = small.rangeEnclosing(
                    position: block.count + offsetInBlock, granularity: granularity, direction: .forward)
                #expect(
                    largeRange.map { ($0.lowerBound - largeBase)..<($0.upperBound - largeBase) }
                        == smallRange.map { ($0.lowerBound - block.count)..<($0.upperBound - block.count) })
            }
        }
    }

    @Test func hugeChunksAreReadThroughWindows() {
        // One 3 Mi-unit chunk: the C side reads it through windows of 1 Mi units.
        let block = mixedBlock(multipleOf: 1280)
        var units: [UInt16] = []
        while units.count < 3 << 20 { units += block }
        let single = Segmenter(source: ChunkedTestSource(units, chunkSizes: [units.count]))
        let chunked = Segmenter(source: ChunkedTestSource(units, chunkSizes: [256]))
        let probes = [
            0, 1, (1 << 19) - 2, 1 << 19, (1 << 20) + 5, (3 << 19) + 1, units.count / 2, units.count - 3, units.count,
        ]
        for position in probes {
            for granularity in Granularity.allCases {
                for direction in [Direction.forward, .backward] {
                    #expect(
                        single.rangeEnclosing(position: position, granularity: granularity, direction: direction)
                            == chunked.rangeEnclosing(
                                position: position, granularity: granularity, direction: direction),
                        "\(granularity) \(direction) at \(position)")
                }
                #expect(
                    single.nextBoundary(after: position, granularity: granularity)
                        == chunked.nextBoundary(after: position, granularity: granularity))
                #expect(
                    single.previousBoundary(before: position, granularity: granularity)
                        == chunked.previousBoundary(before: position, granularity: granularity))
            }
        }
    }
}
