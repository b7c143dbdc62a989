/// A run of one attribute over a range, in the unit it was asked in.
public struct AttributeRun: Equatable, Sendable {
    /// Start of the run.
    public let start: Int
    /// Length of the run.
    public let length: Int
    /// The attribute's value over the run.
    public let value: String

    /// Creates a run.
    public init(start: Int, length: Int, value: String) {
        self.start = start
        self.length = length
        self.value = value
    }
}

/// Key → value runs over UTF-8 ranges (storage only: no layout meaning).
///
/// Runs of one key never overlap and equal neighbours are coalesced. On an edit,
/// runs shift and split; the replaced range loses its attributes and the
/// inserted text inherits the runs covering the character before it (like typing
/// attributes), or, at the start of the text, the runs covering the first
/// replaced or following character.
struct AttributeStore {
    struct Run: Equatable {
        var lower: Int
        var upper: Int
        var value: String
    }

    private(set) var runsByKey: [String: [Run]] = [:]

    /// Sets `value` (or removes the key when nil) over a UTF-8 range.
    mutating func set(_ key: String, value: String?, utf8Range: Range<Int>) {
        var runs = runsByKey[key] ?? []
        var result: [Run] = []
        for run in runs {
            if run.upper <= utf8Range.lowerBound || run.lower >= utf8Range.upperBound {
                result.append(run)
                continue
            }
            if run.lower < utf8Range.lowerBound {
                result.append(Run(lower: run.lower, upper: utf8Range.lowerBound, value: run.value))
            }
            if run.upper > utf8Range.upperBound {
                result.append(Run(lower: utf8Range.upperBound, upper: run.upper, value: run.value))
            }
        }
        if let value, !utf8Range.isEmpty {
            result.append(Run(lower: utf8Range.lowerBound, upper: utf8Range.upperBound, value: value))
        }
        runs = Self.normalized(result)
        runsByKey[key] = runs.isEmpty ? nil : runs
    }

    /// The runs of `key` clipped to a UTF-8 range.
    func runs(_ key: String, in utf8Range: Range<Int>) -> [Run] {
        (runsByKey[key] ?? []).compactMap { run in
            let lower = max(run.lower, utf8Range.lowerBound)
            let upper = min(run.upper, utf8Range.upperBound)
            return lower < upper ? Run(lower: lower, upper: upper, value: run.value) : nil
        }
    }

    /// Every attribute of the character starting at a UTF-8 offset.
    func attributes(at utf8Offset: Int) -> [String: String] {
        var result: [String: String] = [:]
        for (key, runs) in runsByKey {
            if let run = runs.first(where: { $0.lower <= utf8Offset && utf8Offset < $0.upper }) {
                result[key] = run.value
            }
        }
        return result
    }

    /// Moves the runs for the replacement of `utf8Range` by `newUTF8Length` bytes.
    mutating func adjust(replacing utf8Range: Range<Int>, newUTF8Length: Int) {
        let point = utf8Range.lowerBound
        let inheritFrom = point > 0 ? point - 1 : point
        let removed = utf8Range.count
        func mapDeletion(_ offset: Int) -> Int {
            if offset <= point { return offset }
            return offset <= utf8Range.upperBound ? point : offset - removed
        }
        for (key, runs) in runsByKey {
            var result: [Run] = []
            for run in runs {
                let inherits = run.lower <= inheritFrom && inheritFrom < run.upper
                var lower = mapDeletion(run.lower)
                var upper = mapDeletion(run.upper)
                if inherits {
                    upper = max(upper, point) + newUTF8Length
                } else {
                    if lower >= point { lower += newUTF8Length }
                    if upper > point || (upper == point && lower > point) { upper += newUTF8Length }
                }
                if lower < upper { result.append(Run(lower: lower, upper: upper, value: run.value)) }
            }
            let normalized = Self.normalized(result)
            runsByKey[key] = normalized.isEmpty ? nil : normalized
        }
    }

    /// Sorts runs and merges touching runs with equal values.
    private static func normalized(_ runs: [Run]) -> [Run] {
        var merged: [Run] = []
        for run in runs.sorted(by: { $0.lower < $1.lower }) {
            if var last = merged.last, last.upper == run.lower, last.value == run.value {
                last.upper = run.upper
                merged[merged.count - 1] = last
            } else {
                merged.append(run)
            }
        }
        return merged
    }
}
