import _RopeModule

/// The characters of a document: a B-tree rope with O(log n) edits and O(log n)
/// conversion between ``OffsetUnit``s.
///
/// Positions inside the storage are canonical UTF-8 offsets; every other unit
/// is converted on the way in and out. `BigString` from swift-collections is
/// an implementation detail and can be swapped without changing this API.
/// Not thread-safe: a document is confined to one thread.
public final class TextStorage {
    /// The rope. Internal so that other files of the module can measure it.
    var rope: BigString
    /// UTF-16 chunks handed to segmenters; dropped on every mutation.
    var chunkCache = UTF16ChunkCache()

    /// Creates a storage holding `text`.
    public init(_ text: String = "") {
        rope = BigString(text)
    }

    /// Creates a storage sharing a rope (a copy until either side changes).
    init(rope: BigString) {
        self.rope = rope
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
    public var string: String { String(rope) }

    /// Whether the text is empty.
    public var isEmpty: Bool { rope.isEmpty }

    /// Length of the text in UTF-8 code units.
    public var utf8Count: Int { rope.utf8.count }

    /// Length of the text in `unit`.
    public func count(in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: rope.utf8.count
        case .utf16: rope.utf16.count
        case .scalars: rope.unicodeScalars.count
        case .graphemes: rope.count
        }
    }

    /// The rope index at a UTF-8 offset (which must lie in `0...utf8Count`).
    func ropeIndex(utf8Offset: Int) -> BigString.Index {
        rope.utf8Index(at: utf8Offset)
    }

    /// The rope indices of a UTF-8 range (its ends must be scalar boundaries); the
    /// upper end is found from the lower one.
    func ropeRange(utf8Range: Range<Int>) -> Range<BigString.Index> {
        let lower = ropeIndex(utf8Offset: utf8Range.lowerBound)
        if utf8Range.isEmpty { return lower..<lower }
        if utf8Range.upperBound == rope.utf8.count { return lower..<rope.endIndex }
        return lower..<rope.utf8.index(lower, offsetBy: utf8Range.count)
    }

    /// The text between two UTF-8 offsets, which must be scalar boundaries.
    public func text(utf8Range: Range<Int>) -> String {
        if utf8Range.isEmpty { return "" }
        let lower = ropeIndex(utf8Offset: utf8Range.lowerBound)
        let upper = ropeIndex(utf8Offset: utf8Range.upperBound)
        return String(rope.unicodeScalars[lower..<upper])
    }

    /// Replaces the text between two UTF-8 scalar boundaries with `text`.
    /// Callers validate the range; this is the only place the rope changes.
    func replace(utf8Range: Range<Int>, with text: String) {
        replace(ropeRange(utf8Range: utf8Range), with: text)
    }

    /// Replaces the text between two rope indices of the current text (scalar
    /// boundaries) with `text`: for a caller that has found them already.
    func replace(_ range: Range<BigString.Index>, with text: String) {
        chunkCache.removeAll()
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
