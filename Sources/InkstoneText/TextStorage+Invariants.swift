/// Consistency checks of the rope (debug builds and tests).
extension TextStorage {
    /// Texts up to this many UTF-8 bytes are compared with a flat copy on every
    /// check; larger ones only get the rope's own structural check.
    static let flatComparisonLimit = 1 << 20

    /// What is wrong with the storage: the rope's cached counts must match the
    /// text they summarise, and the chunk cache must describe the current text.
    func invariantViolations() -> [String] {
        rope._invariantCheck()
        guard rope.utf8.count <= Self.flatComparisonLimit else { return [] }
        var problems: [String] = []
        let flat = String(rope)
        if flat.utf8.count != rope.utf8.count {
            problems.append("rope UTF-8 count \(rope.utf8.count) ≠ text \(flat.utf8.count)")
        }
        if flat.utf16.count != rope.utf16.count {
            problems.append("rope UTF-16 count \(rope.utf16.count) ≠ text \(flat.utf16.count)")
        }
        if flat.unicodeScalars.count != rope.unicodeScalars.count {
            problems.append("rope scalar count \(rope.unicodeScalars.count) ≠ text \(flat.unicodeScalars.count)")
        }
        if flat.count != rope.count { problems.append("rope grapheme count \(rope.count) ≠ text \(flat.count)") }
        return problems
    }

    /// Whether `utf8Offset` lies in the text on a code-point boundary.
    func isScalarBoundary(utf8Offset: Int) -> Bool {
        (0...utf8Count).contains(utf8Offset) && snap(utf8Offset, in: .utf8, direction: .down) == utf8Offset
    }
}
