import InkstoneMeasure
import InkstoneTestSupport

/// Benchmark text: mixed Latin, CJK, emoji and combining marks, about 1 KB a piece.
enum BenchText {
    static let sample: String = {
        let line =
            "The quick brown fox jumps over the lazy dog. 漢字とかなの混じった文。 "
            + "Emoji 👩‍👩‍👧 and flags 🇯🇵, cafe\u{301} naïve.\n"
        var text = ""
        while text.utf8.count + line.utf8.count <= 1024 { text += line }
        return text + String(repeating: "-", count: 1024 - text.utf8.count)
    }()

    /// Pieces adding up to `totalUTF8` bytes.
    static func pieces(totalUTF8: Int) -> [String] {
        Array(repeating: sample, count: max(1, totalUTF8 / 1024))
    }
}

/// Samples of one operation at one size, in nanoseconds (median and p99 by nearest rank).
struct BenchResult {
    let operation: String
    let size: Int
    let median: Double
    let p99: Double

    init(operation: String, size: Int, samples: [Double]) {
        self.operation = operation
        self.size = size
        let sorted = Samples(samples)
        median = sorted.median
        p99 = sorted.p99
    }
}

/// The table or JSON printed at the end.
struct BenchReport {
    let results: [BenchResult]
    let sizes: [Int]
    let memory: (bytes: Int, rssDelta: Int)
    let iterations: Int

    private func median(_ operation: String, _ size: Int) -> Double {
        results.first { $0.operation == operation && $0.size == size }?.median ?? 0
    }

    private var scalingRatios: [(operation: String, ratio: Double)] {
        let smallest = sizes.first ?? 0
        let largest = sizes.last ?? 0
        return ["insert", "delete-grapheme", "utf16-to-graphemes", "graphemes-to-utf16"].map {
            ($0, median($0, largest) / max(median($0, smallest), 1))
        }
    }

    private var stringRatio: Double { median("string-insert", 1 << 20) / max(median("insert", 1 << 20), 1) }
    private var memoryRatio: Double { Double(memory.rssDelta) / Double(max(memory.bytes, 1)) }

    var table: String {
        var lines = ["operation             size        median ns     p99 ns   (\(iterations) iterations)"]
        for result in results {
            lines.append(
                pad(result.operation, 20) + pad(sizeName(result.size), 10, left: true)
                    + pad(format(result.median), 15, left: true) + pad(format(result.p99), 11, left: true))
        }
        lines.append("")
        for (operation, ratio) in scalingRatios {
            lines.append(
                "\(operation): \(sizeName(sizes.last ?? 0)) / 1 KB median = \(format(ratio, digits: 2))x (target <= 3x)"
            )
        }
        lines.append("String / buffer insert at 1 MB = \(format(stringRatio, digits: 1))x (target >= 100x)")
        lines.append(
            "memory: \(sizeName(memory.bytes)) document, RSS +\(format(Double(memory.rssDelta) / 1_048_576, digits: 1)) MiB"
                + " = \(format(memoryRatio, digits: 2))x its UTF-8 size (target <= 1.5x)")
        return lines.joined(separator: "\n")
    }

    var json: String {
        let entries = results.map {
            "{\"operation\":\"\($0.operation)\",\"size\":\($0.size),\"median_ns\":\(format($0.median)),\"p99_ns\":\(format($0.p99))}"
        }
        let ratios = scalingRatios.map { "\"\($0.operation)\":\(format($0.ratio, digits: 3))" }
        return "{\"iterations\":\(iterations),\"results\":[\(entries.joined(separator: ","))],"
            + "\"largest_over_1kb\":{\(ratios.joined(separator: ","))},"
            + "\"string_over_buffer_insert_1mb\":\(format(stringRatio, digits: 3)),"
            + "\"memory\":{\"utf8_bytes\":\(memory.bytes),\"rss_delta_bytes\":\(memory.rssDelta),\"ratio\":\(format(memoryRatio, digits: 3))}}"
    }

    private func sizeName(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) B"
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? fill + text : text + fill
    }

    private func format(_ value: Double, digits: Int = 0) -> String {
        if digits == 0 { return String(Int(value.rounded())) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled % Int(scale)))
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
