/// Consistency checks of a document and its views. ``Document/_checkInvariants()``
/// runs after every public mutating call in debug builds (tests included) and
/// compiles to nothing in release builds.
extension Document {
    /// Stops the process with a description of every broken invariant (debug builds only).
    @inline(__always)
    public func _checkInvariants() {
        #if DEBUG
            let problems = invariantViolations()
            precondition(problems.isEmpty, "document invariants broken: \(problems.joined(separator: "; "))")
        #endif
    }

    /// Every broken invariant of the storage, anchors, attribute runs, views
    /// (selection, marked text, undo stacks) and queued edits; empty when sound.
    public func invariantViolations() -> [String] {
        var problems = storage.invariantViolations()
        let count = storage.utf8Count
        anchors.forEachLiveOffset { offset in
            if !storage.isScalarBoundary(utf8Offset: offset) {
                problems.append("an anchor is at \(offset), not a code-point boundary in 0...\(count)")
            }
        }
        problems += attributeStore.invariantViolations(utf8Count: count)
        problems += queueInvariantViolations()
        for view in liveViews {
            problems += view.invariantViolations().map { "\(view.id): \($0)" }
        }
        return problems
    }

    private func queueInvariantViolations() -> [String] {
        var problems: [String] = []
        let held = queuedEdits.reduce(0) { $0 + $1.utf8Bytes }
        if held != queuedUTF8Bytes { problems.append("the queue counts \(queuedUTF8Bytes) bytes but holds \(held)") }
        if !queuedEdits.isEmpty, !isComposing, !isFlushing {
            problems.append("\(queuedEdits.count) edits queued with no composition")
        }
        let tickets = queuedEdits.compactMap(\.ticket).map(\.id)
        if zip(tickets, tickets.dropFirst()).contains(where: { $0 >= $1 }) {
            problems.append("queued tickets out of order: \(tickets)")
        }
        if let composingView, composingView.marked == nil {
            problems.append("\(composingView.id) composes without marked text")
        }
        return problems
    }
}

extension DocumentView {
    /// What is wrong with this view: selection and marked text in the text on
    /// boundaries, marked text only on the composing view, a sound undo stack.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        if let range = selectionAnchors?.utf8Range {
            for end in [range.lowerBound, range.upperBound] where !storage.isScalarBoundary(utf8Offset: end) {
                problems.append("selection end \(end) is not a code-point boundary")
            }
            if marked == nil, problems.isEmpty,
                !storage.isGraphemeBoundary(utf8Offset: range.lowerBound)
                    || !storage.isGraphemeBoundary(utf8Offset: range.upperBound)
            {
                problems.append("selection \(range) splits a grapheme cluster")
            }
        }
        if let marked {
            if document.composingView !== self { problems.append("has marked text but is not the composing view") }
            let range = marked.utf8Range
            if !storage.isScalarBoundary(utf8Offset: range.lowerBound)
                || !storage.isScalarBoundary(utf8Offset: range.upperBound)
            {
                problems.append("marked range \(range) is outside the text or splits a code point")
            } else if !storage.text(utf8Range: range).utf8.elementsEqual(marked.text.utf8) {
                problems.append("marked text differs from the text in its range")
            }
        }
        return problems + undoStack.invariantViolations(utf8Count: storage.utf8Count)
    }
}
