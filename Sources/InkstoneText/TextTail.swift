/// The end of a storage's text kept out of its rope: a short `String` that edits at the end
/// of the text (marked text replaced as it composes, a commit after it) change in place,
/// where the rope would rebuild the chunks around any removal. It keeps its counts in every
/// unit, so totals and offsets near the end need no walk of the rope.
///
/// Offsets here are local: UTF-8 offsets from the tail's start. The tail's start is a
/// grapheme boundary of the whole text (see ``TextStorage``), so its clusters are the
/// text's own.
struct TextTail {
    /// The text after the rope.
    private(set) var text = ""
    /// Length of ``text`` in UTF-16 code units.
    private(set) var utf16Count = 0
    /// Length of ``text`` in code points.
    private(set) var scalarCount = 0
    /// Length of ``text`` in grapheme clusters, once counted (edits that measure their
    /// clusters keep it; others drop it).
    var knownGraphemeCount: Int?

    /// Length in UTF-8 code units.
    var utf8Count: Int { text.utf8.count }

    /// Whether the tail holds no text.
    var isEmpty: Bool { text.isEmpty }

    /// Replaces a local UTF-8 range (scalar boundaries) with `replacement`, keeping the
    /// counts; `graphemeCount` is the new cluster count when the caller measured it.
    ///
    /// The new text is written into a string of its own size: `String.replaceSubrange`
    /// would keep the capacity of a shared buffer, and an empty tail would adopt the
    /// inserted string's buffer, however large the buffer it came from.
    mutating func replace(_ local: Range<Int>, with replacement: String, graphemeCount: Int? = nil) {
        var old = text
        var added = replacement
        text = old.withUTF8 { oldBytes in
            added.withUTF8 { addedBytes in
                let removed = Self.counts(ofUTF8: oldBytes[local])
                let inserted = Self.counts(ofUTF8: addedBytes)
                utf16Count += inserted.utf16 - removed.utf16
                scalarCount += inserted.scalars - removed.scalars
                return String(unsafeUninitializedCapacity: oldBytes.count - local.count + addedBytes.count) { buffer in
                    var written = 0
                    func write(_ part: Slice<UnsafeBufferPointer<UInt8>>) {
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: part)
                        written += part.count
                    }
                    write(oldBytes[..<local.lowerBound])
                    write(addedBytes[...])
                    write(oldBytes[local.upperBound...])
                    return written
                }
            }
        }
        knownGraphemeCount = graphemeCount
    }

    /// Empties the tail.
    mutating func removeAll() {
        self = TextTail()
    }

    // MARK: Reading

    /// The string index at a local UTF-8 offset in `0...utf8Count`.
    func index(_ local: Int) -> String.Index {
        text.utf8.index(text.startIndex, offsetBy: local)
    }

    /// The string indices of a local UTF-8 range.
    func indices(_ local: Range<Int>) -> Range<String.Index> {
        let lower = index(local.lowerBound)
        return lower..<text.utf8.index(lower, offsetBy: local.count)
    }

    /// The local UTF-8 offset of a string index.
    func offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.startIndex, to: index)
    }

    /// The text of a local UTF-8 range (scalar boundaries).
    func slice(_ local: Range<Int>) -> Substring {
        text[indices(local)]
    }

    /// The length of a local UTF-8 range (scalar boundaries) in UTF-8, UTF-16 and code
    /// points (graphemes left at 0).
    func counts(of local: Range<Int>) -> UnitCounts {
        let counts = Self.counts(ofUTF8: text.utf8[indices(local)])
        return UnitCounts(utf8: local.count, utf16: counts.utf16, scalars: counts.scalars, graphemes: 0)
    }

    /// The UTF-16 and code-point lengths of well-formed UTF-8, read off its lead bytes
    /// (a four-byte sequence is a surrogate pair in UTF-16).
    private static func counts(ofUTF8 bytes: some Sequence<UInt8>) -> (utf16: Int, scalars: Int) {
        var utf16 = 0
        var scalars = 0
        for byte in bytes where !UTF8.isContinuation(byte) {
            scalars += 1
            utf16 += byte >= 0xF0 ? 2 : 1
        }
        return (utf16, scalars)
    }

    /// Grapheme clusters in the tail, counted once and kept until the next edit.
    mutating func graphemeCount() -> Int {
        if let knownGraphemeCount { return knownGraphemeCount }
        let counted = text.count
        knownGraphemeCount = counted
        return counted
    }

    /// The length of the text before a local UTF-8 offset (a scalar boundary) in `unit`;
    /// in graphemes an offset inside a cluster counts the clusters before it.
    func units(before local: Int, in unit: OffsetUnit) -> Int {
        let end = index(local)
        switch unit {
        case .utf8: return local
        case .utf16: return text.utf16.distance(from: text.startIndex, to: end)
        case .scalars: return text.unicodeScalars.distance(from: text.startIndex, to: end)
        case .graphemes: return text[..<graphemeFloor(end)].count
        }
    }

    /// The local UTF-8 offset `units` `unit`s from the start (within the tail); throws as
    /// ``TextStorage/utf8Offset(of:in:requireGraphemeBoundary:what:)`` when it splits a code
    /// point (`value` is the offset the caller gave, for the message).
    func local(ofUnits units: Int, in unit: OffsetUnit, what: String, value: Int) throws(InkstoneError) -> Int {
        switch unit {
        case .utf8:
            guard units == utf8Count || !UTF8.isContinuation(text.utf8[index(units)]) else {
                throw .splitsCodePoint(what: what, value: value, unit: unit)
            }
            return units
        case .utf16:
            let found = text.utf16.index(text.startIndex, offsetBy: units)
            guard found == text.endIndex || !UTF16.isTrailSurrogate(text.utf16[found]) else {
                throw .splitsCodePoint(what: what, value: value, unit: unit)
            }
            return offset(of: found)
        case .scalars:
            return offset(of: text.unicodeScalars.index(text.startIndex, offsetBy: units))
        case .graphemes:
            return offset(of: text.index(text.startIndex, offsetBy: units))
        }
    }

    /// The local UTF-8 offset of the code-point boundary next to `units` `unit`s from the
    /// start (at or below it for `.down`, at or above it for `.up`).
    func local(snapping units: Int, in unit: OffsetUnit, direction: SnapDirection) -> Int {
        switch unit {
        case .utf8:
            var local = units
            while local < utf8Count, UTF8.isContinuation(text.utf8[index(local)]) {
                local += direction == .down ? -1 : 1
            }
            return local
        case .utf16:
            let found = text.utf16.index(text.startIndex, offsetBy: units)
            guard found != text.endIndex, UTF16.isTrailSurrogate(text.utf16[found]) else { return offset(of: found) }
            // Inside a surrogate pair: the code point (four UTF-8 bytes) starts one unit before.
            let scalarStart = offset(of: text.utf16.index(before: found))
            return direction == .down ? scalarStart : scalarStart + 4
        case .scalars:
            return offset(of: text.unicodeScalars.index(text.startIndex, offsetBy: units))
        case .graphemes:
            return offset(of: text.index(text.startIndex, offsetBy: units))
        }
    }

    // MARK: Graphemes

    /// The cluster boundary at or below a string index (a scalar boundary).
    func graphemeFloor(_ index: String.Index) -> String.Index {
        text._index(roundingDown: index)
    }

    /// The cluster boundary at or below a local UTF-8 offset (a scalar boundary).
    func graphemeFloor(_ local: Int) -> Int {
        offset(of: graphemeFloor(index(local)))
    }

    /// The local UTF-8 range of the cluster containing a local offset below ``utf8Count`` (a
    /// scalar boundary; the cluster starting there when it is a boundary).
    func cluster(containing local: Int) -> Range<Int> {
        let floor = graphemeFloor(index(local))
        return offset(of: floor)..<offset(of: text.index(after: floor))
    }

    /// The cluster boundary at or above a local UTF-8 offset (a scalar boundary).
    func graphemeCeiling(_ local: Int) -> Int {
        let found = index(local)
        let floor = graphemeFloor(found)
        return floor == found ? local : offset(of: text.index(after: floor))
    }
}
