/// Consistency checks of an undo stack (debug builds and tests).
extension UndoStack {
    /// What is wrong with the stack, given the text length its anchors live in.
    func invariantViolations(utf8Count: Int) -> [String] {
        var problems: [String] = []
        let held = (undoGroups + redoGroups).reduce(0) { $0 + $1.utf8Bytes }
        if held != utf8Bytes { problems.append("undo stack counts \(utf8Bytes) bytes but its groups hold \(held)") }
        if undoGroups.count > max(configuration.levelLimit, 0) {
            problems.append("\(undoGroups.count) undo groups kept, limit \(configuration.levelLimit)")
        }
        if utf8Bytes > configuration.utf8ByteLimit {
            problems.append("undo stack holds \(utf8Bytes) bytes, limit \(configuration.utf8ByteLimit)")
        }
        if (explicitDepth > 0) != (openGroup != nil) {
            problems.append("explicit depth \(explicitDepth) without a matching open group")
        }
        for group in undoGroups + redoGroups + (openGroup.map { [$0] } ?? []) {
            let recount = group.edits.reduce(0) { $0 + $1.cost }
            if recount != group.utf8Bytes {
                problems.append("a group counts \(group.utf8Bytes) bytes but holds \(recount)")
            }
            if group.edits.isEmpty, group !== openGroup { problems.append("an empty undo group is kept") }
        }
        forEachRecordAnchor { anchor in
            if !(0...utf8Count).contains(anchor.utf8Offset) {
                problems.append("an undo record anchor is at \(anchor.utf8Offset), outside 0...\(utf8Count)")
            }
        }
        return problems
    }
}
