import InkstoneMeasure
import InkstoneTestSupport
import InkstoneText

/// Live-pattern upkeep per typed key: two documents of the same text holding
/// mentions, hashtags and URLs in every sentence, one with live patterns on
/// and one without (the baseline); a key is typed at the same random position
/// of both, interleaved, through a view (the typing path).
enum LivePatternBench {
    /// One sentence of the text (about 120 bytes, three patterns).
    static let sentence =
        "The quick brown fox @fox.news jumps over #lazy dogs at https://example.org/path?q=1 today. 漢字 👩‍👩‍👧 cafe\u{301}."

    /// Sentences per paragraph in the realistic text (about 720 bytes a paragraph).
    static let sentencesPerParagraph = 6

    /// The text's shape: paragraphs of typical length, or one paragraph
    /// holding the whole text (the worst case for finding a paragraph).
    enum Shape {
        case paragraphs
        case singleParagraph
    }

    /// The rows: typed key with live patterns on vs off on `totalUTF8` bytes,
    /// for each shape.
    static func rows(totalUTF8: Int, iterations: Int, random: inout SplitMix64) throws -> [BenchRow] {
        [
            try row(.paragraphs, totalUTF8: totalUTF8, iterations: iterations, random: &random),
            try row(.singleParagraph, totalUTF8: totalUTF8, iterations: iterations, random: &random),
        ]
    }

    /// The row for one shape of text.
    static func row(_ shape: Shape, totalUTF8: Int, iterations: Int, random: inout SplitMix64) throws -> BenchRow {
        let paragraph = Array(repeating: sentence, count: sentencesPerParagraph).joined(separator: " ")
        let text: String
        let note: String
        switch shape {
        case .paragraphs:
            let count = max(1, totalUTF8 / (paragraph.utf8.count + 1))
            text = String(repeating: paragraph + "\n", count: count)
            note = "\(count) paragraphs of ~\(paragraph.utf8.count) bytes"
        case .singleParagraph:
            let count = max(1, totalUTF8 / (sentence.utf8.count + 1))
            text = Array(repeating: sentence, count: count).joined(separator: " ")
            note = "one paragraph of \(count) sentences"
        }
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
        let shapeName = shape == .paragraphs ? "paragraphs" : "one paragraph"
        return BenchRow.latency(
            "typed key, \(size) \(shapeName), live patterns on vs off", LatencyStats(samples[1]),
            baseline: LatencyStats(samples[0]), baselineName: "off", limit: 2, goal: "≤ 2× off",
            note: "\(note), 3 patterns a sentence, \(iterations) samples")
    }
}
