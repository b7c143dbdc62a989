import _RopeModule

/// One key's run over a range, in the unit it was asked in.
public struct AttributeRun: Equatable, Sendable {
    /// Where the run lies, with its unit.
    public let range: UnitRange
    /// The attribute's value over the run.
    public let value: AttributeValue

    /// Start of the run, in ``range``'s unit.
    public var start: Int { range.start }
    /// Length of the run, in ``range``'s unit.
    public var length: Int { range.length }

    /// A run of `value` over `range`.
    public init(range: UnitRange, value: AttributeValue) {
        self.range = range
        self.value = value
    }

    /// A run of `value` over `start`, `length` in `unit`.
    public init(start: Int, length: Int, unit: OffsetUnit, value: AttributeValue) {
        self.init(range: UnitRange(start: start, length: length, unit: unit), value: value)
    }
}

/// A stretch of text whose characters all carry the same attributes, in the
/// unit it was asked in (empty attributes: plain text).
public struct AttributedRun: Equatable, Sendable {
    /// Where the run lies, with its unit.
    public let range: UnitRange
    /// Every attribute of the run's characters.
    public let attributes: AttributeSet

    /// Start of the run, in ``range``'s unit.
    public var start: Int { range.start }
    /// Length of the run, in ``range``'s unit.
    public var length: Int { range.length }

    /// A run of `attributes` over `range`.
    public init(range: UnitRange, attributes: AttributeSet) {
        self.range = range
        self.attributes = attributes
    }

    /// A run of `attributes` over `start`, `length` in `unit`.
    public init(start: Int, length: Int, unit: OffsetUnit, attributes: AttributeSet) {
        self.init(range: UnitRange(start: start, length: length, unit: unit), attributes: attributes)
    }
}

/// Attribute runs over UTF-8 ranges (storage only: no layout meaning).
///
/// A B-tree rope of spans (``AttributeSpan``) that covers the whole text: each
/// span is a stretch of bytes with one attribute set, neighbours differ, and
/// the spans' lengths add up to the text's length. Finding the span at an
/// offset is O(log n); setting attributes over a range or moving them for an
/// edit costs O(log n + spans touched), whatever the number of spans elsewhere.
/// A value type: a copy (for a snapshot) shares nodes until either side changes.
struct AttributeStore {
    /// The spans, covering the text.
    private(set) var rope = Rope<AttributeSpan>()
    /// Policies of keys that differ from ``AttributePolicy/standard``.
    private(set) var policies: [String: AttributePolicy] = StandardAttribute.defaultPolicies
    /// The keys whose policy is not splittable (checked on every edit).
    private var atomicKeys: [String] = []

    private static let metric = AttributeUTF8Metric()

    /// Creates a store over `utf8Count` bytes of text without attributes.
    init(utf8Count: Int = 0) {
        if utf8Count > 0 { rope.append(AttributeSpan(length: utf8Count, attributes: [:])) }
    }

    /// Bytes covered (the text's length).
    var utf8Count: Int { rope.summary.length }

    /// Spans held (1 for a non-empty text without attributes).
    var spanCount: Int { rope.summary.spans }

    /// The policy of `key`.
    func policy(for key: String) -> AttributePolicy { policies[key] ?? .standard }

    /// Sets the policy of `key`.
    mutating func setPolicy(_ policy: AttributePolicy, for key: String) {
        policies[key] = policy == .standard ? nil : policy
        atomicKeys = policies.filter { !$0.value.splittable }.map(\.key).sorted()
    }

    // MARK: Reading

    /// Every attribute of the character that holds the byte at `utf8Offset` (empty past the end).
    func attributes(at utf8Offset: Int) -> AttributeSet {
        guard utf8Offset >= 0, utf8Offset < utf8Count else { return [:] }
        let (index, _) = rope.find(at: utf8Offset, in: Self.metric, preferEnd: false)
        return rope[index].attributes
    }

    /// The spans within a UTF-8 range, clipped to it, in order.
    func spans(in utf8Range: Range<Int>) -> [(range: Range<Int>, attributes: AttributeSet)] {
        var result: [(range: Range<Int>, attributes: AttributeSet)] = []
        forEachSpan(in: utf8Range) { range, attributes in result.append((range, attributes)) }
        return result
    }

