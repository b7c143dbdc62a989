/// Attribute runs (storage only), addressed in any unit.
///
/// Runs of one key never overlap; equal neighbours are coalesced. Edits shift
/// and split them: a replaced range loses its attributes, and inserted text
/// inherits the runs covering the character before it (like typing
/// attributes), or at the start of the text those covering the first replaced
/// or following character.
extension Document {
    /// Sets `key` to `value` over a range (nil removes it). Not a text mutation:
    /// no revision bump, no change record.
    public func setAttribute(_ key: String, value: String?, start: Int, length: Int, in unit: OffsetUnit) throws(InkstoneError) {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit)
        attributeStore.set(key, value: value, utf8Range: utf8Range)
        _checkInvariants()
    }

    /// Every attribute of the character at `position`.
    public func attributes(at position: Int, in unit: OffsetUnit) throws(InkstoneError) -> [String: String] {
        attributeStore.attributes(at: try storage.utf8Offset(of: position, in: unit, what: "position"))
    }

    /// The runs of `key` within a range, clipped to it, in `unit`.
    public func attributeRuns(_ key: String, start: Int, length: Int, in unit: OffsetUnit) throws(InkstoneError) -> [AttributeRun] {
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit)
        return attributeStore.runs(key, in: utf8Range).map { run in
            let runStart = storage.offset(ofUTF8: run.lower, in: unit)
            return AttributeRun(start: runStart, length: storage.offset(ofUTF8: run.upper, in: unit) - runStart, value: run.value)
        }
    }

    /// The attribute keys that have at least one run.
    public var attributeKeys: [String] { attributeStore.runsByKey.keys.sorted() }
}
