/// Consistency checks of the rope and the tail (debug builds and tests).
extension TextStorage {
    /// Texts up to this many UTF-8 bytes are compared with a flat copy on every
    /// check; larger ones only get the rope's own structural check.
    static let flatComparisonLimit = 1 << 20

    /// What is wrong with the storage: the rope's cached counts must match the
    /// text they summarise, the tail's too, the tail must start on a cluster boundary
    /// of the whole text, and the chunk cache must describe the current text.
    func invariantViolations() -> [String] {
        rope._invariantCheck()
        var problems = tailViolations()
        guard utf8Count <= Self.flatComparisonLimit else { return problems }
        let flat = string
        for unit in OffsetUnit.allCases where UnitCounts.count(of: flat, in: unit) != count(in: unit) {
            problems.append("\(unit.rawValue) count \(count(in: unit)) ≠ text \(UnitCounts.count(of: flat, in: unit))")
        }
        return problems
    }

    /// What is wrong with the tail: its size, its kept counts, its start (a cluster
    /// boundary: the rope's last cluster and the tail break as the whole text does) and
    /// the rope's last cluster as last looked up.
    private func tailViolations() -> [String] {
        var problems: [String] = []
        if tail.utf8Count > Self.tailCapacity {
            problems.append("the tail holds \(tail.utf8Count) bytes, more than \(Self.tailCapacity)")
        }
        let counts = UnitCounts(of: tail.text)
        if tail.utf16Count != counts.utf16 { problems.append("tail UTF-16 count \(tail.utf16Count) ≠ \(counts.utf16)") }
        if tail.scalarCount != counts.scalars {
            problems.append("tail code-point count \(tail.scalarCount) ≠ \(counts.scalars)")
        }
        if let known = tail.knownGraphemeCount, known != counts.graphemes {
            problems.append("tail grapheme count \(known) ≠ \(counts.graphemes)")
        }
        guard !rope.isEmpty else { return problems }
        let last = rope[rope.index(before: rope.endIndex)]
        if let known = knownRopeLastCharacter, known != last {
            problems.append("the rope's last cluster is \(last.debugDescription), not \(known.debugDescription)")
        }
        if !tail.isEmpty, (String(last) + tail.text).count != 1 + counts.graphemes {
            problems.append(
                "the tail \(tail.text.debugDescription) joins the rope's last cluster \(last.debugDescription)")
        }
        return problems
    }

    /// Whether `utf8Offset` lies in the text on a code-point boundary.
    func isScalarBoundary(utf8Offset: Int) -> Bool {
        (0...utf8Count).contains(utf8Offset) && snap(utf8Offset, in: .utf8, direction: .down) == utf8Offset
    }
}
