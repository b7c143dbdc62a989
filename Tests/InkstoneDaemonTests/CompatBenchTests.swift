import Glibc
import InkstoneTestSupport
import Testing

/// `inkstone-bench compat --quick` end to end (no timing is checked): which rows it prints and
/// what each is set against.
@Suite struct CompatBenchTests {
    /// Whether stock fcitx5 and its Hangul addon are installed (`make bench-deps`).
    static let stockFcitx5Installed =
        access("/usr/bin/fcitx5", X_OK) == 0
        && ["libhangul.so", "hangul.so"].contains { access("/usr/lib/x86_64-linux-gnu/fcitx5/" + $0, F_OK) == 0 }

    /// inkstoned's rows against its echo; with stock fcitx5 installed, stock fcitx5's rows against
    /// its own echo and a row setting inkstoned against the stock row of the same loop, with the
    /// goal of at most 1.00× by median and p99; without it, a row naming what is missing.
    @Test func quickRunSetsInkstonedBesideStockFcitx5() throws {
        let result = try run([builtProduct("inkstone-bench"), "compat", "--quick", "--json"], timeout: .seconds(300))
        #expect(result.termination == .exited(0), "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init)
        func row(_ name: String) -> String? { rows.first { $0.contains("{\"name\": \"\(name)\",") } }
        for member in ["ProcessKeyEvent", "ProcessKeyEventBatch"] {
            let inkstoned = try #require(row("fcitx5 \(member), hangul, inkstoned"), "\(result.stdout)")
            #expect(field("baseline", of: inkstoned) == "\"echo\"", "\(inkstoned)")
            guard Self.stockFcitx5Installed else { continue }
            let stock = try #require(row("fcitx5 \(member), hangul, stock fcitx5"), "\(result.stdout)")
            #expect(field("baseline", of: stock) == "\"echo\"", "\(stock)")
            let versus = try #require(row("fcitx5 \(member), hangul, inkstoned vs stock fcitx5"), "\(result.stdout)")
            #expect(field("baseline", of: versus) == "\"stock fcitx5\"", "\(versus)")
            #expect(field("median", of: versus) == field("median", of: inkstoned), "\(versus)\n\(inkstoned)")
            #expect(field("baseline_median", of: versus) == field("median", of: stock), "\(versus)\n\(stock)")
            #expect(field("goal", of: versus) == "\"≤ 1.00× stock\"", "\(versus)")
            #expect(["true", "false"].contains(field("met", of: versus)), "\(versus)")
        }
        if !Self.stockFcitx5Installed {
            let missing = try #require(row("stock fcitx5"), "\(result.stdout)")
            #expect(missing.contains("fcitx5-hangul addon is not installed"), "\(missing)")
        }
    }

    /// The value of `key` in a one-line JSON object of `inkstone-bench --json`, as printed.
    private func field(_ key: String, of row: String) -> String? {
        guard let start = row.range(of: "\"\(key)\": ")?.upperBound else { return nil }
        return String(row[start...].prefix { $0 != "," && $0 != "}" })
    }
}
