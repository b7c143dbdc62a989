import _RopeModule

/// The characters of a document: a B-tree rope with O(log n) edits and O(log n)
/// conversion between ``OffsetUnit``s, followed by a short tail (``TextTail``) that
/// edits at the end of the text change in place.
///
/// Positions inside the storage are canonical UTF-8 offsets; every other unit
/// is converted on the way in and out. `BigString` from swift-collections is
/// an implementation detail and can be swapped without changing this API.
/// Not thread-safe: a document is confined to one thread.
///
/// The text is the rope's text followed by the tail's. The tail's start is a grapheme
/// boundary of the whole text (an edit that would join the tail to the rope's last
/// cluster moves the tail into the rope instead), so each side breaks into clusters
/// on its own exactly as the whole text does: every query splits into one on the rope
/// and one on the tail, and neither needs the other moved.
public final class TextStorage {
    /// The text before the tail. Internal so that other files of the module can measure
    /// it; code that needs the whole text as one rope reads ``wholeRope``.
    var rope: BigString
    /// The text after the rope.
    var tail = TextTail()
    /// The rope's last cluster once looked up (nil when not yet or when the rope is
    /// empty); dropped whenever the rope changes.
    var knownRopeLastCharacter: Character?
    /// UTF-16 chunks handed to segmenters; dropped on every mutation.
    var chunkCache = UTF16ChunkCache()

    /// Creates a storage holding `text`.
    public init(_ text: String = "") {
        rope = BigString(text)
    }

    /// Creates a storage sharing another's text (a copy until either side changes).
    init(rope: BigString, tail: TextTail) {
        self.rope = rope
        self.tail = tail
    }

    /// Creates a storage by appending pieces in order (loading a large file
    /// without holding it as one flat `String`).
    public init(pieces: some Sequence<String>) {
        // Appending in large batches lets the rope fill its chunks completely.
        rope = BigString()
        var batch = ""
        for piece in pieces {
            batch += piece
            if batch.utf8.count >= Self.loadBatchSize {
                rope.append(contentsOf: batch)
                batch = ""
            }
        }
        rope.append(contentsOf: batch)
    }

    /// Bytes gathered before each append while loading from pieces.
    private static let loadBatchSize = 1 << 16

    deinit {
        chunkCache.removeAll()
    }

    /// The whole text as a `String` (a flat copy: for tests and small documents).
    public var string: String { String(rope) + tail.text }

    /// Whether the text is empty.
    public var isEmpty: Bool { rope.isEmpty && tail.isEmpty }

    /// Length of the text in UTF-8 code units.
    public var utf8Count: Int { rope.utf8.count + tail.utf8Count }

    /// Length of the text in `unit`.
    public func count(in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: rope.utf8.count + tail.utf8Count
        case .utf16: rope.utf16.count + tail.utf16Count
        case .scalars: rope.unicodeScalars.count + tail.scalarCount
        case .graphemes: rope.count + tail.graphemeCount()
        }
    }

    /// Length of the rope's text (the text before the tail) in `unit`.
    func ropeCount(in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: rope.utf8.count
        case .utf16: rope.utf16.count
        case .scalars: rope.unicodeScalars.count
        case .graphemes: rope.count
        }
    }

    /// The rope index at a UTF-8 offset (which must lie in `0...rope.utf8.count`).
    func ropeIndex(utf8Offset: Int) -> BigString.Index {
        rope.utf8Index(at: utf8Offset)
    }

    /// The rope indices of a UTF-8 range inside the rope (its ends must be scalar
    /// boundaries); the upper end is found from the lower one.
    func ropeRange(utf8Range: Range<Int>) -> Range<BigString.Index> {
        let lower = ropeIndex(utf8Offset: utf8Range.lowerBound)
        if utf8Range.isEmpty { return lower..<lower }
        if utf8Range.upperBound == rope.utf8.count { return lower..<rope.endIndex }
        return lower..<rope.utf8.index(lower, offsetBy: utf8Range.count)
    }

    /// The text between two UTF-8 offsets, which must be scalar boundaries.
    public func text(utf8Range: Range<Int>) -> String {
        if utf8Range.isEmpty { return "" }
        let ropeBytes = rope.utf8.count
        if utf8Range.lowerBound >= ropeBytes {
            return String(tail.slice((utf8Range.lowerBound - ropeBytes)..<(utf8Range.upperBound - ropeBytes)))
        }
        let lower = ropeIndex(utf8Offset: utf8Range.lowerBound)
        let upper = ropeIndex(utf8Offset: min(utf8Range.upperBound, ropeBytes))
        let fromRope = String(rope.unicodeScalars[lower..<upper])
        guard utf8Range.upperBound > ropeBytes else { return fromRope }
        return fromRope + tail.slice(0..<(utf8Range.upperBound - ropeBytes))
    }

    /// Replaces the text between two UTF-8 scalar boundaries with `text`: in the tail when
    /// the edit lies there (see ``tailRange(forEditOf:with:)``), else in the rope.
    /// Callers validate the range; this and ``replace(utf8Range:with:measuringEveryUnit:revision:cause:viewID:)``
    /// are the only places the text changes.
    func replace(utf8Range: Range<Int>, with text: String) {
        chunkCache.removeAll()
        if let local = tailRange(forEditOf: utf8Range, with: text) {
            tail.replace(local, with: text)
        } else {
            replaceInRope(ropeRange(utf8Range: utf8Range), with: text)
        }
    }

    /// Replaces the text between two rope indices of the current text (scalar
    /// boundaries; the tail is empty) with `text`: for a caller that has found them already.
    func replaceInRope(_ range: Range<BigString.Index>, with text: String) {
        knownRopeLastCharacter = nil
        // Text that only extends what it replaces (a composition growing by a letter, a
        // commit adding a space) is inserted after it: the rope inserts into a chunk in
        // place, while replacing a range splits the chunks around it into a new rope.
        if let addition = addition(replacing: range, with: text) {
            rope.insert(contentsOf: addition, at: range.upperBound)
            return
        }
        // Through the rope itself: the scalar view's `_modify` would build an empty
        // rope, which draws a random version number (a getrandom call) per edit.
        rope.replaceSubrange(range, with: text)
    }
    /// What `text` adds after the text in `range` when it starts with all of it; nil when
    /// `range` is empty, or `text` differs from it or adds nothing.
    private func addition(replacing range: Range<BigString.Index>, with text: String) -> Substring? {
        let replacedBytes = range.upperBound.utf8Offset - range.lowerBound.utf8Offset
        guard replacedBytes > 0, replacedBytes < text.utf8.count,
            rope.utf8[range].elementsEqual(text.utf8.prefix(replacedBytes))
        else { return nil }
        // The replaced text is whole code points, so the addition starts on one too (it may
        // start inside a grapheme cluster: cut through the scalars, which do not round).
        let start = text.utf8.index(text.startIndex, offsetBy: replacedBytes)
        return Substring(text.unicodeScalars[start...])
    }
}
