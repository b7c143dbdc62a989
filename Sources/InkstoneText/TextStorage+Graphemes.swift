import _RopeModule

/// Grapheme queries over the storage, in UTF-8 offsets. Graphemes are Swift
/// `Character`s (the rope's character view follows the stdlib's Unicode rules).
/// The rope's end is a cluster boundary, so each query is answered by the rope
/// (offsets before its end) or by the tail (offsets from its end on).
extension TextStorage {
    /// Whether a UTF-8 offset (a scalar boundary) is a grapheme boundary.
    public func isGraphemeBoundary(utf8Offset: Int) -> Bool {
        let ropeBytes = rope.utf8.count
        if utf8Offset >= ropeBytes {
            let local = utf8Offset - ropeBytes
            return tail.graphemeFloor(local) == local
        }
        let index = ropeIndex(utf8Offset: utf8Offset)
        return rope.index(roundingDown: index).utf8Offset == utf8Offset
    }

    /// The grapheme boundary at or below (`.down`) or at or above (`.up`) a UTF-8 offset.
    public func snapToGrapheme(utf8Offset: Int, direction: SnapDirection) -> Int {
        // The ends of the text are boundaries.
        if utf8Offset == 0 || utf8Offset == utf8Count { return utf8Offset }
        let ropeBytes = rope.utf8.count
        if utf8Offset >= ropeBytes {
            let local = utf8Offset - ropeBytes
            return ropeBytes + (direction == .down ? tail.graphemeFloor(local) : tail.graphemeCeiling(local))
        }
        let index = ropeIndex(utf8Offset: utf8Offset)
        return (direction == .down ? rope.index(roundingDown: index) : rope.index(roundingUp: index)).utf8Offset
    }

    /// `utf8Range` widened to grapheme boundaries: its lower end down, its upper end up
    /// (a caret is looked up once).
    public func snapToGraphemes(_ utf8Range: Range<Int>) -> Range<Int> {
        guard utf8Range.isEmpty, utf8Range.lowerBound != 0, utf8Range.lowerBound < rope.utf8.count else {
            return snapToGrapheme(
                utf8Offset: utf8Range.lowerBound, direction: .down)..<snapToGrapheme(
                    utf8Offset: utf8Range.upperBound, direction: .up)
        }
        let index = ropeIndex(utf8Offset: utf8Range.lowerBound)
        return rope.index(roundingDown: index).utf8Offset..<rope.index(roundingUp: index).utf8Offset
    }

    /// The first grapheme boundary after a UTF-8 offset, or nil at the end of the text.
    public func graphemeBoundary(after utf8Offset: Int) -> Int? {
        guard utf8Offset < utf8Count else { return nil }
        let ropeBytes = rope.utf8.count
        if utf8Offset >= ropeBytes {
            return ropeBytes + tail.cluster(containing: utf8Offset - ropeBytes).upperBound
        }
        let index = rope.index(roundingDown: ropeIndex(utf8Offset: utf8Offset))
        return rope.index(after: index).utf8Offset
    }

    /// The last grapheme boundary before a UTF-8 offset, or nil at the start of the text.
    public func graphemeBoundary(before utf8Offset: Int) -> Int? {
        guard utf8Offset > 0 else { return nil }
        let ropeBytes = rope.utf8.count
        if utf8Offset > ropeBytes {
            let local = utf8Offset - ropeBytes
            let floor = tail.graphemeFloor(local)
            if floor < local { return ropeBytes + floor }
            return ropeBytes + tail.offset(of: tail.text.index(before: tail.index(floor)))
        }
        let index = ropeIndex(utf8Offset: utf8Offset)
        let down = rope.index(roundingDown: index)
        if down.utf8Offset < utf8Offset { return down.utf8Offset }
        return rope.index(before: down).utf8Offset
    }

    /// The UTF-8 range of the grapheme cluster containing `utf8Offset` (the one
    /// starting there when it is a boundary), or nil at the end of the text.
    public func graphemeRange(containing utf8Offset: Int) -> Range<Int>? {
        guard utf8Offset < utf8Count else { return nil }
        let ropeBytes = rope.utf8.count
        if utf8Offset >= ropeBytes {
            let cluster = tail.cluster(containing: utf8Offset - ropeBytes)
            return (ropeBytes + cluster.lowerBound)..<(ropeBytes + cluster.upperBound)
        }
        let start = rope.index(roundingDown: ropeIndex(utf8Offset: utf8Offset))
        return start.utf8Offset..<rope.index(after: start).utf8Offset
    }

    /// Every grapheme boundary inside a UTF-8 range, both ends included when they are boundaries.
    public func graphemeBoundaries(in utf8Range: Range<Int>) -> [Int] {
        var boundaries: [Int] = []
        let ropeBytes = rope.utf8.count
        if utf8Range.lowerBound <= ropeBytes {
            var index = rope.index(roundingUp: ropeIndex(utf8Offset: utf8Range.lowerBound))
            while index.utf8Offset <= utf8Range.upperBound {
                boundaries.append(index.utf8Offset)
                if index == rope.endIndex { break }
                index = rope.index(after: index)
            }
        }
        // The tail's boundaries after its start (the rope's end, listed above when in range).
        guard utf8Range.upperBound > ropeBytes, !tail.isEmpty else { return boundaries }
        let text = tail.text
        var index =
            utf8Range.lowerBound <= ropeBytes
            ? text.index(after: text.startIndex)
            : tail.index(tail.graphemeCeiling(utf8Range.lowerBound - ropeBytes))
        while ropeBytes + tail.offset(of: index) <= utf8Range.upperBound {
            boundaries.append(ropeBytes + tail.offset(of: index))
            if index == text.endIndex { break }
            index = text.index(after: index)
        }
        return boundaries
    }
}
