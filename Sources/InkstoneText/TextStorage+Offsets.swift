import _RopeModule

extension TextStorage {
    /// Converts an offset in `unit` to a UTF-8 offset.
    ///
    /// Throws `InvalidRange` for a negative offset, an offset past the end, an
    /// offset that splits a surrogate pair or a UTF-8 sequence, and, when
    /// `requireGraphemeBoundary` is set (editing calls), an offset inside a
    /// grapheme cluster. `what` names the value in the message ("start", "end"…).
    public func utf8Offset(
        of offset: Int, in unit: OffsetUnit, requireGraphemeBoundary: Bool = false, what: String = "offset"
    ) throws(InkstoneError) -> Int {
        let unitCount = count(in: unit)
        guard offset >= 0, offset <= unitCount else {
            throw .outOfBounds(what: what, value: offset, count: unitCount, unit: unit)
        }
        // The end is a boundary in every unit.
        if offset == unitCount { return utf8Count }
        let utf8Offset: Int
        switch unit {
        case .utf8:
            let index = ropeIndex(utf8Offset: offset)
            guard rope.unicodeScalars.index(roundingDown: index).utf8Offset == offset else {
                throw .splitsCodePoint(what: what, value: offset, unit: unit)
            }
            utf8Offset = offset
        case .utf16:
            let index = rope.utf16.index(rope.startIndex, offsetBy: offset)
            guard !index._isUTF16TrailingSurrogate else {
                throw .splitsCodePoint(what: what, value: offset, unit: unit)
            }
            utf8Offset = index.utf8Offset
        case .scalars:
            utf8Offset = rope.unicodeScalars.index(rope.startIndex, offsetBy: offset).utf8Offset
        case .graphemes:
            utf8Offset = rope.index(rope.startIndex, offsetBy: offset).utf8Offset
        }
        if requireGraphemeBoundary, unit != .graphemes, !isGraphemeBoundary(utf8Offset: utf8Offset) {
            throw .splitsGrapheme(what: what, value: offset, unit: unit)
        }
        return utf8Offset
    }

    /// Converts a `start`/`length` pair in `unit` to a UTF-8 range, validating both ends.
    public func utf8Range(
        start: Int, length: Int, in unit: OffsetUnit, requireGraphemeBoundary: Bool = false
    ) throws(InkstoneError) -> Range<Int> {
        guard length >= 0 else {
            throw .invalidRange("length \(length) is negative; lengths are 0 or more \(unit.rawValue) units")
        }
        let lower = try utf8Offset(of: start, in: unit, requireGraphemeBoundary: requireGraphemeBoundary, what: "start")
        let (end, overflow) = start.addingReportingOverflow(length)
        guard !overflow else {
            throw .invalidRange("start \(start) + length \(length) overflows")
        }
        let upper = try utf8Offset(of: end, in: unit, requireGraphemeBoundary: requireGraphemeBoundary, what: "end")
        return lower..<upper
    }

    /// Converts a UTF-8 offset (a scalar boundary) to `unit`. In graphemes an
    /// offset inside a cluster counts the clusters before it (rounds down).
    public func offset(ofUTF8 utf8Offset: Int, in unit: OffsetUnit) -> Int {
        // The ends need no walk (the rope keeps every unit's total): a caret typing at the
        // end of the text is the usual case.
        if utf8Offset == 0 { return 0 }
        if utf8Offset == utf8Count { return count(in: unit) }
        if let after = unitsAfter(utf8Offset: utf8Offset, in: unit) { return count(in: unit) - after }
        switch unit {
        case .utf8:
            return utf8Offset
        case .utf16:
            return rope.utf16.distance(from: rope.startIndex, to: ropeIndex(utf8Offset: utf8Offset))
        case .scalars:
            return rope.unicodeScalars.distance(from: rope.startIndex, to: ropeIndex(utf8Offset: utf8Offset))
        case .graphemes:
            return rope.distance(from: rope.startIndex, to: ropeIndex(utf8Offset: utf8Offset))
        }
    }

    /// Bytes before the end within which ``offset(ofUTF8:in:)`` counts back from the end: a
    /// few steps back from the rope's end cost less than finding the offset's index and
    /// walking the tree and its chunk from the start (a composition's start, near the end).
    static let tailWalkBytes = 16

    /// The `unit`s between a UTF-8 offset (a scalar boundary) and the end, counted backwards
    /// from the end when it lies within ``tailWalkBytes``; nil further away. In graphemes,
    /// an offset inside a cluster counts that cluster as after it.
    private func unitsAfter(utf8Offset: Int, in unit: OffsetUnit) -> Int? {
        guard utf8Count - utf8Offset <= Self.tailWalkBytes else { return nil }
        var index = rope.endIndex
        var units = 0
        switch unit {
        case .utf8:
            return utf8Count - utf8Offset
        case .utf16, .scalars:
            while index.utf8Offset > utf8Offset {
                index = rope.unicodeScalars.index(before: index)
                units += unit == .utf16 ? rope.unicodeScalars[index].utf16.count : 1
            }
        case .graphemes:
            while index.utf8Offset > utf8Offset {
                index = rope.index(before: index)
                units += 1
            }
        }
        return units
    }

    /// Converts an offset from one unit to another (throws as ``utf8Offset(of:in:requireGraphemeBoundary:what:)``).
    public func convert(_ offset: Int, from source: OffsetUnit, to target: OffsetUnit) throws(InkstoneError) -> Int {
        self.offset(ofUTF8: try utf8Offset(of: offset, in: source), in: target)
    }

    /// The nearest valid boundary at or below (`.down`) or at or above (`.up`)
    /// `offset` in `unit`, after clamping it into `0...count(in: unit)`.
    /// Valid means a code-point boundary, and also a grapheme boundary when
    /// `toGraphemeBoundary` is set. The result is in `unit` and never throws.
    public func snap(
        _ offset: Int, in unit: OffsetUnit, direction: SnapDirection, toGraphemeBoundary: Bool = false
    ) -> Int {
        let clamped = min(max(offset, 0), count(in: unit))
        var utf8Offset: Int
        switch unit {
        case .utf8:
            let index = ropeIndex(utf8Offset: clamped)
            utf8Offset =
                (direction == .down
                ? rope.unicodeScalars.index(roundingDown: index)
                : rope.unicodeScalars.index(roundingUp: index)).utf8Offset
        case .utf16:
            let index = rope.utf16.index(rope.startIndex, offsetBy: clamped)
            if index._isUTF16TrailingSurrogate {
                let aligned = rope.unicodeScalars.index(roundingDown: index)
                utf8Offset =
                    direction == .down
                    ? aligned.utf8Offset
                    : rope.unicodeScalars.index(after: aligned).utf8Offset
            } else {
                utf8Offset = index.utf8Offset
            }
        case .scalars:
            utf8Offset = rope.unicodeScalars.index(rope.startIndex, offsetBy: clamped).utf8Offset
        case .graphemes:
            utf8Offset = rope.index(rope.startIndex, offsetBy: clamped).utf8Offset
        }
        if toGraphemeBoundary {
            utf8Offset = snapToGrapheme(utf8Offset: utf8Offset, direction: direction)
        }
        return self.offset(ofUTF8: utf8Offset, in: unit)
    }
}
