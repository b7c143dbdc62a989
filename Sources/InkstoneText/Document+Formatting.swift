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
                let normalize = { (attributes: inout AttributeSet) in
                    var normalized = definition.normalizedDroppingRefused(attributes)
                    for key in AttributeStore.derivedKeys { normalized[key] = attributes[key] }
                    attributes = normalized
                }
                if attributeStore.update(whole, normalize) {
                    emitAttributeChange(utf8Range: whole, keys: Array(keys))
                }
                return nil
            }) ?? EditResult(events: [], ticket: nil)
    }

    /// `set` as the definition lets it be stored (unchanged without one).
    /// `InvalidArgument` for a key the document derives itself (`pattern`).
    func formatted(_ set: AttributeSet) throws(InkstoneError) -> AttributeSet {
        try Self.checkNotDerived(set.keys)
        guard let formattingDefinition else { return set }
        return try formattingDefinition.normalized(set)
    }

    /// `InvalidArgument` when `keys` name an attribute the document derives
    /// itself (live patterns' `pattern`): clients never set or remove those.
    static func checkNotDerived(_ keys: some Sequence<String>) throws(InkstoneError) {
        for key in keys where AttributeStore.derivedKeys.contains(key) {
            throw .invalidArgument(
                "attribute \(key) is derived by the daemon (live patterns); clients cannot set or remove it")
        }
    }
}
