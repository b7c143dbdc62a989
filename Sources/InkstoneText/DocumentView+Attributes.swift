/// Attributes seen from a view: typing attributes, selection-aware
/// formatting, attributed replacement. Offsets are in the view's unit.
extension DocumentView {
    /// What the next typed or composed character gets: the attributes set by
    /// ``setTypingAttributes(_:)`` since the selection last moved, else what
    /// text typed over the selection inherits. Empty without a selection.
    public var typingAttributes: AttributeSet {
        if let typingAttributesOverride {
            return document.formattingDefinition?.normalizedDroppingRefused(typingAttributesOverride)
                ?? typingAttributesOverride
        }
        guard let range = selectionAnchors?.utf8Range else { return [:] }
        return document.attributeStore.inheritedAttributes(replacing: range)
    }

    /// Sets the attributes the next typed or composed text gets (until the
    /// selection moves), through the formatting definition.
    public func setTypingAttributes(_ attributes: AttributeSet) throws(InkstoneError) {
        typingAttributesOverride = try document.formatted(attributes)
    }

    /// Toggles `key` = `value` over the selection, or in the typing attributes
    /// when the selection is empty. The mixed-selection rule: when every
    /// character of the selection already has `key` = `value`, the key is
    /// removed from all of them; otherwise all get it (bold over a partly bold
    /// selection makes it all bold). Returns whether the key is now set.
    /// `InvalidState` without a selection.
    @discardableResult
    public func toggleAttribute(_ key: String, value: AttributeValue) throws(InkstoneError) -> (
        set: Bool, result: EditResult
    ) {
        guard let range = selectionAnchors?.utf8Range else {
            throw .invalidState("\(id) has no selection to format")
        }
        // Through the formatting definition: a key it does not name toggles nothing.
        guard let value = try document.formatted([key: value])[key] else {
            return (false, EditResult(events: [], ticket: nil))
        }
        var set = true
        let result = try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            if range.isEmpty {
                var attributes = typingAttributes
                set = attributes[key] != value
                attributes[key] = set ? value : nil
                typingAttributesOverride = attributes
                return nil
            }
            let uniform = document.attributeStore.runs(key, in: range)
            set = !(uniform.count == 1 && uniform[0].range == range && uniform[0].value == value)
            let oldSpans = document.attributeStore.undoSpans(in: range)
            document.attributeStore.set(key, value: set ? value : nil, utf8Range: range)
            registerAttributeStep(utf8Range: range, oldSpans: oldSpans)
            document.emitAttributeChange(utf8Range: range, keys: [key])
            return nil
        }
        return (set, result)
    }

    /// Each key carried by some character of the selection (by the typing
    /// attributes when it is empty): its value at the first character that
    /// has it, and whether every character has that same value (toolbar state).
    public func selectionAttributes() -> [String: (value: AttributeValue, uniform: Bool)] {
        guard let range = selectionAnchors?.utf8Range, !range.isEmpty else {
            return typingAttributes.mapValues { ($0, true) }
        }
        var result: [String: (value: AttributeValue, uniform: Bool)] = [:]
        var first = true
        for span in document.attributeStore.spans(in: range) {
            for (key, value) in span.attributes {
                if let seen = result[key] {
                    if seen.value != value { result[key]?.uniform = false }
                } else {
                    result[key] = (value, first)
                }
            }
            for key in result.keys where span.attributes[key] == nil { result[key]?.uniform = false }
            first = false
        }
        return result
    }

    /// Replaces `length` units at `start` with `text` whose attributes are
    /// exactly `runs` (offsets relative to `text`, in the view's unit, in
    /// order, not overlapping, on grapheme boundaries of `text`; stretches no
    /// run covers get no attributes). One edit and one undo step. Not queued:
    /// `Busy` while any view composes. Runs go through the formatting
    /// definition. All-or-nothing: a bad run changes nothing.
    @discardableResult
    public func replace(
        start: Int, length: Int, with text: String, runs: [AttributedRun], expectedRevision: UInt64 = 0,
        cause: EditCause = .programmatic, registersUndo: Bool = true
    ) throws(InkstoneError) -> EditResult {
        try InkstoneError.checkCarriable(text)
        let utf8Range = try storage.utf8Range(start: start, length: length, in: unit, requireGraphemeBoundary: true)
        var spans = try Self.utf8Spans(of: runs, in: text, unit: unit)
        for index in spans.indices { spans[index].1 = try document.formatted(spans[index].1) }
        try document.checkRevision(expectedRevision)
        if marked != nil || document.isComposing {
            throw .busy(
                "attributed text is not queued behind a composition; \(document.composingViewID.map(String.init(describing:)) ?? "a view") is composing"
            )
        }
        return try document.collectingEvents { () throws(InkstoneError) -> EditTicket? in
            // One undo step: the text edit and the runs written over it.
            let registers = registersUndo && isUndoRegistrationEnabled
            if registers { undoStack.beginGroup() }
            applyParts([(utf8Range, text)], cause: cause, registersUndo: registersUndo, cursorAfter: false)
            let inserted = utf8Range.lowerBound..<utf8Range.lowerBound + text.utf8.count
            let oldSpans = document.attributeStore.undoSpans(in: inserted)
            var runs: [AttributeSpan] = []
            var next = 0
            for (range, attributes) in spans {
                runs.appendMerging(AttributeSpan(length: range.lowerBound - next, attributes: [:]))
                runs.appendMerging(AttributeSpan(length: range.count, attributes: attributes))
                next = range.upperBound
            }
            runs.appendMerging(AttributeSpan(length: inserted.count - next, attributes: [:]))
            let changed = document.attributeStore.restore(runs, at: inserted.lowerBound)
            if registers {
                if !changed.isEmpty { registerAttributeStep(utf8Range: inserted, oldSpans: oldSpans) }
                try? undoStack.endGroup()
            }
            if !spans.isEmpty || !changed.isEmpty {
                document.emitAttributeChange(utf8Range: inserted, keys: spans.flatMap(\.1.keys) + changed)
            }
            return nil
        }
    }

    /// The runs' ranges as UTF-8 ranges of `text`; `InvalidRange` for a run
    /// outside `text`, inside a grapheme cluster, out of order or overlapping.
    static func utf8Spans(
        of runs: [AttributedRun], in text: String, unit: OffsetUnit
    ) throws(InkstoneError) -> [(Range<Int>, AttributeSet)] {
        guard !runs.isEmpty else { return [] }
        // Grapheme boundaries of `text`: offset in `unit` → UTF-8 offset.
        var boundaries: [Int: Int] = [0: 0]
        var unitOffset = 0
        var utf8Offset = 0
        for character in text {
            let width =
                switch unit {
                case .utf8: character.utf8.count
                case .utf16: character.utf16.count
                case .scalars: character.unicodeScalars.count
                case .graphemes: 1
                }
            unitOffset += width
            utf8Offset += character.utf8.count
            boundaries[unitOffset] = utf8Offset
        }
        var result: [(Range<Int>, AttributeSet)] = []
        var previousEnd = 0
        for run in runs {
            try run.range.checkUnit(unit, what: "attributed run")
            guard run.start >= 0, run.length >= 0, run.start <= unitOffset, run.length <= unitOffset - run.start else {
                throw .invalidRange(
                    "run \(run.start)+\(run.length) lies outside the text's \(unitOffset) \(unit.rawValue) units")
            }
            guard run.start >= previousEnd else {
                throw .invalidRange(
                    "run at \(run.start) overlaps the previous run or comes before it; runs are in order")
            }
            guard let lower = boundaries[run.start], let upper = boundaries[run.start + run.length] else {
                throw .invalidRange(
                    "run \(run.start)+\(run.length) splits a grapheme cluster of the text; runs lie on cluster boundaries"
                )
            }
            previousEnd = run.start + run.length
            if lower < upper { result.append((lower..<upper, run.attributes)) }
        }
        return result
    }
}
