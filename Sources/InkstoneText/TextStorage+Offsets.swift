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
        let ropeUnits = ropeCount(in: unit)
        let utf8Offset =
            offset >= ropeUnits
            ? try rope.utf8.count + tail.local(ofUnits: offset - ropeUnits, in: unit, what: what, value: offset)
            : try ropeUTF8Offset(of: offset, in: unit, what: what)
        if requireGraphemeBoundary, unit != .graphemes, !isGraphemeBoundary(utf8Offset: utf8Offset) {
            throw .splitsGrapheme(what: what, value: offset, unit: unit)
        }
        return utf8Offset
    }

    /// The UTF-8 offset of an offset in `unit` that lies before the rope's end (throws as
    /// ``utf8Offset(of:in:requireGraphemeBoundary:what:)`` when it splits a code point).
    private func ropeUTF8Offset(of offset: Int, in unit: OffsetUnit, what: String) throws(InkstoneError) -> Int {
        switch unit {
        case .utf8:
            let index = ropeIndex(utf8Offset: offset)
            guard rope.unicodeScalars.index(roundingDown: index).utf8Offset == offset else {
                throw .splitsCodePoint(what: what, value: offset, unit: unit)
            }
            return offset
        case .utf16:
            let index = rope.utf16.index(rope.startIndex, offsetBy: offset)
            guard !index._isUTF16TrailingSurrogate else {
                throw .splitsCodePoint(what: what, value: offset, unit: unit)
            }
            return index.utf8Offset
        case .scalars:
            return rope.unicodeScalars.index(rope.startIndex, offsetBy: offset).utf8Offset
        case .graphemes:
            return rope.index(rope.startIndex, offsetBy: offset).utf8Offset
        }
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
        let ropeBytes = rope.utf8.count
        if utf8Offset >= ropeBytes {
            return ropeCount(in: unit) + tail.units(before: utf8Offset - ropeBytes, in: unit)
        }
        if let after = unitsAfter(utf8Offset: utf8Offset, in: unit) { return ropeCount(in: unit) - after }
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

    /// Bytes before the rope's end within which ``offset(ofUTF8:in:)`` counts back from it:
    /// a few steps back from the rope's end cost less than finding the offset's index and
    /// walking the tree and its chunk from the start (a composition's start, near the end).
    static let ropeEndWalkBytes = 16

    /// The `unit`s between a UTF-8 offset (a scalar boundary before the rope's end) and the
    /// rope's end, counted backwards from it when it lies within ``ropeEndWalkBytes``; nil
    /// further away. In graphemes, an offset inside a cluster counts that cluster as after it.
    private func unitsAfter(utf8Offset: Int, in unit: OffsetUnit) -> Int? {
        let ropeBytes = rope.utf8.count
        guard ropeBytes - utf8Offset <= Self.ropeEndWalkBytes else { return nil }
        var index = rope.endIndex
        var units = 0
        switch unit {
        case .utf8:
            return ropeBytes - utf8Offset
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
        let ropeUnits = ropeCount(in: unit)
        var utf8Offset =
            clamped >= ropeUnits
            ? rope.utf8.count + tail.local(snapping: clamped - ropeUnits, in: unit, direction: direction)
            : ropeUTF8Offset(snapping: clamped, in: unit, direction: direction)
        if toGraphemeBoundary {
            utf8Offset = snapToGrapheme(utf8Offset: utf8Offset, direction: direction)
        }
        return self.offset(ofUTF8: utf8Offset, in: unit)
    }

    /// The UTF-8 offset of a code-point boundary next to an offset in `unit` before the
    /// rope's end (at or below it for `.down`, at or above it for `.up`).
    private func ropeUTF8Offset(snapping offset: Int, in unit: OffsetUnit, direction: SnapDirection) -> Int {
        switch unit {
        case .utf8:
            let index = ropeIndex(utf8Offset: offset)
            return
                (direction == .down
                ? rope.unicodeScalars.index(roundingDown: index)
                : rope.unicodeScalars.index(roundingUp: index)).utf8Offset
        case .utf16:
            let index = rope.utf16.index(rope.startIndex, offsetBy: offset)
            guard index._isUTF16TrailingSurrogate else { return index.utf8Offset }
            let aligned = rope.unicodeScalars.index(roundingDown: index)
            return direction == .down ? aligned.utf8Offset : rope.unicodeScalars.index(after: aligned).utf8Offset
        case .scalars:
            return rope.unicodeScalars.index(rope.startIndex, offsetBy: offset).utf8Offset
        case .graphemes:
            return rope.index(rope.startIndex, offsetBy: offset).utf8Offset
        }
    }
}
