import InkstoneEngines
import InkstoneSegmentation
import InkstoneText

/// The key path: a key goes to the context's engine, and what the engine
/// answers is applied to the document (surrounding deletion, commit, marked
/// text, edit actions, candidates). Every notification is published before
/// the call returns, so a transport can send them before the key's reply.
extension InputContext {
    /// Processes one key; returns whether Inkstone acted on it (false: the
    /// application should handle it, e.g. a Ctrl shortcut).
    public func processKey(_ key: KeyEvent) throws(InkstoneError) -> Bool {
        if let next = nextEngineInCycle(for: key) {
            try setEngine(next)
            return true
        }
        let needs = Self.contextNeeds(of: &engine)
        if needs.surroundingText { updateSurroundingText() }
        if needs.selectedText { engine.setSelectedText(selectedTextForEngine()) }
        defersProperties = true
        defer {
            defersProperties = false
            service.publishProperties(of: shared)
        }
        let output = engine.handle(key)
        do {
            try apply(output)
        } catch {
            // The document refused the engine's answer (e.g. Busy while another
            // context composes): drop the engine's state so it matches the document.
            engine.reset()
            throw error
        }
        return output.consumed
    }

    /// What the engine wants to know before a key. Asked through an inout access: a
    /// plain read of the context's engine copies the engine (all its state) out first.
    private static func contextNeeds(
        of engine: inout any CompositionEngine
    ) -> (surroundingText: Bool, selectedText: Bool) {
        (engine.needsSurroundingText, engine.needsSelectedText)
    }

    /// Switches engines; the old engine's composition is committed first.
    public func setEngine(_ id: String) throws(InkstoneError) {
        let next = try EngineRegistry.makeEngine(
            id: id, settings: service.engineSettings, learning: Self.learning(options: options, service: service))
        try apply(engine.commitAndReset())
        install(next)
        surroundingStamp = nil
        service.publishProperties(of: shared)
    }

    /// The engine the configured cycle key switches to, when `key` is that key and a cycle is set.
    func nextEngineInCycle(for key: KeyEvent) -> String? {
        // Only the trigger is read per key; the settings are not copied.
        guard let cycleKey = service.engineSettings.cycleKey, cycleKey.matches(key) else { return nil }
        let cycle = service.engineSettings.cycle
        guard !cycle.isEmpty else { return nil }
        let position = cycle.firstIndex(of: engineID) ?? -1
        return cycle[(position + 1) % cycle.count]
    }

    /// Picks the candidate at `indexOnPage` of the visible page: `InvalidState`
    /// when no list is open (as for page turns), `InvalidArgument` off the page.
    public func selectCandidate(_ indexOnPage: Int) throws(InkstoneError) {
        guard !candidates.items.isEmpty else { throw Self.noCandidateList }
        guard indexOnPage >= 0, indexOnPage < candidates.items.count else {
            throw .invalidArgument("candidate \(indexOnPage) is not on the page (0…\(candidates.items.count - 1))")
        }
        // The key that types the item's label (labels are printable ASCII: keysym = code).
        let label = candidates.items[indexOnPage].label.unicodeScalars.first?.value ?? 0x31
        _ = try processKey(KeyEvent(keysym: label))
    }

    /// Shows the next (`forward`) or previous page of the open candidate list.
    public func turnCandidatePage(forward: Bool) throws(InkstoneError) {
        guard !candidates.items.isEmpty else { throw Self.noCandidateList }
        _ = try processKey(KeyEvent(keysym: forward ? Keysym.pageDown : Keysym.pageUp))
    }

    /// The error of a candidate call with no list open.
    static var noCandidateList: InkstoneError { .invalidState("no candidate list is open") }

    /// Applies an engine's answer in the documented order: surrounding
    /// deletion, commit (replacing marked text or the selection), marked text,
    /// edit action, candidates.
    func apply(_ output: EngineOutput) throws(InkstoneError) {
        if let deletion = output.deleteSurrounding, deletion.before > 0 || deletion.after > 0 {
            try deleteSurrounding(deletion)
        }
        if let commit = output.commit, !commit.isEmpty {
            try checkSize(adding: commit)
            try ensureCaret()
            if !candidates.items.isEmpty, let marked = view.markedText, !marked.utf8.elementsEqual(commit.utf8) {
                // A conversion (Hanja for Hangul): the composed text becomes its
                // own undo step, then the conversion replaces it, so Undo returns to it.
                try mutate(committed: commit) { () throws(InkstoneError) in try view.convertMarkedText(to: commit) }
            } else {
                try mutate(committed: commit) { () throws(InkstoneError) in try view.insertText(commit) }
            }
        }
        if let preedit = output.preedit, !preedit.text.isEmpty {
            try showPreedit(preedit)
        } else if view.markedText != nil {
            try mutate { view.discardMarkedText() }
        }
        if let action = output.action { try perform(action) }
        let snapshot = CandidatesSnapshot(output.candidates)
        if snapshot != candidates {
            candidates = snapshot
            if wants(.candidates) { service.deliver(.candidatesChanged(snapshot), to: self) }
        }
    }

