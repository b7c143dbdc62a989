/// The document's formatting definition: every attribute mutation, from any
/// view, goes through it before anything is stored.
extension Document {
    /// Sets (or with nil removes) the formatting definition. Attributes already
    /// stored are brought into it at once (refused values dropped), announced
    /// as one attribute change over the whole text when anything moved.
    @discardableResult
    public func setFormattingDefinition(_ definition: FormattingDefinition?) -> EditResult {
        formattingDefinition = definition
        // Cannot fail: the body throws nothing.
        return
            (try? collectingEvents { () throws(InkstoneError) -> EditTicket? in
                guard let definition else { return nil }
                let whole = 0..<storage.utf8Count
                let keys = attributeStore.keys
                if attributeStore.update(whole, { $0 = definition.normalizedDroppingRefused($0) }) {
                    emitAttributeChange(utf8Range: whole, keys: Array(keys))
                }
                return nil
            }) ?? EditResult(events: [], ticket: nil)
    }

    /// `set` as the definition lets it be stored (unchanged without one).
    func formatted(_ set: AttributeSet) throws(InkstoneError) -> AttributeSet {
        guard let formattingDefinition else { return set }
        return try formattingDefinition.normalized(set)
    }
}