    /// The runs of `key` within a UTF-8 range, clipped to it (touching spans of
    /// equal value form one run).
    func runs(_ key: String, in utf8Range: Range<Int>) -> [(range: Range<Int>, value: AttributeValue)] {
        var result: [(range: Range<Int>, value: AttributeValue)] = []
        forEachSpan(in: utf8Range) { range, attributes in
            guard let value = attributes[key] else { return }
            if let last = result.last, last.range.upperBound == range.lowerBound, last.value == value {
                result[result.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                result.append((range, value))
            }
        }
        return result
    }

    /// Every key that has a run somewhere (visits every span).
    var keys: Set<String> {
        var keys: Set<String> = []
        for span in rope { keys.formUnion(span.attributes.keys) }
        return keys
    }

    /// Calls `body` with each span overlapping `utf8Range`, clipped to it.
    private func forEachSpan(in utf8Range: Range<Int>, _ body: (Range<Int>, AttributeSet) -> Void) {
        guard !utf8Range.isEmpty, utf8Range.lowerBound < utf8Count else { return }
        var (index, remaining) = rope.find(at: utf8Range.lowerBound, in: Self.metric, preferEnd: false)
        var start = utf8Range.lowerBound - remaining
        while index != rope.endIndex, start < utf8Range.upperBound {
            let span = rope[index]
            let end = start + span.length
            body(max(start, utf8Range.lowerBound)..<min(end, utf8Range.upperBound), span.attributes)
            start = end
            rope.formIndex(after: &index)
        }
    }

    // MARK: Writing

    /// Sets `value` (or removes the key when nil) over a UTF-8 range.
    mutating func set(_ key: String, value: AttributeValue?, utf8Range: Range<Int>) {
        update(utf8Range) { $0[key] = value }
    }

    /// Changes the attribute set of every character in a UTF-8 range;
    /// returns whether any character's set changed.
    @discardableResult
    mutating func update(_ utf8Range: Range<Int>, _ transform: (inout AttributeSet) -> Void) -> Bool {
        guard !utf8Range.isEmpty else { return false }
        let window = window(around: utf8Range)
        var result: [AttributeSpan] = []
        var start = window.start
        for span in window.spans {
            let end = start + span.length
            let innerLower = max(start, utf8Range.lowerBound)
            let innerUpper = min(end, utf8Range.upperBound)
            if start < utf8Range.lowerBound {
                result.append(
                    AttributeSpan(length: min(end, utf8Range.lowerBound) - start, attributes: span.attributes))
            }
            if innerLower < innerUpper {
                var attributes = span.attributes
                transform(&attributes)
                result.append(AttributeSpan(length: innerUpper - innerLower, attributes: attributes))
            }
            if max(start, utf8Range.upperBound) < end {
                result.append(
                    AttributeSpan(length: end - max(start, utf8Range.upperBound), attributes: span.attributes))
            }
            start = end
        }
        return replaceWindow(start: window.start, length: start - window.start, with: result, old: window.spans)
    }

    /// Moves the runs for the replacement of `utf8Range` by `newUTF8Length`
    /// bytes. The new bytes get `attributes` when given, else what
    /// ``inheritedAttributes(replacing:)`` says; keys that may not be split
    /// lose the runs the edit cuts into.
    mutating func adjust(replacing utf8Range: Range<Int>, newUTF8Length: Int, attributes: AttributeSet? = nil) {
        if attributes?.isEmpty ?? true, resizePlainText(replacing: utf8Range, newUTF8Length: newUTF8Length) { return }
        removeAtomicRuns(cutBy: utf8Range)
        let inserted = newUTF8Length > 0 ? (attributes ?? inheritedAttributes(replacing: utf8Range)) : [:]
        if resizeInPlace(replacing: utf8Range, newUTF8Length: newUTF8Length, inserted: inserted) { return }
        let window = window(around: utf8Range)
        var result: [AttributeSpan] = []
        var start = window.start
        for span in window.spans {
            if start < utf8Range.lowerBound {
                result.append(
                    AttributeSpan(
                        length: min(start + span.length, utf8Range.lowerBound) - start, attributes: span.attributes))
            }
            start += span.length
        }
        if newUTF8Length > 0 { result.append(AttributeSpan(length: newUTF8Length, attributes: inserted)) }
        start = window.start
        for span in window.spans {
            let end = start + span.length
            if end > utf8Range.upperBound {
                result.append(
                    AttributeSpan(length: end - max(start, utf8Range.upperBound), attributes: span.attributes))
            }
            start = end
        }
        replaceWindow(start: window.start, length: start - window.start, with: result)
    }

    /// A text without any attribute (one plain span or none): only the
    /// length changes. Returns false, changing nothing, when the text has attributes.
    private mutating func resizePlainText(replacing utf8Range: Range<Int>, newUTF8Length: Int) -> Bool {
        guard rope.summary.spans <= 1 else { return false }
        var index = rope.startIndex
        if index != rope.endIndex, !rope[index].attributes.isEmpty { return false }
        let newCount = utf8Count - utf8Range.count + newUTF8Length
        if newCount == 0 {
            rope = Rope()
        } else if index == rope.endIndex {
            rope.append(AttributeSpan(length: newCount, attributes: [:]))
        } else {
            rope.update(at: &index) { $0.length = newCount }
        }
        return true
    }

    /// The common case of typing: the edit lies within one span and the new
    /// text takes that span's attributes, so only the span's length changes
    /// (in place, O(log n)). Returns false, changing nothing, otherwise.
    private mutating func resizeInPlace(replacing utf8Range: Range<Int>, newUTF8Length: Int, inserted: AttributeSet)
        -> Bool
    {
        guard !rope.isEmpty else { return false }
        var (index, remaining) = rope.find(at: utf8Range.lowerBound, in: Self.metric, preferEnd: true)
        guard index != rope.endIndex else { return false }
        let span = rope[index]
        let spanEnd = utf8Range.lowerBound - remaining + span.length
        let newLength = span.length - utf8Range.count + newUTF8Length
        guard utf8Range.upperBound <= spanEnd, newLength > 0, newUTF8Length == 0 || inserted == span.attributes else {
            return false
        }
        rope.update(at: &index) { $0.length = newLength }
        return true
    }

    /// What text replacing `utf8Range` takes: the attributes of the character
    /// before it (at the start of the text: of the first replaced or following
    /// character), less the keys not inherited by added text unless the
    /// character after the range carries the same value (the edit is inside the run).
    func inheritedAttributes(replacing utf8Range: Range<Int>) -> AttributeSet {
        let source = utf8Range.lowerBound > 0 ? utf8Range.lowerBound - 1 : 0
        var result = attributes(at: source)
        guard !result.isEmpty else { return result }
        let following = attributes(at: utf8Range.upperBound)
        for (key, value) in result where !policy(for: key).inheritedByAddedText {
            if utf8Range.lowerBound == 0 || following[key] != value { result[key] = nil }
        }
        return result
    }

    /// Removes, over their whole extent, the runs of unsplittable keys that an
    /// edit of `utf8Range` would cut: runs overlapping a non-empty range, or
    /// holding an insertion point strictly inside them.
    private mutating func removeAtomicRuns(cutBy utf8Range: Range<Int>) {
        for cut in atomicKeysCut(by: utf8Range) { set(cut.key, value: nil, utf8Range: cut.extent) }
    }

    /// The runs of unsplittable keys an edit of `utf8Range` cuts, with their whole extent.
    func atomicKeysCut(by utf8Range: Range<Int>) -> [(key: String, extent: Range<Int>)] {
        guard !atomicKeys.isEmpty else { return [] }
        var probes: [Int] = []
        if utf8Range.lowerBound < utf8Count { probes.append(utf8Range.lowerBound) }
        if !utf8Range.isEmpty { probes.append(utf8Range.upperBound - 1) }
        var result: [(key: String, extent: Range<Int>)] = []
        for key in atomicKeys {
            for probe in probes {
                guard let value = attributes(at: probe)[key] else { continue }
                let extent = runExtent(of: key, value: value, containing: probe)
                if !utf8Range.isEmpty || extent.lowerBound < utf8Range.lowerBound {
                    result.append((key, extent))
                }
            }
        }
        return result
    }

    /// The whole run of `key` (with `value`) that holds the byte at `utf8Offset`.
    private func runExtent(of key: String, value: AttributeValue, containing utf8Offset: Int) -> Range<Int> {
        let (found, remaining) = rope.find(at: utf8Offset, in: Self.metric, preferEnd: false)
        var lower = utf8Offset - remaining
        var upper = lower + rope[found].length
        var index = found
        while index != rope.startIndex {
            let previous = rope.index(before: index)
            guard rope[previous].attributes[key] == value else { break }
            lower -= rope[previous].length
            index = previous
        }
        index = rope.index(after: found)
        while index != rope.endIndex, rope[index].attributes[key] == value {
            upper += rope[index].length
            rope.formIndex(after: &index)
        }
        return lower..<upper
    }

    /// The spans overlapping or touching `utf8Range` (the one ending at its
    /// start and the one starting at its end included, so that equal
    /// neighbours can merge), and the offset where the first starts.
    private func window(around utf8Range: Range<Int>) -> (start: Int, spans: [AttributeSpan]) {
        guard !rope.isEmpty else { return (0, []) }
        var (index, remaining) = rope.find(at: utf8Range.lowerBound, in: Self.metric, preferEnd: true)
        let start = utf8Range.lowerBound - remaining
        var spans: [AttributeSpan] = []
        var next = start
        while index != rope.endIndex, next <= utf8Range.upperBound {
            let span = rope[index]
            spans.append(span)
            next += span.length
            rope.formIndex(after: &index)
        }
        return (start, spans)
    }

    /// Replaces the spans over `start..<start + length` (span boundaries) with
    /// `spans`, dropping empty ones and merging equal neighbours. With the
    /// `old` spans of the window given, leaves the rope alone when they are
    /// the same and returns whether anything changed.
    @discardableResult
    private mutating func replaceWindow(
        start: Int, length: Int, with spans: [AttributeSpan], old: [AttributeSpan]? = nil
    ) -> Bool {
        var merged: [AttributeSpan] = []
        for span in spans where span.length > 0 {
            if let last = merged.last, last.attributes == span.attributes {
                merged[merged.count - 1].length += span.length
            } else {
                merged.append(span)
            }
        }
        if let old, old == merged { return false }
        if rope.isEmpty {
            rope = Rope(merged)
        } else {
            rope.replaceSubrange(start..<start + length, in: Self.metric, with: merged)
        }
        return true
    }
}
