/// Attribute runs (storage only), addressed in any unit.
///
/// Every character carries a set of typed attributes; spans of equal sets are
/// coalesced. Edits shift and split runs: a replaced range loses its
/// attributes, and inserted text takes those of the character before it (at
/// the start of the text: of the first replaced or following character), less
/// keys whose ``AttributePolicy/inheritedByAddedText`` is false unless the
/// insertion lies strictly inside their run. Ranges must lie on grapheme
/// cluster boundaries.
extension Document {
    /// Sets `key` to `value` over a range (nil removes it). Not a text mutation:
    /// no revision bump, no change record; an `attributesChanged` event when
    /// anything changed.
    @discardableResult
    public func setAttribute(
        _ key: String, value: AttributeValue?, start: Int, length: Int, in unit: OffsetUnit
    ) throws(InkstoneError) -> EditResult {
        if let value {
            return try setAttributes([key: value], removing: [], start: start, length: length, in: unit)
        }
        return try setAttributes([:], removing: [key], start: start, length: length, in: unit)
    }

    /// Sets the keys of `set` and removes the keys of `remove` over a range
    /// (grapheme-aligned), through the formatting definition (keys it does not
    /// name are dropped, values normalised). Not a text mutation: no revision bump, no change
    /// record; an `attributesChanged` event when anything changed.
    @discardableResult
    public func setAttributes(
        _ set: AttributeSet, removing remove: [String], start: Int, length: Int, in unit: OffsetUnit
    ) throws(InkstoneError) -> EditResult {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        try Self.checkNotDerived(remove)
        let set = try formatted(set)
        return try collectingEvents { () throws(InkstoneError) -> EditTicket? in
            let changed = attributeStore.update(utf8Range) { attributes in
                for key in remove { attributes[key] = nil }
                attributes.merge(set) { _, new in new }
            }
            if changed { emitAttributeChange(utf8Range: utf8Range, keys: Array(set.keys) + remove) }
            return nil
        }
    }

    /// Reports attributes changed over a UTF-8 range.
    func emitAttributeChange(utf8Range: Range<Int>, keys: [String]) {
        emit(.attributesChanged(AttributeChange(utf8Range: utf8Range, keys: keys, storage: storage)))
    }

    /// Every attribute of the character at `position` (empty at the end of the text).
    public func attributes(at position: Int, in unit: OffsetUnit) throws(InkstoneError) -> AttributeSet {
        attributeStore.attributes(at: try storage.utf8Offset(of: position, in: unit, what: "position"))
    }

    /// The runs of `key` within a range, clipped to it, in `unit`.
    public func attributeRuns(_ key: String, start: Int, length: Int, in unit: OffsetUnit) throws(InkstoneError)
        -> [AttributeRun]
    {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit)
        return attributeStore.runs(key, in: utf8Range).map { run in
            let range = unitRange(ofUTF8: run.range, in: unit)
            return AttributeRun(start: range.lowerBound, length: range.count, unit: unit, value: run.value)
        }
    }

    /// The text of a range cut into runs of equal attribute sets, clipped to
    /// the range, in `unit`; plain stretches come as runs with no attributes.
    public func attributedRuns(start: Int, length: Int, in unit: OffsetUnit) throws(InkstoneError) -> [AttributedRun] {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit)
        return attributeStore.spans(in: utf8Range).map { span in
            let range = unitRange(ofUTF8: span.range, in: unit)
            return AttributedRun(start: range.lowerBound, length: range.count, unit: unit, attributes: span.attributes)
        }
    }

    /// The attribute keys that have at least one run (visits every run).
    public var attributeKeys: [String] { attributeStore.keys.sorted() }

    /// How many runs of equal attribute sets the text holds (plain stretches included).
    public var attributeRunCount: Int { attributeStore.spanCount }

    /// The policy of `key` in this document.
    public func attributePolicy(for key: String) -> AttributePolicy { attributeStore.policy(for: key) }

    /// Sets how edits treat `key` in this document (applies to later edits).
    public func setAttributePolicy(_ policy: AttributePolicy, for key: String) {
        attributeStore.setPolicy(policy, for: key)
    }

    private func unitRange(ofUTF8 range: Range<Int>, in unit: OffsetUnit) -> Range<Int> {
        storage.offset(ofUTF8: range.lowerBound, in: unit)..<storage.offset(ofUTF8: range.upperBound, in: unit)
    }
}
