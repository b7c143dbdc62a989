import ArgumentParser
import Glibc
import InkstoneMeasure
import InkstoneTestSupport
import InkstoneText

/// `inkstone-bench buffer`: the shared buffer model at 1 KB, 1 MB and 100 MB.
///
/// Per size: insert one character at a random position, delete one grapheme,
/// convert an offset UTF-16 → graphemes and back (all through `Document` /
/// `TextStorage`, validation and change records included), plus the same
/// mid-document insert on a plain `String` at 1 MB. Prints median and p99 per
/// operation and size, the ratio largest / 1 KB (target ≤ 3×), String / buffer
/// at 1 MB (target ≥ 100×), and the RSS growth of the largest document against
/// its UTF-8 size (target ≤ 1.5×).
struct BufferBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buffer",
        abstract: "Buffer operations: insert, delete, offset conversion; String baseline; memory."
    )

    @Flag(help: "Small sizes and few iterations (a smoke test).")
    var quick = false

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Seed for the random positions.")
    var seed: UInt64 = 42

    func run() throws {
        let sizes = quick ? [1 << 10, 1 << 20, 4 << 20] : [1 << 10, 1 << 20, 100 << 20]
        let iterations = quick ? 200 : 5000
        var random = SplitMix64(seed: seed)
        var results: [BenchResult] = []
        var memory: (bytes: Int, rssDelta: Int) = (0, 0)
        for size in sizes {
            let rssBefore = Int(ResidentMemory.ofSelf())
            let storage = TextStorage(pieces: BenchText.pieces(totalUTF8: size))
            let rssAfter = Int(ResidentMemory.ofSelf())
            if size == sizes.last { memory = (storage.utf8Count, rssAfter - rssBefore) }
            let document = Document(storage: storage)
            results += try measureDocument(document, size: size, iterations: iterations, random: &random)
            if size == 1 << 20 {
                results.append(measureString(size: size, iterations: quick ? 50 : 300, random: &random))
            }
        }
        let report = BenchReport(results: results, sizes: sizes, memory: memory, iterations: iterations)
        print(json ? report.json : report.table)
    }

    private func measureDocument(
        _ document: Document, size: Int, iterations: Int, random: inout SplitMix64
    ) throws -> [BenchResult] {
        let storage = document.storage
        func randomUTF16Boundary() -> Int {
            let raw = random.next(below: storage.utf16Count + 1)
            return storage.snap(raw, in: .utf16, direction: .down, toGraphemeBoundary: true)
        }
        var insert: [Double] = []
        var delete: [Double] = []
        var toGraphemes: [Double] = []
        var toUTF16: [Double] = []
        var checksum = 0
        for _ in 0..<iterations {
            let insertAt = randomUTF16Boundary()
            insert.append(try timed { try document.replace(start: insertAt, length: 0, in: .utf16, with: "x") })

            let deleteAt = randomUTF16Boundary()
            let grapheme = storage.snap(deleteAt + 1, in: .utf16, direction: .up, toGraphemeBoundary: true)
            delete.append(
                try timed {
                    try document.replace(start: deleteAt, length: grapheme - deleteAt, in: .utf16, with: "")
                })

            let utf16Offset = randomUTF16Boundary()
            var graphemeOffset = 0
            toGraphemes.append(
                try timed { graphemeOffset = try storage.convert(utf16Offset, from: .utf16, to: .graphemes) })
            toUTF16.append(try timed { checksum &+= try storage.convert(graphemeOffset, from: .graphemes, to: .utf16) })
        }
        if checksum == -1 { print(checksum) }
        return [
            BenchResult(operation: "insert", size: size, samples: insert),
            BenchResult(operation: "delete-grapheme", size: size, samples: delete),
            BenchResult(operation: "utf16-to-graphemes", size: size, samples: toGraphemes),
            BenchResult(operation: "graphemes-to-utf16", size: size, samples: toUTF16),
        ]
    }

    /// The same random-position insert on a flat `String` (UTF-16 offset in, like NSRange).
    private func measureString(size: Int, iterations: Int, random: inout SplitMix64) -> BenchResult {
        var text = BenchText.pieces(totalUTF8: size).joined()
        var samples: [Double] = []
        for _ in 0..<iterations {
            let utf16Offset = random.next(below: text.utf16.count + 1)
            samples.append(
                timed {
                    var index = text.utf16.index(text.startIndex, offsetBy: utf16Offset)
                    while index.samePosition(in: text) == nil { index = text.utf16.index(before: index) }
                    text.insert("x", at: index)
                })
        }
        return BenchResult(operation: "string-insert", size: size, samples: samples)
    }
}

/// Nanoseconds a body takes on the monotonic clock.
func timed(_ body: () throws -> Void) rethrows -> Double {
    Double(try MonotonicClock.time(body))
}
