import InkstoneMeasure

extension BenchRow {
    /// A latency row against its baseline (the echo unless `baselineName` says otherwise);
    /// `met` when both ratios are within `limit`.
    static func latency(
        _ name: String, _ stats: LatencyStats, baseline: LatencyStats, baselineName: String = "echo", limit: Double?,
        goal: String? = nil, note: String = ""
    ) -> BenchRow {
        let ratioMedian = stats.median / baseline.median
        let ratioP99 = stats.p99 / baseline.p99
        return BenchRow(
            name: name, unit: "µs", median: stats.median, p99: stats.p99,
            baseline: BenchBaseline(baselineName, median: baseline.median, p99: baseline.p99),
            goal: goal ?? limit.map { "≤ \(format($0))× echo" } ?? "",
            met: limit.map { ratioMedian <= $0 && ratioP99 <= $0 }, note: note)
    }

    var json: String {
        func number(_ value: Double?) -> String { value.map(format) ?? "null" }
        let verdict = met.map { $0 ? "true" : "false" } ?? "null"
        return """
            {"name": "\(name)", "unit": "\(unit)", "median": \(number(median)), "p99": \(number(p99)), \
            "baseline": "\(baseline.name)", "baseline_median": \(number(baseline.median)), \
            "difference": \(number(difference)), "ratio_median": \(number(ratioMedian)), "ratio_p99": \(number(ratioP99)), \
            "goal": "\(goal)", \
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
            cell("base med", 10), cell("−base", 9), cell("×base med", 10), cell("×base p99", 10),
            "  " + cell("goal", 18, left: true),
            cell("met", 5, left: true),
            "note",
        ]
        Swift.print(header.joined())
        for row in rows {
            let verdict = row.met.map { $0 ? "yes" : "NO" } ?? "-"
            Swift.print(
                [
                    cell(row.name, 42, left: true), cell(row.unit, 7, left: true), cell(format(row.median), 10),
                    cell(row.p99.map(format) ?? "-", 10), cell(format(row.baseline.median), 10),
                    cell(format(row.difference), 9),
                    cell(format(row.ratioMedian) + "×", 10),
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
