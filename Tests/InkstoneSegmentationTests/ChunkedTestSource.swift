import InkstoneSegmentation

/// A chunked text for tests: chunk sizes follow a repeating pattern so that seams
/// fall at chosen places, and every chunk request is counted.
///
/// The text is `block` repeated `repetitions` times; only one block is stored, so a
/// 100 MB text costs one block of memory (each chunk points into the block).
final class ChunkedTestSource: UTF16ChunkSource {
    private var block: UnsafeMutableBufferPointer<UInt16>
    private var repetitions: Int
    private let chunkSizes: [Int]
    private let chunkPeriod: Int
    /// How many times `utf16Chunk(containing:)` was called.
    private(set) var chunkRequests = 0

    /// A text of `units` cut into chunks of `chunkSizes`, repeated as a pattern.
    init(_ units: [UInt16], chunkSizes: [Int], repetitions: Int = 1) {
        precondition(!chunkSizes.isEmpty && chunkSizes.allSatisfy { $0 > 0 })
        self.chunkSizes = chunkSizes
        self.chunkPeriod = chunkSizes.reduce(0, +)
        precondition(repetitions == 1 || units.count % chunkPeriod == 0, "chunks must not straddle blocks")
        self.repetitions = repetitions
        self.block = Self.store(units)
    }

    /// A text of `text`'s UTF-16 units cut into chunks of `chunkSizes`.
    convenience init(_ text: String, chunkSizes: [Int] = [3, 7]) {
        self.init(Array(text.utf16), chunkSizes: chunkSizes)
    }

    deinit {
        block.deallocate()
    }

    /// Replaces the whole text; the old chunk memory is freed, as a rope may do.
    func replaceText(with units: [UInt16]) {
        block.deallocate()
        block = Self.store(units)
        repetitions = 1
    }

    /// Starts counting chunk requests from zero.
    func resetChunkRequests() {
        chunkRequests = 0
    }

    var utf16Count: Int { block.count * repetitions }

    func utf16Chunk(containing utf16Offset: Int) -> (start: Int, units: UnsafeBufferPointer<UInt16>) {
        chunkRequests += 1
        let count = utf16Count
        guard count > 0, let base = block.baseAddress else {
            return (0, UnsafeBufferPointer(start: nil, count: 0))
        }
        let offset = min(max(utf16Offset, 0), count - 1)
        var chunkStart = offset / chunkPeriod * chunkPeriod
        var patternIndex = 0
        while chunkStart + chunkSizes[patternIndex] <= offset {
            chunkStart += chunkSizes[patternIndex]
            patternIndex += 1
        }
        let chunkLength = min(chunkSizes[patternIndex], count - chunkStart)
        let blockOffset = chunkStart % block.count
        return (chunkStart, UnsafeBufferPointer(start: base + blockOffset, count: chunkLength))
    }

    private static func store(_ units: [UInt16]) -> UnsafeMutableBufferPointer<UInt16> {
        let storage = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: units.count)
        _ = storage.initialize(from: units)
        return storage
    }
}

extension Segmenter {
    /// Every boundary of `granularity` found walking forward from 0.
    func forwardBoundaries(_ granularity: Granularity) -> [Int] {
        var boundaries = [0]
        while let next = nextBoundary(after: boundaries[boundaries.count - 1], granularity: granularity) {
            boundaries.append(next)
        }
        return boundaries
    }

    /// Every boundary of `granularity` found walking backward from the end.
    func backwardBoundaries(_ granularity: Granularity) -> [Int] {
        var boundaries = [source.utf16Count]
        while let previous = previousBoundary(before: boundaries[boundaries.count - 1], granularity: granularity) {
            boundaries.append(previous)
        }
        return boundaries.reversed()
    }

    /// The segments of `granularity` with the text of each, and whether it is a unit.
    func units(_ granularity: Granularity, in text: String) -> [String] {
        let units = Array(text.utf16)
        var found: [String] = []
        var position = 0
        while let range = rangeEnclosing(position: position, granularity: granularity, direction: .forward)
            ?? nextUnit(after: position, granularity: granularity)
        {
            found.append(String(decoding: units[range], as: UTF16.self))
            position = range.upperBound
        }
        return found
    }

    private func nextUnit(after position: Int, granularity: Granularity) -> Range<Int>? {
        guard let end = self.position(from: position, toBoundary: granularity, direction: .forward) else {
            return nil
        }
        return rangeEnclosing(position: end, granularity: granularity, direction: .backward)
    }
}
