/// One line of the benchmark table: a median and p99, the median of its own
/// baseline (measured interleaved with it, in the same run), the difference
/// and the ratios to it, and the goal.
struct BenchRow {
    /// What was measured.
    var name: String
    /// The unit of `median` and `p99` (µs, ms, KB/context, ×text, keys/s).
    var unit: String
    var median: Double
    var p99: Double?
    /// The median of this row's own baseline (measured interleaved with it), in `unit`.
    var baselineMedian: Double?
    /// median / baseline median (and p99 / baseline p99), when there is a baseline.
    var ratioMedian: Double?
    var ratioP99: Double?
    /// The goal, e.g. "≤ 1.1× echo".
    var goal: String
    /// Whether the goal is met (nil: informational).
    var met: Bool?
    /// Anything else worth printing (samples, errors, …).
    var note: String = ""

    /// A latency row against an echo baseline; `met` when both ratios are within `limit`.
    static func latency(
        _ name: String, _ stats: LatencyStats, baseline: LatencyStats, limit: Double?, goal: String? = nil,
        note: String = ""
    ) -> BenchRow {
        let ratioMedian = stats.median / baseline.median
        let ratioP99 = stats.p99 / baseline.p99
        return BenchRow(
            name: name, unit: "µs", median: stats.median, p99: stats.p99, baselineMedian: baseline.median,
            ratioMedian: ratioMedian,
            ratioP99: ratioP99, goal: goal ?? limit.map { "≤ \(format($0))× echo" } ?? "",
            met: limit.map { ratioMedian <= $0 && ratioP99 <= $0 }, note: note)
    }

    var json: String {
        func number(_ value: Double?) -> String { value.map(format) ?? "null" }
        let verdict = met.map { $0 ? "true" : "false" } ?? "null"
        return """
            {"name": "\(name)", "unit": "\(unit)", "median": \(number(median)), "p99": \(number(p99)), \
            "baseline_median": \(number(baselineMedian)), "ratio_median": \(number(ratioMedian)), "ratio_p99": \(number(ratioP99)), "goal": "\(goal)", \
            "met": \(verdict), "note": "\(note)"}
            """
    }
}

/// Prints rows as an aligned table or a JSON array.
enum BenchTable {
    static func print(_ rows: [BenchRow], json: Bool) {
        if json {
            Swift.print("[\n  " + rows.map(\.json).joined(separator: ",\n  ") + "\n]")
            return
        }
        let header = [
            cell("benchmark", 42, left: true), cell("unit", 7, left: true), cell("median", 10), cell("p99", 10),
            cell("base med", 10), cell("−base", 9), cell("×base med", 10), cell("×base p99", 10), "  " + cell("goal", 18, left: true),
            cell("met", 5, left: true),
            "note",
        ]
        Swift.print(header.joined())
        for row in rows {
            let verdict = row.met.map { $0 ? "yes" : "NO" } ?? "-"
            Swift.print(
                [
                    cell(row.name, 42, left: true), cell(row.unit, 7, left: true), cell(format(row.median), 10),
                    cell(row.p99.map(format) ?? "-", 10), cell(row.baselineMedian.map(format) ?? "-", 10),
                    cell(row.baselineMedian.map { format(row.median - $0) } ?? "-", 9),
                    cell(row.ratioMedian.map { format($0) + "×" } ?? "-", 10),
                    cell(row.ratioP99.map { format($0) + "×" } ?? "-", 10), "  " + cell(row.goal, 18, left: true),
                    cell(verdict, 5, left: true), row.note,
                ].joined())
        }
    }

    private static func cell(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(1, width - text.count))
        return left ? text + padding : padding + text
    }
}
