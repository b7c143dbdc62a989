/// A set of measurements, sorted once, with the one percentile rule every report uses.
///
/// The rule is **nearest rank**: the p-th percentile of n sorted samples is
/// the sample at rank ⌈p·n⌉ (1-based), clamped to 1…n; so the median of
/// 1…10 is 5, its p90 is 9, its p99 is 10, and any percentile of one
/// sample is that sample. No interpolation: every figure is a measured value.
public struct Samples<Value: Comparable & Sendable>: Sendable {
    /// The samples in ascending order.
    public let sorted: [Value]

    /// Samples from `values`, in any order.
    public init(_ values: [Value]) {
        sorted = values.sorted()
    }

    /// How many samples there are.
    public var count: Int { sorted.count }

    /// Whether there are none.
    public var isEmpty: Bool { sorted.isEmpty }

    /// The 1-based nearest rank of `fraction` (0…1) among `count` samples, clamped to 1…count (0 when empty).
    public static func nearestRank(_ fraction: Double, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let rank = Int((fraction * Double(count)).rounded(.up))
        return min(count, max(1, rank))
    }

    /// The sample at the nearest rank of `fraction` (0…1); nil when there are no samples.
    public func percentile(_ fraction: Double) -> Value? {
        guard !sorted.isEmpty else { return nil }
        return sorted[Self.nearestRank(fraction, count: sorted.count) - 1]
    }

    /// The smallest sample.
    public var minimum: Value? { sorted.first }

    /// The largest sample.
    public var maximum: Value? { sorted.last }
}

extension Samples where Value: BinaryInteger {
    /// The percentile, 0 when there are no samples.
    public func value(at fraction: Double) -> Value { percentile(fraction) ?? 0 }

    /// The median (nearest rank), 0 when empty.
    public var median: Value { value(at: 0.5) }

    /// The 90th percentile (nearest rank), 0 when empty.
    public var p90: Value { value(at: 0.9) }

    /// The 99th percentile (nearest rank), 0 when empty.
    public var p99: Value { value(at: 0.99) }
}

extension Samples where Value: BinaryFloatingPoint {
    /// The percentile, 0 when there are no samples.
    public func value(at fraction: Double) -> Value { percentile(fraction) ?? 0 }

    /// The median (nearest rank), 0 when empty.
    public var median: Value { value(at: 0.5) }

    /// The 90th percentile (nearest rank), 0 when empty.
    public var p90: Value { value(at: 0.9) }

    /// The 99th percentile (nearest rank), 0 when empty.
    public var p99: Value { value(at: 0.99) }
}
