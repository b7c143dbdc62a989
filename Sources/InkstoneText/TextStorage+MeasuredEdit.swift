import _RopeModule

/// Edits measured for their ``ChangeRecord``: in the tail, from the tail's old and new
/// strings (the rope's totals give the counts before it); in the rope, by ``EditMeasure``.
extension TextStorage {
    /// Replaces the text between two UTF-8 scalar boundaries with `text` (as
    /// ``replace(utf8Range:with:)``) and returns the change's record, measured in every
    /// unit or in UTF-8 and code points only.
    func replace(
        utf8Range: Range<Int>, with text: String, measuringEveryUnit everyUnit: Bool, revision: UInt64,
        cause: EditCause, viewID: ViewID?
    ) -> ChangeRecord {
        chunkCache.removeAll()
        let record = { (start: UnitCounts, oldLength: UnitCounts, newLength: UnitCounts, graphemeText: String) in
            ChangeRecord(
                revision: revision, cause: cause, viewID: viewID, start: start, oldLength: oldLength,
                newLength: newLength, insertedText: text, graphemeInsertedText: graphemeText,
                isMeasuredInEveryUnit: everyUnit)
        }
        guard let local = tailRange(forEditOf: utf8Range, with: text) else {
            // The measure and the mutation share the indices of the range: found once.
            let bounds = ropeRange(utf8Range: utf8Range)
            let measure = EditMeasure(
                before: self, utf8Range: utf8Range, bounds: bounds, text: text, everyUnit: everyUnit)
            replaceInRope(bounds, with: text)
            return measure.record(after: self, revision: revision, cause: cause, viewID: viewID)
        }
        let replaced = tail.counts(of: local)
        let after = tail.counts(of: local.upperBound..<tail.utf8Count)
        var start = UnitCounts(
            utf8: utf8Range.lowerBound, utf16: 0,
            scalars: rope.unicodeScalars.count + tail.scalarCount - replaced.scalars - after.scalars, graphemes: 0)
        var oldLength = UnitCounts(utf8: local.count, utf16: 0, scalars: replaced.scalars, graphemes: 0)
        guard everyUnit else {
            tail.replace(local, with: text)
            return record(start, oldLength, UnitCounts(codePointsOf: text), text)
        }
        start.utf16 = rope.utf16.count + tail.utf16Count - replaced.utf16 - after.utf16
        oldLength.utf16 = replaced.utf16
        // The old tail stays for its cluster boundaries.
        var old = tail
        tail.replace(local, with: text)
        let new = tail
        var inserted = UnitCounts(of: text)
        // The widened cluster range, in local offsets: below the edit both tails break
        // alike, above it they share a boundary once the text after it is the same.
        let delta = inserted.utf8 - local.count
        let lower = new.graphemeFloor(old.graphemeFloor(local.lowerBound))
        let oldUpper = EditMeasure.commonCeiling(
            from: old.graphemeCeiling(local.upperBound), delta: delta, oldCeiling: old.graphemeCeiling,
            newCeiling: new.graphemeCeiling)
        let newUpper = oldUpper + delta
        let widened = lower != local.lowerBound || newUpper != local.lowerBound + inserted.utf8
        let graphemeText = widened ? String(new.slice(lower..<newUpper)) : text
        oldLength.graphemes = old.slice(lower..<oldUpper).count
        if widened { inserted.graphemes = graphemeText.count }
        // The clusters before `lower` and after the shared boundary are the same in both;
        // the old tail's total is kept by measured edits (counted here once otherwise).
        let graphemesAfter = old.slice(oldUpper..<old.utf8Count).count
        let graphemesBefore = old.graphemeCount() - oldLength.graphemes - graphemesAfter
        tail.knownGraphemeCount = graphemesBefore + inserted.graphemes + graphemesAfter
        start.graphemes = rope.count + graphemesBefore
        return record(start, oldLength, inserted, graphemeText)
    }
}
