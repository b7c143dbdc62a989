/// What a bench row is compared with: a baseline measured in the same run
/// (interleaved with the row's own samples), or, for a figure with no such
/// twin (a memory figure, a cold start), the budget its goal sets.
public struct BenchBaseline: Sendable, Equatable {
    /// What the baseline is, e.g. "raw libdbus echo" or "goal".
    public var name: String
    /// Its median, in the row's unit.
    public var median: Double
    /// Its p99, in the row's unit, when it has one.
    public var p99: Double?

    /// A baseline named `name` with `median` (and `p99`).
    public init(_ name: String, median: Double, p99: Double? = nil) {
        self.name = name
        self.median = median
        self.p99 = p99
    }

    /// The budget a goal sets (e.g. 512 B/cycle), as the baseline of a figure with no measured twin.
    public static func budget(_ median: Double) -> BenchBaseline { BenchBaseline("goal", median: median) }
}

/// One line of a benchmark report: a figure, always next to its own
/// baseline, with the ratio and the difference to it, and the goal.
public struct BenchRow: Sendable {
    /// What was measured.
    public var name: String
    /// The unit of ``median`` and ``p99`` (µs, ms, KB/ctx, ×text, B/cycle).
    public var unit: String
    /// The median (or the single figure).
    public var median: Double
    /// The p99, when the figure has one.
    public var p99: Double?
    /// What the figure is compared with.
    public var baseline: BenchBaseline
    /// The goal, e.g. "≤ 1.10× echo".
    public var goal: String
    /// Whether the goal is met (nil: informational).
    public var met: Bool?
    /// Anything else worth printing (samples, errors, …).
    public var note: String

    /// A row; `met` nil makes it informational.
    public init(
        name: String, unit: String, median: Double, p99: Double? = nil, baseline: BenchBaseline, goal: String,
        met: Bool?, note: String = ""
    ) {
        self.name = name
        self.unit = unit
        self.median = median
        self.p99 = p99
        self.baseline = baseline
        self.goal = goal
        self.met = met
        self.note = note
    }

    /// median / baseline median.
    public var ratioMedian: Double { median / baseline.median }

    /// p99 / baseline p99, when both have one.
    public var ratioP99: Double? {
        guard let p99, let base = baseline.p99 else { return nil }
        return p99 / base
    }

    /// median − baseline median, in ``unit``.
    public var difference: Double { median - baseline.median }
}

/// Two decimals, without Foundation ("0" for infinities and NaN): how every bench figure is printed.
public func twoDecimals(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int((value * 100).rounded())
    let fraction = abs(hundredths % 100)
    let sign = hundredths < 0 && hundredths > -100 ? "-" : ""
    return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
