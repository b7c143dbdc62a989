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
    /// the stretch around it that can hold changed matches (see
    /// ``patternWindow(around:builtinOnly:)``).
    func refreshPatterns(afterEditOf utf8Range: Range<Int>) {
        guard let livePatterns else { return }
        refreshPatterns(in: patternWindow(around: utf8Range, builtinOnly: livePatterns.registered.isEmpty))
    }

    /// Brings the `pattern` runs of `window` (see ``patternWindow(around:builtinOnly:)``,
    /// or the whole text) in line with the detectors, writing and announcing
    /// only the stretches that differ.
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
        var points = [window.lowerBound, window.upperBound]
        for run in desired { points += [run.range.lowerBound, run.range.upperBound] }
        for run in current { points += [run.range.lowerBound, run.range.upperBound] }
        points.sort()
        // Both lists are sorted and free of overlaps: walk them along the stretches.
        var wanted = desired.startIndex
        var had = current.startIndex
        var changed: [Range<Int>] = []
        for (lower, upper) in zip(points, points.dropFirst()) where lower < upper {
            while wanted < desired.endIndex, desired[wanted].range.upperBound <= lower { wanted += 1 }
            while had < current.endIndex, current[had].range.upperBound <= lower { had += 1 }
            let want = wanted < desired.endIndex && desired[wanted].range.contains(lower) ? desired[wanted].value : nil
            let have = had < current.endIndex && current[had].range.contains(lower) ? current[had].value : nil
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
