/// What undo keeps of attribute runs: the spans of a range with the keys the
/// daemon derives left out (those are recomputed, never restored).
extension AttributeStore {
    /// Keys computed by the document itself (live patterns): undo records
    /// leave them out and restoring keeps their current values.
    static let derivedKeys: Set<String> = [LivePatterns.key]

    /// The spans of `utf8Range`, relative lengths, derived keys removed, equal
    /// neighbours merged; they cover the whole range.
    func undoSpans(in utf8Range: Range<Int>) -> [AttributeSpan] {
        var result: [AttributeSpan] = []
        for span in spans(in: utf8Range) {
            var attributes = span.attributes
            for key in Self.derivedKeys { attributes[key] = nil }
            result.appendMerging(AttributeSpan(length: span.range.count, attributes: attributes))
        }
        return result
    }

    /// Puts `spans` (relative lengths, from `utf8Start`) back as the exact
    /// attribute sets of their characters (passed through `normalize`, the
    /// formatting definition in force), keeping derived keys as they are.
    /// Returns the keys that changed (empty: nothing changed).
    mutating func restore(
        _ spans: [AttributeSpan], at utf8Start: Int, normalize: (AttributeSet) -> AttributeSet = { $0 }
    ) -> Set<String> {
        var keys: Set<String> = []
        var start = utf8Start
        for span in spans {
            let range = start..<min(start + span.length, utf8Count)
            start += span.length
            guard !range.isEmpty else { continue }
            update(range) { attributes in
                var restored = normalize(span.attributes)
                for key in Self.derivedKeys { restored[key] = attributes[key] }
                if restored != attributes {
                    for (key, value) in attributes where restored[key] != value { keys.insert(key) }
                    for key in restored.keys where attributes[key] == nil { keys.insert(key) }
                    attributes = restored
                }
            }
        }
        return keys
    }

    /// The range whose runs an edit of `utf8Range` changes: the range itself,
    /// widened to the whole runs of unsplittable keys the edit cuts (which it removes).
    func attributeExtent(ofEdit utf8Range: Range<Int>) -> Range<Int> {
        var lower = utf8Range.lowerBound
        var upper = utf8Range.upperBound
        for key in atomicKeysCut(by: utf8Range) {
            lower = min(lower, key.extent.lowerBound)
            upper = max(upper, key.extent.upperBound)
        }
        return lower..<upper
    }
}

extension [AttributeSpan] {
    /// Appends `span`, merging it into the last span when their attributes are equal.
    mutating func appendMerging(_ span: AttributeSpan) {
        guard span.length > 0 else { return }
        if let last, last.attributes == span.attributes {
            self[count - 1].length += span.length
        } else {
            append(span)
        }
    }

    /// The same spans with equal neighbours merged.
    func mergingNeighbours() -> [AttributeSpan] {
        var result: [AttributeSpan] = []
        for span in self { result.appendMerging(span) }
        return result
    }

    /// Bytes an undo record spends on these spans (an estimate counted against the undo byte limit).
    var undoCost: Int {
        reduce(0) { total, span in
            total + 16 + span.attributes.reduce(0) { $0 + $1.key.utf8.count + 24 }
        }
    }
}
