import InkstoneMeasure
import InkstoneTestSupport
import InkstoneText

/// Live-pattern upkeep per typed key: two documents of the same text holding
/// mentions, hashtags and URLs on every line, one with live patterns on and
/// one without (the baseline); a key is typed at the same random position of
/// both, interleaved, through a view (the typing path).
enum LivePatternBench {
    /// One line of the text (about 120 bytes, three patterns).
    static let line =
        "The quick brown fox @fox.news jumps over #lazy dogs at https://example.org/path?q=1 today. 漢字 👩‍👩‍👧 cafe\u{301}.\n"

    /// The row: typed key with live patterns on vs off, on `totalUTF8` bytes.
    static func row(totalUTF8: Int, iterations: Int, random: inout SplitMix64) throws -> BenchRow {
        let lines = max(1, totalUTF8 / line.utf8.count)
        let text = String(repeating: line, count: lines)
        let off = Document(storage: TextStorage(pieces: [text]))
        let on = Document(storage: TextStorage(pieces: [text]))
        on.enableLivePatterns()
        let views = [off.makeView(unit: .utf8), on.makeView(unit: .utf8)]
        var samples: [[UInt64]] = [[], []]
        for _ in 0..<iterations {
            let at = random.next(below: off.storage.utf8Count)
            for (index, view) in views.enumerated() {
                let position = view.document.storage.snap(at, in: .utf8, direction: .down, toGraphemeBoundary: true)
                try view.setSelectedRange(start: position, length: 0)
                samples[index].append(UInt64(try timed { try view.insertText("x") }))
            }
        }
        let size = totalUTF8 >= 1 << 20 ? "\(totalUTF8 >> 20) MB" : "\(totalUTF8 >> 10) KB"
        return BenchRow.latency(
            "typed key, \(size), live patterns on vs off", LatencyStats(samples[1]),
            baseline: LatencyStats(samples[0]), limit: 2, goal: "≤ 2× off",
            note: "\(lines) lines of ~\(line.utf8.count) bytes with 3 patterns each, \(iterations) samples")
    }
}
