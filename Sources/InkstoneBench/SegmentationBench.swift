import ArgumentParser
import Glibc
import InkstoneMeasure
import InkstoneSegmentation

/// `inkstone-bench segmentation`: the cost of a word-range query in the middle of a
/// small and a very large chunked text. The cost must not grow with the text.
struct SegmentationBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segmentation",
        abstract: "Word-range queries in the middle of a 1 KB and a 100 MB chunked text."
    )

    @Option(help: "Queries per measurement.")
    var queries = 20_000

    @Option(help: "Size of the large text in MB of UTF-16 (two bytes a unit).")
    var largeMegabytes = 100

    @Flag(help: "A short smoke run (1 MB, 500 queries).")
    var quick = false

    mutating func run() throws {
        if quick {
            queries = 500
            largeMegabytes = 1
        }
        let block = BenchChunkSource.block(unitCount: 512)
        let small = BenchChunkSource(block: block, repetitions: 1)
        let large = BenchChunkSource(block: block, repetitions: largeMegabytes * 1024 * 1024 / 2 / block.count)
        print("text: \(block.count) units per block, chunks of \(BenchChunkSource.chunkUTF16Count) units")
        for afterEdit in [false, true] {
            let smallTimes = measure(small, afterEdit: afterEdit)
            let largeTimes = measure(large, afterEdit: afterEdit)
            let label = afterEdit ? "after sourceDidChange" : "warm"
            report("1 KB   (\(small.utf16Count) units), \(label)", smallTimes)
            report("\(largeMegabytes) MB (\(large.utf16Count) units), \(label)", largeTimes)
            let ratio = Double(largeTimes.median) / Double(max(smallTimes.median, 1))
            print("  median ratio large/small: \((ratio * 100).rounded() / 100)x")
        }
    }

    /// Nanoseconds per `rangeEnclosing(.word)` query at positions around the middle block.
    private func measure(_ source: BenchChunkSource, afterEdit: Bool) -> Samples<UInt64> {
        let segmenter = Segmenter(source: source)
        let middleBlockStart = source.utf16Count / 2 / source.blockUTF16Count * source.blockUTF16Count
        var times: [UInt64] = []
        times.reserveCapacity(queries)
        var found = 0
        for query in 0..<(queries + 1000) {
            let position = middleBlockStart + (query * 37) % source.blockUTF16Count
            if afterEdit { segmenter.sourceDidChange() }
            let start = MonotonicClock.nanoseconds()
            let range = segmenter.rangeEnclosing(position: position, granularity: .word, direction: .forward)
            let elapsed = MonotonicClock.nanoseconds() - start
            if range != nil { found += 1 }
            if query >= 1000 { times.append(elapsed) }
        }
        precondition(found > 0, "no word found")
        return Samples(times)
    }

    private func report(_ label: String, _ times: Samples<UInt64>) {
        print("\(label): median \(times.median) ns, p99 \(times.p99) ns")
    }
}

/// A text made of one mixed-script block repeated, served in fixed-size chunks that
/// all point into the one stored block (so a 100 MB text costs one block of memory).
final class BenchChunkSource: UTF16ChunkSource {
    static let chunkUTF16Count = 256
    private let block: UnsafeMutableBufferPointer<UInt16>
    private let repetitions: Int

    init(block units: [UInt16], repetitions: Int) {
        block = .allocate(capacity: units.count)
        _ = block.initialize(from: units)
        self.repetitions = max(repetitions, 1)
    }

    deinit {
        block.deallocate()
    }

    /// A block of `unitCount` units (a multiple of the chunk size) of mixed text.
    static func block(unitCount: Int) -> [UInt16] {
        let line = "The quick brown fox jumps over the lazy dog. 世界は広い。 👩‍👩‍👧 naïve café, שלום!\n"
        var units: [UInt16] = []
        while units.count < unitCount { units += line.utf16 }
        units.removeLast(units.count - unitCount)
        if let last = units.last, UTF16.isLeadSurrogate(last) { units[units.count - 1] = 0x20 }
        return units
    }

    var blockUTF16Count: Int { block.count }

    var utf16Count: Int { block.count * repetitions }

    func utf16Chunk(containing utf16Offset: Int) -> (start: Int, units: UnsafeBufferPointer<UInt16>) {
        guard let base = block.baseAddress, utf16Count > 0 else {
            return (0, UnsafeBufferPointer(start: nil, count: 0))
        }
        let offset = min(max(utf16Offset, 0), utf16Count - 1)
        let chunkStart = offset / Self.chunkUTF16Count * Self.chunkUTF16Count
        let chunkLength = min(Self.chunkUTF16Count, utf16Count - chunkStart)
        return (chunkStart, UnsafeBufferPointer(start: base + chunkStart % block.count, count: chunkLength))
    }
}
