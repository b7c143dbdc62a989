/// Attributes that changed over a range, measured in every unit when it
/// happened (later edits of the same call do not move it).
public struct AttributeChange: Sendable, Equatable {
    /// The keys set, removed or changed (sorted).
    public let keys: [String]
    private let ranges: [OffsetUnit: Range<Int>]

    init(utf8Range: Range<Int>, keys: some Sequence<String>, storage: TextStorage) {
        self.keys = Set(keys).sorted()
        var ranges: [OffsetUnit: Range<Int>] = [:]
        for unit in OffsetUnit.allCases {
            ranges[unit] =
                storage.offset(
                    ofUTF8: utf8Range.lowerBound, in: unit)..<storage.offset(ofUTF8: utf8Range.upperBound, in: unit)
        }
        self.ranges = ranges
    }

    /// Start of the range in `unit`.
    public func start(in unit: OffsetUnit) -> Int { ranges[unit]?.lowerBound ?? 0 }

    /// Length of the range in `unit`.
    public func length(in unit: OffsetUnit) -> Int { ranges[unit]?.count ?? 0 }
}
