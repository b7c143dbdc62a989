import _RopeModule

/// Measures one edit in every unit (or in UTF-8 and code points only): taken
/// before the rope changes (old text) and finished after (new text), widening the
/// grapheme range where the edit joins or splits neighbouring clusters.
///
/// The common case keeps no copy of the old rope (a copy would make the
/// mutation copy the nodes on its path): grapheme boundaries below the edit are
/// the same in both texts, so one look at each side usually settles the
/// widened range. Only when the clusters after the edit changed is the old
/// rope rebuilt (a copy of the new one with the edit reverted) to iterate.
struct EditMeasure {
    private let utf8Range: Range<Int>
    private let text: String
    private let everyUnit: Bool
    private let start: UnitCounts
    /// The old text's totals in code points and UTF-16 (0 unless `everyUnit`): the replaced
    /// range's lengths follow from them once the new text is in (total before − total after
    /// + inserted), with no walk over the range.
    private let scalarsBefore: Int
    private let utf16Before: Int
    /// Grapheme boundaries of the old text around the edit.
    private let oldFloor: Int
    private let oldCeiling: Int
    /// The graphemes below `oldFloor` when it is the end of the old text (typing at the
    /// end): the rope's total, read without a walk.
    private let graphemesBelowFloorAtEnd: Int?
    /// The replaced text, when small enough to keep (otherwise `oldRope`).
    private let replacedText: String?
    private let oldRope: BigString?

    /// The largest replaced text kept as a string instead of a rope snapshot.
    private static let replacedTextLimit = 1 << 16

    /// Captures the old text's measures (in UTF-8 and code points only unless `everyUnit`);
    /// `bounds` are the rope indices of `utf8Range` in the old text, which is all in the
    /// rope (the storage's tail is empty, before and after the edit).
    init(
        before storage: TextStorage, utf8Range: Range<Int>, bounds: Range<BigString.Index>, text: String,
        everyUnit: Bool
    ) {
        self.utf8Range = utf8Range
        self.text = text
        self.everyUnit = everyUnit
        let rope = storage.rope
        let lower = bounds.lowerBound
        let upper = bounds.upperBound
        let utf16Start = everyUnit ? rope.utf16Offset(of: lower) : 0
        let scalarStart = rope.scalarOffset(of: lower)
        start = UnitCounts(utf8: utf8Range.lowerBound, utf16: utf16Start, scalars: scalarStart, graphemes: 0)
        scalarsBefore = rope.unicodeScalars.count
        utf16Before = everyUnit ? rope.utf16.count : 0
        guard everyUnit else {
            // Grapheme boundaries and the replaced text serve the grapheme measures only.
            oldFloor = 0
            graphemesBelowFloorAtEnd = nil
            oldCeiling = 0
            replacedText = nil
            oldRope = nil
            return
        }
        oldFloor = rope.index(roundingDown: lower).utf8Offset
        graphemesBelowFloorAtEnd = oldFloor == rope.utf8.count ? rope.count : nil
        oldCeiling = rope.index(roundingUp: upper).utf8Offset
        if utf8Range.count <= Self.replacedTextLimit {
            replacedText = utf8Range.isEmpty ? "" : String(rope.unicodeScalars[lower..<upper])
            oldRope = nil
        } else {
            replacedText = nil
            oldRope = rope
        }
    }

    /// Finishes the record once the storage holds the new text.
    func record(after storage: TextStorage, revision: UInt64, cause: EditCause, viewID: ViewID?) -> ChangeRecord {
        let newRope = storage.rope
        guard everyUnit else {
            let inserted = UnitCounts(codePointsOf: text)
            return ChangeRecord(
                revision: revision, cause: cause, viewID: viewID, start: start,
                oldLength: oldLength(inserted: inserted, newRope: newRope), newLength: inserted, insertedText: text,
                graphemeInsertedText: text, isMeasuredInEveryUnit: false)
        }
        let inserted = UnitCounts(of: text)
        let delta = inserted.utf8 - utf8Range.count
        // Below the edit both texts break alike, so one step finds a common boundary.
        // The boundaries' indices serve the counts below too (each is found once).
        let newLowerIndex = newRope.index(roundingDown: newRope.utf8Index(at: oldFloor))
        let lower = newLowerIndex.utf8Offset
        var oldUpper = oldCeiling
        var newUpperIndex = newRope.index(roundingUp: newRope.utf8Index(at: oldUpper + delta))
        if newUpperIndex.utf8Offset != oldUpper + delta {
            let oldRope = reconstructedOldRope(from: newRope)
            oldUpper = Self.commonCeiling(
                from: oldCeiling, delta: delta, oldCeiling: oldRope.graphemeCeiling, newCeiling: newRope.graphemeCeiling
            )
            newUpperIndex = newRope.utf8.index(newLowerIndex, offsetBy: oldUpper + delta - lower)
        }
        let newUpper = oldUpper + delta
        let widened = lower != utf8Range.lowerBound || newUpper != utf8Range.lowerBound + inserted.utf8
        let graphemeText = widened ? String(newRope.unicodeScalars[newLowerIndex..<newUpperIndex]) : text

        var startCounts = start
        // A floor that stayed put has the same text, broken alike, below it.
        startCounts.graphemes =
            lower == oldFloor
            ? graphemesBelowFloorAtEnd ?? newRope.distance(from: newRope.startIndex, to: newLowerIndex)
            : newRope.distance(from: newRope.startIndex, to: newLowerIndex)
        var oldCounts = oldLength(inserted: inserted, newRope: newRope)
        oldCounts.graphemes = oldGraphemeCount(newRope: newRope, lower: lower, oldUpper: oldUpper, delta: delta)
        var newCounts = inserted
        newCounts.graphemes = widened ? graphemeText.count : inserted.graphemes
        return ChangeRecord(
            revision: revision, cause: cause, viewID: viewID,
            start: startCounts, oldLength: oldCounts, newLength: newCounts,
            insertedText: text, graphemeInsertedText: graphemeText, isMeasuredInEveryUnit: true
        )
    }

