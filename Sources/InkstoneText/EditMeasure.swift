import _RopeModule

/// Measures one edit in every unit: taken before the rope changes (old text)
/// and finished after (new text), widening the grapheme range where the edit
/// joins or splits neighbouring clusters.
struct EditMeasure {
    private let oldRope: BigString
    private let utf8Range: Range<Int>
    private let text: String
    private let start: UnitCounts
    private let oldLength: UnitCounts

    /// Captures the old text (an O(1) copy-on-write snapshot) and its measures.
    init(before storage: TextStorage, utf8Range: Range<Int>, text: String) {
        oldRope = storage.rope
        self.utf8Range = utf8Range
        self.text = text
        let lower = storage.ropeIndex(utf8Offset: utf8Range.lowerBound)
        let upper = storage.ropeIndex(utf8Offset: utf8Range.upperBound)
        let rope = storage.rope
        start = UnitCounts(
            utf8: utf8Range.lowerBound,
            utf16: rope.utf16.distance(from: rope.startIndex, to: lower),
            scalars: rope.unicodeScalars.distance(from: rope.startIndex, to: lower),
            graphemes: 0
        )
        oldLength = UnitCounts(
            utf8: utf8Range.count,
            utf16: rope.utf16.distance(from: lower, to: upper),
            scalars: rope.unicodeScalars.distance(from: lower, to: upper),
            graphemes: 0
        )
    }

    /// Finishes the record once the storage holds the new text.
    func record(after storage: TextStorage, revision: UInt64, cause: EditCause, viewID: ViewID?) -> ChangeRecord {
        let newRope = storage.rope
        let inserted = UnitCounts(of: text)
        let delta = inserted.utf8 - utf8Range.count

        // Grapheme start: a boundary of both texts at or below the edit.
        var lower = utf8Range.lowerBound
        while true {
            let snapped = newRope.graphemeFloor(utf8Offset: oldRope.graphemeFloor(utf8Offset: lower))
            if snapped == lower { break }
            lower = snapped
        }
        // Grapheme end: a boundary of both texts at or above the edit (old coordinates).
        var oldUpper = utf8Range.upperBound
        while true {
            let inOld = oldRope.graphemeCeiling(utf8Offset: oldUpper)
            let snapped = newRope.graphemeCeiling(utf8Offset: inOld + delta) - delta
            if snapped == oldUpper { break }
            oldUpper = snapped
        }
        let newUpper = oldUpper + delta
        let lowerIndex = oldRope.utf8.index(oldRope.startIndex, offsetBy: lower)
        let graphemeStart = oldRope.distance(from: oldRope.startIndex, to: lowerIndex)
        let oldGraphemes = oldRope.distance(
            from: lowerIndex, to: oldRope.utf8.index(oldRope.startIndex, offsetBy: oldUpper))
        let newLowerIndex = newRope.utf8.index(newRope.startIndex, offsetBy: lower)
        let newUpperIndex = newRope.utf8.index(newRope.startIndex, offsetBy: newUpper)
        let newGraphemes = newRope.distance(from: newLowerIndex, to: newUpperIndex)
        let graphemeText = lower == utf8Range.lowerBound && newUpper == utf8Range.lowerBound + inserted.utf8
            ? text
            : String(newRope.unicodeScalars[newLowerIndex..<newUpperIndex])

        var startCounts = start
        startCounts.graphemes = graphemeStart
        var oldCounts = oldLength
        oldCounts.graphemes = oldGraphemes
        var newCounts = inserted
        newCounts.graphemes = newGraphemes
        return ChangeRecord(
            revision: revision, cause: cause, viewID: viewID,
            start: startCounts, oldLength: oldCounts, newLength: newCounts,
            insertedText: text, graphemeInsertedText: graphemeText
        )
    }
}

extension BigString {
    /// The grapheme boundary at or below a UTF-8 scalar boundary.
    func graphemeFloor(utf8Offset: Int) -> Int {
        index(roundingDown: utf8.index(startIndex, offsetBy: utf8Offset)).utf8Offset
    }

    /// The grapheme boundary at or above a UTF-8 scalar boundary.
    func graphemeCeiling(utf8Offset: Int) -> Int {
        index(roundingUp: utf8.index(startIndex, offsetBy: utf8Offset)).utf8Offset
    }
}
