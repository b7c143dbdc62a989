import InkstoneText

/// Attributed text through a context: runs, typing attributes and
/// selection-aware formatting. Offsets are in the context's unit; keys and
/// values are checked (``AttributeValidation``) before anything changes.
extension InputContext {
    /// Sets the keys of `set` and removes those of `remove` over a range
    /// (grapheme-aligned). Not a text edit: the revision stays.
    public func setAttributes(_ set: AttributeSet, removing remove: [String], start: Int, length: Int)
        throws(InkstoneError)
    {
        let checked = try AttributeValidation.checked(set)
        try AttributeValidation.checkKeys(remove)
        try mutate { () throws(InkstoneError) in
            try view.setAttributes(checked, removing: remove, start: start, length: length)
        }
    }

    /// The text of a range cut into runs of equal attribute sets, offsets
    /// relative to the text; the runs cover it (plain stretches are runs
    /// without attributes, as ``Document/attributedRuns(start:length:in:)``).
    public func attributedText(start: Int, length: Int) throws(InkstoneError) -> (text: String, runs: [AttributedRun]) {
        let text = try view.text(start: start, length: length)
        let runs = try shared.document.attributedRuns(start: start, length: length, in: unit)
            .map { AttributedRun(start: $0.start - start, length: $0.length, unit: unit, attributes: $0.attributes) }
        return (text, runs)
    }

    /// Every attribute of the character at `position` (empty at the end).
    public func attributes(at position: Int) throws(InkstoneError) -> AttributeSet {
        try shared.document.attributes(at: position, in: unit)
    }

    /// Replaces a range with attributed text (runs relative to `text`): one
    /// edit and one undo step, conditional on `expectedRevision` unless 0.
    /// `Busy` while a context of the document composes (attributed text is not queued).
    public func replaceRangeWithAttributed(
        start: Int, length: Int, with text: String, runs: [AttributedRun], expectedRevision: UInt64
    ) throws(InkstoneError) -> EditReceipt {
        guard runs.count <= AttributeValidation.maxRunsPerCall else {
            throw .limitExceeded("\(runs.count) runs in one call; the limit is \(AttributeValidation.maxRunsPerCall)")
        }
        var checkedRuns: [AttributedRun] = []
        for run in runs {
            checkedRuns.append(
                AttributedRun(range: run.range, attributes: try AttributeValidation.checked(run.attributes)))
        }
        let removed = try view.document.storage.utf8Range(start: start, length: length, in: unit)
        try checkSize(adding: text, removing: removed.count)
        return try mutate { () throws(InkstoneError) in
            try view.replace(
                start: start, length: length, with: text, runs: checkedRuns, expectedRevision: expectedRevision)
        }
    }

    /// What the next typed or composed character gets.
    public var typingAttributes: AttributeSet { view.typingAttributes }

    /// Sets the typing attributes (until the selection moves).
    public func setTypingAttributes(_ attributes: AttributeSet) throws(InkstoneError) {
        try view.setTypingAttributes(try AttributeValidation.checked(attributes))
    }

    /// Toggles `key` = `value` over the selection (see ``DocumentView/toggleAttribute(_:value:)``).
    @discardableResult
    public func toggleAttribute(_ key: String, value: AttributeValue) throws(InkstoneError) -> Bool {
        let checked = try AttributeValidation.checked(key, value)
        var set = false
        try mutate { () throws(InkstoneError) in
            let outcome = try view.toggleAttribute(key, value: checked)
            set = outcome.set
            return outcome.result
        }
        return set
    }

    /// Each key of the selection with its value and whether it is uniform.
    public func selectionAttributes() -> [String: (value: AttributeValue, uniform: Bool)] {
        view.selectionAttributes()
    }
}

extension InputContext {
    /// Sets the formatting definition of the context's document (nil removes
    /// it): it applies to every context of the document from now on, and
    /// attributes already stored are brought into it.
    public func setFormattingDefinition(_ definition: FormattingDefinition?) throws(InkstoneError) {
        try mutate { () throws(InkstoneError) in view.setFormattingDefinition(definition) }
    }
}