    private func showPreedit(_ preedit: Preedit) throws(InkstoneError) {
        // Most keys that change nothing (releases) hand back the preedit already shown. (Read
        // in place: binding the shown state would copy it.)
        if shownPreedit?.preedit == preedit, shownPreedit?.isShown(in: view) == true { return }
        let text = preedit.text
        let cursor = Self.count(of: text, upToUTF16: preedit.cursorUTF16Offset, in: unit)
        var segments: [MarkedSegment] = []
        var start = 0
        for segment in preedit.segments {
            let length = UnitCounts.count(of: segment.text, in: unit)
            let style: MarkedStyle =
                segment.style.contains(.highlight)
                ? .highlight : (segment.style.contains(.underline) ? .underline : .plain)
            if length > 0 {
                segments.append(MarkedSegment(range: UnitRange(start: start, length: length, unit: unit), style: style))
            }
            start += length
        }
        try checkSize(adding: text)
        // A context with neither selection nor marked text composes at the end.
        let atEnd = view.markedText == nil && view.selection == nil ? view.length : nil
        try mutate { () throws(InkstoneError) in
            try view.setMarkedText(
                text, selectedStart: cursor, selectedLength: 0, replacementStart: atEnd,
                replacementLength: atEnd.map { _ in 0 }, segments: segments)
        }
        shownPreedit = ShownPreedit(preedit: preedit, view: view)
    }

    /// The length in `unit` of `text`'s first `utf16Offset` UTF-16 code units (a caret at
    /// the end, the usual one, needs no copy of the prefix).
    private static func count(of text: String, upToUTF16 utf16Offset: Int, in unit: OffsetUnit) -> Int {
        if utf16Offset >= text.utf16.count { return UnitCounts.count(of: text, in: unit) }
        return UnitCounts.count(of: String(decoding: Array(text.utf16.prefix(utf16Offset)), as: UTF16.self), in: unit)
    }

    private func deleteSurrounding(_ deletion: SurroundingDeletion) throws(InkstoneError) {
        let storage = shared.document.storage
        guard let caret = view.selectedRange?.start else { return }
        let caret16 = try storage.convert(caret, from: unit, to: .utf16)
        let lower16 = storage.snap(caret16 - deletion.before, in: .utf16, direction: .down, toGraphemeBoundary: true)
        let upper16 = storage.snap(caret16 + deletion.after, in: .utf16, direction: .up, toGraphemeBoundary: true)
        let lower = try storage.convert(lower16, from: .utf16, to: unit)
        let upper = try storage.convert(upper16, from: .utf16, to: unit)
        try mutate { () throws(InkstoneError) in
            try view.replace(start: lower, length: upper - lower, with: "", cause: .composition)
        }
    }

    private func perform(_ action: EditAction) throws(InkstoneError) {
        switch action {
        case .deleteBackward:
            try ensureCaret()
            try mutate { () throws(InkstoneError) in try view.deleteBackward() }
        case .deleteForward:
            guard let selection = view.selectedRange else { return }
            var range = selection
            if range.length == 0 {
                guard let next = try view.graphemeBoundary(after: range.start) else { return }
                range = TextRange(start: range.start, length: next - range.start, unit: unit)
            }
            try mutate { () throws(InkstoneError) in
                try view.replace(start: range.start, length: range.length, with: "", cause: .typing)
            }
        case .move(let movement, let extend):
            try move(movement, extendSelection: extend)
        }
    }

    private func move(_ movement: CaretMovement, extendSelection: Bool) throws(InkstoneError) {
        guard let selection = view.selection else { return }
        let range = selection.range(in: unit)
        let head = selection.head
        let target: Int?
        switch movement {
        case .left:
            target = !extendSelection && range.length > 0 ? range.start : try view.graphemeBoundary(before: head)
        case .right:
            target = !extendSelection && range.length > 0 ? range.end : try view.graphemeBoundary(after: head)
        case .wordLeft:
            target = try positionToBoundary(position: head, granularity: .word, direction: .backward)
        case .wordRight:
            target = try positionToBoundary(position: head, granularity: .word, direction: .forward)
        case .lineStart:
            target = try rangeEnclosing(position: head, granularity: .paragraph, direction: .backward)?.start ?? 0
        case .lineEnd:
            let paragraph = try rangeEnclosing(position: head, granularity: .paragraph, direction: .forward)
            target = paragraph.map { try? lineEnd(of: $0) } ?? view.length
        case .documentStart:
            target = 0
        case .documentEnd:
            target = view.length
        }
        guard let target else { return }
        let anchor = extendSelection ? selection.anchor : target
        try mutate { () throws(InkstoneError) in try view.setSelection(anchor: anchor, head: target) }
    }

    /// The end of a paragraph's text, before its line terminator.
    private func lineEnd(of paragraph: TextRange) throws(InkstoneError) -> Int {
        var end = paragraph.end
        while end > paragraph.start, let previous = try view.graphemeBoundary(before: end),
            let last = try view.text(start: previous, length: end - previous).unicodeScalars.first,
            ["\n", "\r", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"].contains(last)
        {
            end = previous
        }
        return end
    }

    /// Hands the engine the text before the caret, unless neither the text nor the caret
    /// moved since it last got it (a key's release, a key the engine ignored).
    private func updateSurroundingText() {
        let caret = view.selectedRange?.start ?? view.markedStart
        let stamp = SurroundingStamp(revision: shared.document.revision, caret: caret)
        guard stamp != surroundingStamp else { return }
        surroundingStamp = stamp
        engine.setSurroundingText(textBeforeCaret(caret))
    }

    /// Up to 32 graphemes before `caret` (for engines that look back).
    private func textBeforeCaret(_ caret: Int?) -> String {
        let storage = shared.document.storage
        guard let caret, let utf8Caret = try? storage.utf8Offset(of: caret, in: unit) else { return "" }
        let lower = min(utf8Caret, storage.snap(utf8Caret - 128, in: .utf8, direction: .up, toGraphemeBoundary: true))
        return storage.text(utf8Range: lower..<utf8Caret)
    }
}
