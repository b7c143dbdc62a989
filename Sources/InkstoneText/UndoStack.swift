/// A view's undo and redo stacks.
///
/// Groups: explicit begin/end (nested ones fold into the outermost); typing is
/// coalesced into one group until a cursor move, a non-adjacent edit, another
/// cause, or a pause longer than ``UndoConfiguration/typingPause``. At most
/// ``UndoConfiguration/levelLimit`` groups and
/// ``UndoConfiguration/utf8ByteLimit`` bytes of replaced text are kept (oldest
/// dropped first); an open explicit group is split at
/// ``UndoConfiguration/openGroupUTF8ByteLimit``.
struct UndoStack {
    let configuration: UndoConfiguration
    private(set) var undoGroups: [UndoGroup] = []
    private(set) var redoGroups: [UndoGroup] = []
    /// UTF-8 bytes of replaced text held by the undo and redo groups (the open explicit group aside).
    private(set) var utf8Bytes = 0
    /// Depth of explicit groups.
    private(set) var explicitDepth = 0
    /// The explicit group being filled.
    private var explicitGroup: UndoGroup?
    /// The explicit group being filled (read-only, for checks).
    var openGroup: UndoGroup? { explicitGroup }

    init(configuration: UndoConfiguration) {
        self.configuration = configuration
    }

    /// An edit about to be applied: where it goes and how it merges.
    struct Plan {
        let group: UndoGroup
        let isNewGroup: Bool
        let merge: UndoMerge?
    }

    /// Decides, before an edit is applied, which group takes it and how it
    /// merges. An open explicit group that would pass its byte limit is pushed
    /// as one step first, and a fresh group collects from here on.
    mutating func plan(utf8Range: Range<Int>, text: String, cause: EditCause, mergeable: Bool = true) -> Plan {
        let now = configuration.clock()
        if let group = explicitGroup, !group.edits.isEmpty,
            group.utf8Bytes + utf8Range.count > configuration.openGroupUTF8ByteLimit
        {
            clearRedo()
            push(group)
            explicitGroup = UndoGroup(cause: .programmatic, acceptsTyping: false, time: now)
        }
        if let explicitGroup {
            let merge =
                mergeable
                ? explicitGroup.edits.last.flatMap { UndoMerge.plan(for: utf8Range, text: text, after: $0) }
                : nil
            return Plan(group: explicitGroup, isNewGroup: false, merge: merge)
        }
        if mergeable, cause == .typing, let last = undoGroups.last, last.acceptsTyping,
            now - last.lastEditTime <= configuration.typingPause,
            let lastEdit = last.edits.last,
            let merge = UndoMerge.plan(for: utf8Range, text: text, after: lastEdit)
        {
            return Plan(group: last, isNewGroup: false, merge: merge)
        }
        return Plan(
            group: UndoGroup(cause: cause, acceptsTyping: cause == .typing, time: now), isNewGroup: true, merge: nil)
    }