    /// The replaced range's lengths (graphemes left at 0), from the totals before and after.
    private func oldLength(inserted: UnitCounts, newRope: BigString) -> UnitCounts {
        UnitCounts(
            utf8: utf8Range.count,
            utf16: everyUnit ? utf16Before - newRope.utf16.count + inserted.utf16 : 0,
            scalars: scalarsBefore - newRope.unicodeScalars.count + inserted.scalars,
            graphemes: 0
        )
    }

    /// Graphemes of the old text between two boundaries it shares with the new text.
    private func oldGraphemeCount(newRope: BigString, lower: Int, oldUpper: Int, delta: Int) -> Int {
        guard let replacedText else {
            let rope = oldRope ?? newRope
            let lowerIndex = rope.utf8.index(rope.startIndex, offsetBy: lower)
            return rope.distance(from: lowerIndex, to: rope.utf8.index(lowerIndex, offsetBy: oldUpper - lower))
        }
        // A text cut at true boundaries breaks the same way on its own.
        let before = newRope.text(utf8Range: lower..<utf8Range.lowerBound)
        let after = newRope.text(utf8Range: (utf8Range.upperBound + delta)..<(oldUpper + delta))
        return (before + replacedText + after).count
    }

    /// The old rope: the snapshot, or the new rope with the edit reverted.
    private func reconstructedOldRope(from newRope: BigString) -> BigString {
        if let oldRope { return oldRope }
        var rope = newRope
        let lower = rope.utf8.index(rope.startIndex, offsetBy: utf8Range.lowerBound)
        let upper = rope.utf8.index(lower, offsetBy: text.utf8.count)
        rope.replaceSubrange(lower..<upper, with: replacedText ?? "")
        return rope
    }

    /// The first offset at or above `oldCeiling` (the old text's cluster boundary at or
    /// above the edit's end, in old coordinates) that is a grapheme boundary of both texts;
    /// the new text is the old one shifted by `delta` after the edit.
    static func commonCeiling(
        from oldCeiling: Int, delta: Int, oldCeiling ceilingInOld: (Int) -> Int, newCeiling ceilingInNew: (Int) -> Int
    ) -> Int {
        var oldUpper = oldCeiling
        while true {
            let inOld = ceilingInOld(oldUpper)
            let snapped = ceilingInNew(inOld + delta) - delta
            if snapped == oldUpper { return oldUpper }
            oldUpper = snapped
        }
    }
}

extension BigString {
    /// The index at a UTF-8 offset in `0...utf8.count`. The ends need no walk down the
    /// tree: typing at the end of the text is the usual case.
    func utf8Index(at utf8Offset: Int) -> Index {
        if utf8Offset == 0 { return startIndex }
        if utf8Offset == utf8.count { return endIndex }
        return utf8.index(startIndex, offsetBy: utf8Offset)
    }

    /// The UTF-16 offset of `index` (the end's is the rope's total, read without a walk).
    func utf16Offset(of index: Index) -> Int {
        index == endIndex ? utf16.count : utf16.distance(from: startIndex, to: index)
    }

    /// The code-point offset of `index` (the end's is the rope's total, read without a walk).
    func scalarOffset(of index: Index) -> Int {
        index == endIndex ? unicodeScalars.count : unicodeScalars.distance(from: startIndex, to: index)
    }

    /// The grapheme boundary at or above a UTF-8 scalar boundary.
    func graphemeCeiling(utf8Offset: Int) -> Int {
        index(roundingUp: utf8Index(at: utf8Offset)).utf8Offset
    }

    /// The text between two UTF-8 scalar boundaries.
    func text(utf8Range: Range<Int>) -> String {
        guard !utf8Range.isEmpty else { return "" }
        let lower = utf8.index(startIndex, offsetBy: utf8Range.lowerBound)
        return String(unicodeScalars[lower..<utf8.index(lower, offsetBy: utf8Range.count)])
    }
}
