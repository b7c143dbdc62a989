/// Live patterns of a document (see ``LivePatterns``): once enabled, every
/// text change recomputes the `pattern` runs of the paragraphs it touched, and
/// only runs that changed are written and announced (no flicker). Pattern runs
/// are derived: no undo step of their own, recomputed after undo and redo,
/// never set by clients.
extension Document {
    /// Whether live patterns are on (they stay on once enabled).
    public var livePatternsEnabled: Bool { livePatterns != nil }

    /// The names of the patterns registered on this document.
    public var registeredPatternNames: [String] { livePatterns?.registeredNames ?? [] }

    /// Turns live patterns on and detects them over the whole text (announced
    /// as attribute changes where runs appear). Does nothing when already on.
    @discardableResult
    public func enableLivePatterns() -> EditResult {
        guard livePatterns == nil else { return EditResult(events: [], ticket: nil) }
        livePatterns = LivePatterns()
        return refreshAllPatterns()
    }

    /// Registers (or replaces) an ICU regular expression whose matches carry
    /// `pattern` = `name`, and recomputes the whole text. `InvalidState` while
    /// live patterns are off; see ``LivePatterns`` for the other errors.
    @discardableResult
    public func registerPattern(name: String, pattern: String) throws(InkstoneError) -> EditResult {
        guard var patterns = livePatterns else {
            throw .invalidState("live patterns are off for this document; create a context with live_patterns")
        }
        try patterns.register(name: name, pattern: pattern)
        livePatterns = patterns
        return refreshAllPatterns()
    }

    /// Unregisters `name` and recomputes the whole text; `UnknownObject` when
    /// no pattern has that name, `InvalidState` while live patterns are off.
    @discardableResult
    public func unregisterPattern(name: String) throws(InkstoneError) -> EditResult {
        guard var patterns = livePatterns else {
            throw .invalidState("live patterns are off for this document; create a context with live_patterns")
        }
        try patterns.unregister(name: name)
        livePatterns = patterns
        return refreshAllPatterns()
    }

    private func refreshAllPatterns() -> EditResult {
        // Cannot fail: the body throws nothing.
        (try? collectingEvents { () throws(InkstoneError) -> EditTicket? in
            refreshPatterns(in: 0..<storage.utf8Count)
            return nil
        }) ?? EditResult(events: [], ticket: nil)
    }

    /// After a text change that left `utf8Range` holding new text: recomputes
    /// the paragraphs around it (within ``LivePatterns/scanWindowUTF8`` each way).
    func refreshPatterns(afterEditOf utf8Range: Range<Int>) {
        guard livePatterns != nil else { return }
        refreshPatterns(in: paragraphWindow(around: utf8Range))
    }

    /// The paragraphs holding `utf8Range` (separators around excluded), or the
    /// scan window when a paragraph is longer. Reads outwards in growing
    /// chunks, so a short paragraph costs little whatever the window.
    private func paragraphWindow(around utf8Range: Range<Int>) -> Range<Int> {
        let limit = LivePatterns.scanWindowUTF8
        // Backwards from the start.
        var lower = utf8Range.lowerBound
        var chunk = 128
        let lowest = max(0, utf8Range.lowerBound - limit)
        while lower > lowest {
            let start = min(lower, storage.snapToGrapheme(utf8Offset: max(lowest, lower - chunk), direction: .up))
            guard start < lower else { break }
            let bytes = Array(storage.text(utf8Range: start..<lower).utf8)
            if let separator = Self.lastSeparatorEnd(in: bytes) {
                lower = start + separator
                break
            }
            lower = start
            chunk *= 2
        }
        // Forwards from the end.
        var upper = utf8Range.upperBound
        chunk = 128
        let highest = min(storage.utf8Count, utf8Range.upperBound + limit)
        while upper < highest {
            let end = max(upper, storage.snapToGrapheme(utf8Offset: min(highest, upper + chunk), direction: .down))
            guard end > upper else { break }
            let bytes = Array(storage.text(utf8Range: upper..<end).utf8)
            if let separator = Self.firstSeparatorStart(in: bytes) {
                upper += separator
                break
            }
            upper = end
            chunk *= 2
        }
        return lower..<max(lower, upper)
    }

    /// Where the text after the last paragraph separator in `bytes` starts.
    private static func lastSeparatorEnd(in bytes: [UInt8]) -> Int? {
        var index = bytes.count - 1
        while index >= 0 {
            switch bytes[index] {
            case 0x0A, 0x0D: return index + 1
            case 0x85 where index >= 1 && bytes[index - 1] == 0xC2: return index + 1
            case 0xA9 where index >= 2 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80: return index + 1
            default: index -= 1
            }
        }
        return nil
    }

    /// Where the first paragraph separator in `bytes` starts.
    private static func firstSeparatorStart(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0D: return index
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return index
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                return index
            default: index += 1
            }
        }
        return nil
    }

    /// Brings the `pattern` runs of `window` (paragraph-aligned) in line with
    /// the detectors, writing and announcing only the stretches that differ.
    private func refreshPatterns(in window: Range<Int>) {
        guard let livePatterns else { return }
        let key = LivePatterns.key
        let desired = livePatterns.matches(in: storage.text(utf8Range: window)).map {
            (
                range: $0.range.lowerBound + window.lowerBound..<$0.range.upperBound + window.lowerBound,
                value: AttributeValue.string($0.name)
            )
        }
        let current = attributeStore.runs(key, in: window)
        if desired.count == current.count,
            zip(desired, current).allSatisfy({ $0.range == $1.range && $0.value == $1.value })
        {
            return
        }
        var points = Set([window.lowerBound, window.upperBound])
        for run in desired { points.formUnion([run.range.lowerBound, run.range.upperBound]) }
        for run in current { points.formUnion([run.range.lowerBound, run.range.upperBound]) }
        let sorted = points.sorted()
        var changed: [Range<Int>] = []
        for (lower, upper) in zip(sorted, sorted.dropFirst()) where lower < upper {
            let want = desired.first { $0.range.contains(lower) }?.value
            let have = current.first { $0.range.contains(lower) }?.value
            guard want != have else { continue }
            attributeStore.set(key, value: want, utf8Range: lower..<upper)
            if let last = changed.last, last.upperBound == lower {
                changed[changed.count - 1] = last.lowerBound..<upper
            } else {
                changed.append(lower..<upper)
            }
        }
        for range in changed { emitAttributeChange(utf8Range: range, keys: [key]) }
    }
}