    /// Records an applied edit (`newUTF8Range` now holds `insertedText`) into the planned group.
    mutating func record(
        _ plan: Plan, newUTF8Range: Range<Int>, insertedText: String, replacedText: String,
        replacedSpans: [AttributeSpan], selectionBefore: SavedSelection?, selectionAfter: SavedSelection?,
        collapsed: [CollapsedAnchor], document: Document
    ) {
        let group = plan.group
        let bytesBefore = group.utf8Bytes
        group.lastEditTime = configuration.clock()
        if let merge = plan.merge, var last = group.popLast() {
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
                last.replacedSpans = (replacedSpans + last.replacedSpans).mergingNeighbours()
                // The edit now starts earlier in the text before the group: move the reference with it.
                if group.edits.isEmpty { group.selectionBefore?.referenceUTF8 -= replacedText.utf8.count }
            case .appendDeletion:
                let before = last.replacedText.utf8.count
                last.collapsed = CollapsedAnchor.merged(
                    older: last.collapsed, newer: collapsed.map { $0.shifted(by: before) })
                last.replacedText += replacedText
                last.replacedSpans = (last.replacedSpans + replacedSpans).mergingNeighbours()
            case .trimInsertion:
                // What is left of the insertion is in the document now: digest it from there.
                let kept = last.inserted.utf8Count - replacedText.utf8.count
                let start = last.start.utf8Offset
                last.inserted = TextDigest(document.storage.text(utf8Range: start..<(start + kept)))
            }
            group.append(last)
        } else {
            group.append(
                UndoEdit(
                    start: document.makeAnchor(utf8Offset: newUTF8Range.lowerBound, bias: .right),
                    end: document.makeAnchor(utf8Offset: newUTF8Range.upperBound, bias: .left),
                    inserted: TextDigest(insertedText), replacedText: replacedText, collapsed: collapsed,
                    replacedSpans: replacedSpans
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
        clearRedo()
        if plan.isNewGroup {
            closeTyping()
            push(group)
        } else if undoGroups.last === group {
            // Merged into a group already on the stack.
            utf8Bytes += group.utf8Bytes - bytesBefore
            trim()
        }
    }

    /// Records an attribute step (`edit`, see ``UndoEdit/attributes(utf8Range:oldSpans:document:)``):
    /// into the open explicit group, else as a group of its own. The selection
    /// is the same before and after.
    mutating func recordAttributeStep(_ edit: UndoEdit, selection: SavedSelection?) {
        if let group = explicitGroup {
            if group.edits.isEmpty { group.selectionBefore = selection }
            group.append(edit)
            group.selectionAfter = selection
            group.lastEditTime = configuration.clock()
            clearRedo()
            return
        }
        let group = UndoGroup(cause: .programmatic, acceptsTyping: false, time: configuration.clock())
        group.append(edit)
        group.selectionBefore = selection
        group.selectionAfter = selection
        clearRedo()
        closeTyping()
        push(group)
    }

    /// Calls `body` with the anchors of every record (undo, redo and the open
    /// explicit group), without building any array: this runs on every
    /// marked-text update.
    func forEachRecordAnchor(_ body: (TextAnchor) -> Void) {
        // Through the buffer, so no record is copied (each copy retains all its fields).
        func visit(_ edits: [UndoEdit]) {
            edits.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    body(buffer[index].start)
                    body(buffer[index].end)
                }
            }
        }
        for group in undoGroups { visit(group.edits) }
        for group in redoGroups { visit(group.edits) }
        if let explicitGroup { visit(explicitGroup.edits) }
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
                clearRedo()
                push(group)
            }
        }
    }

    /// Takes the newest undo group.
    mutating func popUndo() throws(InkstoneError) -> UndoGroup {
        guard explicitDepth == 0 else { throw .invalidState("cannot undo while an undo group is open") }
        guard let group = undoGroups.popLast() else { throw .invalidState("nothing to undo") }
        utf8Bytes -= group.utf8Bytes
        return group
    }

    /// Takes the newest redo group.
    mutating func popRedo() throws(InkstoneError) -> UndoGroup {
        guard explicitDepth == 0 else { throw .invalidState("cannot redo while an undo group is open") }
        guard let group = redoGroups.popLast() else { throw .invalidState("nothing to redo") }
        utf8Bytes -= group.utf8Bytes
        return group
    }

    /// Puts a group back after a failed undo.
    mutating func restore(undo group: UndoGroup) {
        undoGroups.append(group)
        utf8Bytes += group.utf8Bytes
    }

    /// Puts a group back after a failed redo.
    mutating func restore(redo group: UndoGroup) {
        redoGroups.append(group)
        utf8Bytes += group.utf8Bytes
    }

    /// Pushes the inverse produced by an undo.
    mutating func pushRedo(_ group: UndoGroup) {
        redoGroups.append(group)
        utf8Bytes += group.utf8Bytes
        trim()
    }

    /// Pushes the inverse produced by a redo (keeps the redo stack).
    mutating func pushUndoFromRedo(_ group: UndoGroup) {
        push(group)
    }

    /// An independent copy: groups are objects changed in place, so each is copied.
    func copy() -> UndoStack {
        var copy = self
        copy.undoGroups = undoGroups.map { $0.copy() }
        copy.redoGroups = redoGroups.map { $0.copy() }
        copy.explicitGroup = explicitGroup?.copy()
        return copy
    }

    /// Forgets everything.
    mutating func removeAll() {
        undoGroups.removeAll()
        redoGroups.removeAll()
        utf8Bytes = 0
    }

    private mutating func clearRedo() {
        for group in redoGroups { utf8Bytes -= group.utf8Bytes }
        redoGroups.removeAll()
    }

    private mutating func push(_ group: UndoGroup) {
        undoGroups.append(group)
        utf8Bytes += group.utf8Bytes
        trim()
    }

    /// Drops the oldest undo groups past the level limit, then the oldest undo
    /// groups and the redo groups furthest from the present past the byte limit.
    private mutating func trim() {
        var dropped = max(undoGroups.count - max(configuration.levelLimit, 0), 0)
        for group in undoGroups.prefix(dropped) { utf8Bytes -= group.utf8Bytes }
        while utf8Bytes > configuration.utf8ByteLimit, dropped < undoGroups.count {
            utf8Bytes -= undoGroups[dropped].utf8Bytes
            dropped += 1
        }
        undoGroups.removeFirst(dropped)
        var droppedRedo = 0
        while utf8Bytes > configuration.utf8ByteLimit, droppedRedo < redoGroups.count {
            utf8Bytes -= redoGroups[droppedRedo].utf8Bytes
            droppedRedo += 1
        }
        redoGroups.removeFirst(droppedRedo)
    }
}
