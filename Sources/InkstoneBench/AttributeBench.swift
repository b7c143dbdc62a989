import ArgumentParser
import InkstoneMeasure
import InkstoneTestSupport
import InkstoneText

/// `inkstone-bench attributes`: the cost of attribute runs.
///
/// Two documents of the same text: one without attributes (the baseline) and
/// one holding `--runs` attribute runs. Interleaved, on both: set an attribute
/// over a random 16-byte range (toggling it, so each call changes the runs),
/// and type one character at a random position (runs move and the new text
/// inherits). Each row's baseline is the same operation on the plain document
/// in the same run; the goal is ≤ 2× it. Two more rows type keys with live
/// patterns on vs off (see ``LivePatternBench``).
struct AttributeBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attributes",
        abstract: "Attribute runs: set-attribute and typed-key cost with 0 vs many runs."
    )

    @Flag(help: "A smoke run: 1 MB, 10 000 runs, few iterations.")
    var quick = false

    @Flag(help: "The full size: 100 MB of text and 1 M runs (default: 16 MB and 1 M runs).")
    var large = false

    @Flag(help: "Print JSON.")
    var json = false

    @Option(help: "Seed for the random positions.")
    var seed: UInt64 = 42

    @Flag(help: "Only the live-pattern rows.")
    var livePatternsOnly = false

    func run() throws {
        if livePatternsOnly {
            var random = SplitMix64(seed: seed)
            let rows = try LivePatternBench.rows(
                totalUTF8: quick ? 1 << 20 : 4 << 20, iterations: quick ? 500 : 20_000, random: &random)
            BenchTable.print(rows, json: json)
            return
        }
        let size = quick ? 1 << 20 : (large ? 100 << 20 : 16 << 20)
        let runs = quick ? 10_000 : 1_000_000
        let iterations = quick ? 500 : 20_000
        var random = SplitMix64(seed: seed)
        let plain = Document(storage: TextStorage(pieces: BenchText.pieces(totalUTF8: size)))
        let rich = Document(storage: TextStorage(pieces: BenchText.pieces(totalUTF8: size)))
        // Runs: bold on the first half of every stretch of size / runs bytes, on grapheme boundaries.
        let count = rich.storage.utf8Count
        let stride = max(2, count / runs)
        for start in Swift.stride(from: 0, to: count - stride, by: stride) {
            let lower = rich.storage.snap(start, in: .utf8, direction: .down, toGraphemeBoundary: true)
            let upper = rich.storage.snap(start + stride / 2, in: .utf8, direction: .down, toGraphemeBoundary: true)
            if upper > lower {
                try rich.setAttribute("bold", value: .bool(true), start: lower, length: upper - lower, in: .utf8)
            }
        }
        var setPlain: [UInt64] = []
        var setRich: [UInt64] = []
        var typePlain: [UInt64] = []
        var typeRich: [UInt64] = []
        var flag = false
        for _ in 0..<iterations {
            let at = random.next(below: count - 64)
            flag.toggle()
            for (document, samples) in [(plain, 0), (rich, 1)] {
                let lower = document.storage.snap(at, in: .utf8, direction: .down, toGraphemeBoundary: true)
                let upper = document.storage.snap(at + 16, in: .utf8, direction: .down, toGraphemeBoundary: true)
                let cost = try timed {
                    try document.setAttribute(
                        "italic", value: flag ? .bool(true) : nil, start: lower, length: upper - lower, in: .utf8)
                }
                if samples == 0 { setPlain.append(UInt64(cost)) } else { setRich.append(UInt64(cost)) }
                let typed = try timed { try document.replace(start: lower, length: 0, in: .utf8, with: "x") }
                if samples == 0 { typePlain.append(UInt64(typed)) } else { typeRich.append(UInt64(typed)) }
            }
        }
        let sizeName = size >= 1 << 20 ? "\(size >> 20) MB" : "\(size >> 10) KB"
        let note = "\(rich.attributeRunCount) runs vs \(plain.attributeRunCount), \(iterations) samples"
        var rows = [
            BenchRow.latency(
                "set attribute, \(sizeName), runs vs none", LatencyStats(setRich), baseline: LatencyStats(setPlain),
                limit: 2, goal: "≤ 2× no runs", note: note),
            BenchRow.latency(
                "typed key, \(sizeName), runs vs none", LatencyStats(typeRich), baseline: LatencyStats(typePlain),
                limit: 2, goal: "≤ 2× no runs", note: note),
        ]
        rows += try LivePatternBench.rows(totalUTF8: quick ? 1 << 20 : 4 << 20, iterations: iterations, random: &random)
        BenchTable.print(rows, json: json)
    }
}
