/// Attribute changes as undo steps of this view: setting, removing and
/// toggling attributes and the normalisation by a new formatting definition
/// put the old runs of their range back on undo (and the new ones on redo).
/// Derived keys (live patterns) are never part of a step: they are recomputed.
extension DocumentView {
    /// Sets the keys of `set` and removes the keys of `remove` over a range in
    /// this view's unit (grapheme-aligned), through the formatting definition;
    /// one undo step of this view when anything changed. Not a text mutation.
    @discardableResult
    public func setAttributes(
        _ set: AttributeSet, removing remove: [String], start: Int, length: Int
    ) throws(InkstoneError) -> EditResult {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        let oldSpans = document.attributeStore.undoSpans(in: utf8Range)
        let result = try document.setAttributes(set, removing: remove, start: start, length: length, in: unit)
        if document.attributeStore.undoSpans(in: utf8Range) != oldSpans {
            registerAttributeStep(utf8Range: utf8Range, oldSpans: oldSpans)
        }
        return result
    }

    /// Sets (or with nil removes) the document's formatting definition (see
    /// ``Document/setFormattingDefinition(_:)``). The runs it normalises are one
    /// undo step of this view; the definition itself is not undone, and undo
    /// puts runs back through the definition in force.
    @discardableResult
    public func setFormattingDefinition(_ definition: FormattingDefinition?) -> EditResult {
        let whole = 0..<storage.utf8Count
        let oldSpans = definition == nil ? [] : document.attributeStore.undoSpans(in: whole)
        let result = document.setFormattingDefinition(definition)
        if definition != nil, document.attributeStore.undoSpans(in: whole) != oldSpans {
            registerAttributeStep(utf8Range: whole, oldSpans: oldSpans)
        }
        return result
    }

    /// Records that the runs of `utf8Range` were `oldSpans` before a change
    /// (nothing while undo registration is off or for an empty range).
    func registerAttributeStep(utf8Range: Range<Int>, oldSpans: [AttributeSpan]) {
        guard isUndoRegistrationEnabled, !utf8Range.isEmpty else { return }
        undoStack.recordAttributeStep(
            .attributes(utf8Range: utf8Range, oldSpans: oldSpans, document: document),
            selection: savedSelection(referenceUTF8: utf8Range.lowerBound))
    }
}

extension Document {
    /// Puts undo spans back from `utf8Start` through the formatting definition
    /// in force and announces what changed.
    func restoreAttributes(_ spans: [AttributeSpan], at utf8Start: Int) {
        let definition = formattingDefinition
        let keys = attributeStore.restore(spans, at: utf8Start) { attributes in
            definition?.normalizedDroppingRefused(attributes) ?? attributes
        }
        guard !keys.isEmpty else { return }
        let length = spans.reduce(0) { $0 + $1.length }
        emitAttributeChange(utf8Range: utf8Start..<min(utf8Start + length, storage.utf8Count), keys: Array(keys))
    }

    /// Puts text back over `utf8Range` with its runs `spans` (undo, redo): the runs outside
    /// the range stay as they are. An ordinary edit removes the runs of unsplittable keys it
    /// cuts beyond its range; text put back was there with its neighbours before, so those
    /// runs go back as an attribute change (which the journal replays like any other).
    @discardableResult
    func applyRestoringEdit(
        utf8Range: Range<Int>, with text: String, spans: [AttributeSpan], cause: EditCause, viewID: ViewID?
    ) -> ChangeRecord {
        let extent = attributeStore.attributeExtent(ofEdit: utf8Range)
        let leading = attributeStore.undoSpans(in: extent.lowerBound..<utf8Range.lowerBound)
        let trailing = attributeStore.undoSpans(in: utf8Range.upperBound..<extent.upperBound)
        let record = applyEdit(utf8Range: utf8Range, with: text, cause: cause, viewID: viewID)
        restoreAttributes(leading, at: extent.lowerBound)
        restoreAttributes(spans, at: utf8Range.lowerBound)
        restoreAttributes(trailing, at: utf8Range.lowerBound + text.utf8.count)
        return record
    }
}
