/// A view's undo and redo stacks.
///
/// Groups: explicit begin/end (nested ones fold into the outermost); typing is
/// coalesced into one group until a cursor move, a non-adjacent edit, another
/// cause, or a pause longer than ``UndoConfiguration/typingPause``. At most
/// ``UndoConfiguration/levelLimit`` groups are kept (oldest dropped).
struct UndoStack {
    let configuration: UndoConfiguration
    private(set) var undoGroups: [UndoGroup] = []
    private(set) var redoGroups: [UndoGroup] = []
    /// Depth of explicit groups.
    private(set) var explicitDepth = 0
    /// The explicit group being filled.
    private var explicitGroup: UndoGroup?

    init(configuration: UndoConfiguration) {
        self.configuration = configuration
    }

    /// An edit about to be applied: where it goes and how it merges.
    struct Plan {
        let group: UndoGroup
        let isNewGroup: Bool
        let merge: UndoMerge?
    }

    /// Decides, before an edit is applied, which group takes it and how it merges.
    func plan(utf8Range: Range<Int>, text: String, cause: EditCause, mergeable: Bool = true) -> Plan {
        let now = configuration.clock()
        if let explicitGroup {
            let merge = mergeable
                ? explicitGroup.edits.last.flatMap { UndoMerge.plan(for: utf8Range, text: text, after: $0) }
                : nil
            return Plan(group: explicitGroup, isNewGroup: false, merge: merge)
        }
        if mergeable, cause == .typing, let last = undoGroups.last, last.acceptsTyping,
           now - last.lastEditTime <= configuration.typingPause,
           let lastEdit = last.edits.last,
           let merge = UndoMerge.plan(for: utf8Range, text: text, after: lastEdit) {
            return Plan(group: last, isNewGroup: false, merge: merge)
        }
        return Plan(group: UndoGroup(cause: cause, acceptsTyping: cause == .typing, time: now), isNewGroup: true, merge: nil)
    }

    /// Records an applied edit (`newUTF8Range` now holds `insertedText`) into the planned group.
    mutating func record(
        _ plan: Plan, newUTF8Range: Range<Int>, insertedText: String, replacedText: String,
        selectionBefore: SavedSelection?, selectionAfter: SavedSelection?, collapsed: [CollapsedAnchor],
        document: Document
    ) {
        let group = plan.group
        group.lastEditTime = configuration.clock()
        if let merge = plan.merge, var last = group.edits.popLast() {
            switch merge {
            case .extendInsertion:
                // Inserted text is new: nothing of the original text to put back.
                last.inserted.append(insertedText)
                last.end = document.makeAnchor(utf8Offset: newUTF8Range.upperBound, bias: .left)
            case .prependDeletion:
                let prepended = replacedText.utf8.count
                last.collapsed = CollapsedAnchor.merged(
                    older: last.collapsed.map { $0.shifted(by: prepended) }, newer: collapsed)
                last.replacedText = replacedText + last.replacedText
                // The edit now starts earlier in the text before the group: move the reference with it.
                if group.edits.isEmpty { group.selectionBefore?.referenceUTF8 -= replacedText.utf8.count }
            case .appendDeletion:
                let before = last.replacedText.utf8.count
                last.collapsed = CollapsedAnchor.merged(older: last.collapsed, newer: collapsed.map { $0.shifted(by: before) })
                last.replacedText += replacedText
            case .trimInsertion:
                // What is left of the insertion is in the document now: digest it from there.
                let kept = last.inserted.utf8Count - replacedText.utf8.count
                let start = last.start.utf8Offset
                last.inserted = TextDigest(document.storage.text(utf8Range: start..<(start + kept)))
            }
            group.edits.append(last)
        } else {
            group.edits.append(UndoEdit(
                start: document.makeAnchor(utf8Offset: newUTF8Range.lowerBound, bias: .right),
                end: document.makeAnchor(utf8Offset: newUTF8Range.upperBound, bias: .left),
                inserted: TextDigest(insertedText), replacedText: replacedText, collapsed: collapsed
            ))
        }
        if group.edits.count == 1, plan.merge == nil {
            group.selectionBefore = selectionBefore
        }
        if var selectionAfter, let last = group.edits.last {
            selectionAfter.referenceUTF8 = last.start.utf8Offset
            group.selectionAfter = selectionAfter
        } else {
            group.selectionAfter = nil
        }
        redoGroups.removeAll()
        if plan.isNewGroup {
            closeTyping()
            push(group)
        }
    }

    /// Calls `body` with the anchors of every record (undo, redo and the open
    /// explicit group), without building any array: this runs on every
    /// marked-text update.
    func forEachRecordAnchor(_ body: (TextAnchor) -> Void) {
        for group in undoGroups {
            for edit in group.edits {
                body(edit.start)
                body(edit.end)
            }
        }
        for group in redoGroups {
            for edit in group.edits {
                body(edit.start)
                body(edit.end)
            }
        }
        for edit in explicitGroup?.edits ?? [] {
            body(edit.start)
            body(edit.end)
        }
    }

    /// Ends the current run of coalesced typing (cursor moved, other edit, …).
    mutating func closeTyping() {
        undoGroups.last?.acceptsTyping = false
    }

    /// Opens an explicit group (nested calls fold into the outermost).
    mutating func beginGroup() {
        explicitDepth += 1
        if explicitDepth == 1 {
            closeTyping()
            explicitGroup = UndoGroup(cause: .programmatic, acceptsTyping: false, time: configuration.clock())
        }
    }

    /// Closes an explicit group; the outermost close pushes it if it holds edits.
    mutating func endGroup() throws(InkstoneError) {
        guard explicitDepth > 0 else {
            throw .invalidState("endUndoGroup without a matching beginUndoGroup")
        }
        explicitDepth -= 1
        if explicitDepth == 0, let group = explicitGroup {
            explicitGroup = nil
            if !group.edits.isEmpty {
                redoGroups.removeAll()
                push(group)
            }
        }
    }

    /// Takes the newest undo group.
    mutating func popUndo() throws(InkstoneError) -> UndoGroup {
        guard explicitDepth == 0 else { throw .invalidState("cannot undo while an undo group is open") }
        guard let group = undoGroups.popLast() else { throw .invalidState("nothing to undo") }
        return group
    }

    /// Takes the newest redo group.
    mutating func popRedo() throws(InkstoneError) -> UndoGroup {
        guard explicitDepth == 0 else { throw .invalidState("cannot redo while an undo group is open") }
        guard let group = redoGroups.popLast() else { throw .invalidState("nothing to redo") }
        return group
    }

    /// Puts a group back after a failed undo or redo.
    mutating func restore(undo group: UndoGroup) { undoGroups.append(group) }
    /// Puts a group back after a failed redo.
    mutating func restore(redo group: UndoGroup) { redoGroups.append(group) }

    /// Pushes the inverse produced by an undo.
    mutating func pushRedo(_ group: UndoGroup) { redoGroups.append(group) }

    /// Pushes the inverse produced by a redo (keeps the redo stack).
    mutating func pushUndoFromRedo(_ group: UndoGroup) {
        undoGroups.append(group)
        trim()
    }

    /// Forgets everything.
    mutating func removeAll() {
        undoGroups.removeAll()
        redoGroups.removeAll()
    }

    private mutating func push(_ group: UndoGroup) {
        undoGroups.append(group)
        trim()
    }

    private mutating func trim() {
        let excess = undoGroups.count - max(configuration.levelLimit, 0)
        if excess > 0 { undoGroups.removeFirst(excess) }
    }
}
