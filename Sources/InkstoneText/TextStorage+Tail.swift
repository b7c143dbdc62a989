import _RopeModule

/// Where an edit goes: the tail (``TextTail``) for edits at the end of the text, the rope
/// for the others, and how the tail's text moves into the rope.
extension TextStorage {
    /// The most UTF-8 bytes the tail holds: a few composed syllables and what was committed
    /// before them. Longer text goes into the rope.
    static let tailCapacity = 64

    /// The whole text as one rope: the tail is moved into it first. For readers that walk
    /// the rope (segmenters' chunks, pattern windows, snapshots of the old text).
    var wholeRope: BigString {
        flushTail()
        return rope
    }

    /// Moves the tail's text into the rope (one append, in place).
    func flushTail() {
        guard !tail.isEmpty else { return }
        rope.append(contentsOf: tail.text)
        tail.removeAll()
        knownRopeLastCharacter = nil
    }

    /// Restores text saved from ``rope`` and ``tail``.
    func restore(rope: BigString, tail: TextTail) {
        self.rope = rope
        self.tail = tail
        knownRopeLastCharacter = nil
        chunkCache.removeAll()
    }

    /// The tail's local range for an edit of `utf8Range` (scalar boundaries) with `text`
    /// when the edit can be made in the tail, which this prepares; nil when it must be
    /// made in the rope, into which the tail has then been moved.
    ///
    /// An edit goes to the tail when it lies after the rope and the tail stays within
    /// ``tailCapacity`` bytes, once the whole clusters before the edit have moved into the
    /// rope if need be; and when the text that starts the tail would not join the rope's last
    /// cluster (a combining mark after the rope's "e", a second flag letter).
    func tailRange(forEditOf utf8Range: Range<Int>, with text: String) -> Range<Int>? {
        let ropeBytes = rope.utf8.count
        guard utf8Range.lowerBound >= ropeBytes else {
            flushTail()
            return nil
        }
        var local = (utf8Range.lowerBound - ropeBytes)..<(utf8Range.upperBound - ropeBytes)
        let keptAfter = tail.utf8Count - local.upperBound + text.utf8.count
        if local.lowerBound + keptAfter > Self.tailCapacity {
            // Only whole clusters move: the tail must start on a cluster boundary of the
            // old text too (marked text that starts with a joiner belongs to the cluster
            // before it), or the old text's clusters would be measured cut.
            let moved = tail.graphemeFloor(local.lowerBound)
            guard local.lowerBound - moved + keptAfter <= Self.tailCapacity else {
                flushTail()
                return nil
            }
            moveIntoRope(tailBytes: moved)
            local = (local.lowerBound - moved)..<(local.upperBound - moved)
        }
        if local.lowerBound == 0, !rope.isEmpty,
            let first = text.unicodeScalars.first ?? tail.text.unicodeScalars[tail.index(local.upperBound)...].first,
            joinsRopeEnd(first)
        {
            flushTail()
            return nil
        }
        return local
    }

    /// Moves the tail's first `bytes` (a cluster boundary) into the rope.
    private func moveIntoRope(tailBytes bytes: Int) {
        guard bytes > 0 else { return }
        assert(tail.graphemeFloor(bytes) == bytes, "the tail's text moves into the rope in whole clusters")
        rope.append(contentsOf: tail.slice(0..<bytes))
        tail.replace(0..<bytes, with: "")
        knownRopeLastCharacter = nil
    }

    /// Whether `scalar` right after the rope would join the rope's last cluster. Grapheme
    /// rules look back no further than the cluster before a boundary, so that cluster and
    /// the scalar decide it.
    private func joinsRopeEnd(_ scalar: Unicode.Scalar) -> Bool {
        let last = knownRopeLastCharacter ?? rope[rope.index(before: rope.endIndex)]
        knownRopeLastCharacter = last
        var pair = String(last)
        pair.unicodeScalars.append(scalar)
        return pair.count == 1
    }
}
