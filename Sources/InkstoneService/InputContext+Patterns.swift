import InkstoneText

/// Live patterns through a context: they apply to the context's document
/// (see ``Document/enableLivePatterns()``); matches carry the derived
/// `pattern` attribute, announced like any attribute change.
extension InputContext {
    /// Turns live patterns on for the document (the `live_patterns` option).
    func enableLivePatterns() {
        service.publish(shared.document.enableLivePatterns(), in: shared, origin: self, publishingProperties: false)
    }

    /// Registers (or replaces) an ICU regular expression whose matches carry
    /// `pattern` = `name` in the document. `InvalidArgument` for a bad name or
    /// regex, `LimitExceeded` past the document's pattern limit,
    /// `InvalidState` while live patterns are off.
    public func registerPattern(name: String, pattern: String) throws(InkstoneError) {
        try mutate { () throws(InkstoneError) in try shared.document.registerPattern(name: name, pattern: pattern) }
    }

    /// Unregisters a pattern (`UnknownObject` when none has that name).
    public func unregisterPattern(name: String) throws(InkstoneError) {
        try mutate { () throws(InkstoneError) in try shared.document.unregisterPattern(name: name) }
    }
}
