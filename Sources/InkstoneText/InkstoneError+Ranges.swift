/// Readable `InvalidRange` messages shared by every offset check.
extension InkstoneError {
    /// An offset outside `0...count`.
    static func outOfBounds(what: String, value: Int, count: Int, unit: OffsetUnit) -> InkstoneError {
        .invalidRange("\(what) \(value) is outside the text: valid \(unit.rawValue) offsets are 0...\(count)")
    }

    /// An offset inside a surrogate pair or a UTF-8 sequence.
    static func splitsCodePoint(what: String, value: Int, unit: OffsetUnit) -> InkstoneError {
        let piece = unit == .utf16 ? "a surrogate pair" : "a UTF-8 sequence"
        return .invalidRange("\(what) \(value) (\(unit.rawValue)) splits \(piece)")
    }

    /// An offset inside a grapheme cluster, given to an editing call.
    static func splitsGrapheme(what: String, value: Int, unit: OffsetUnit) -> InkstoneError {
        .invalidRange(
            "\(what) \(value) (\(unit.rawValue)) splits a grapheme cluster; edits must start and end on grapheme boundaries"
        )
    }
}
