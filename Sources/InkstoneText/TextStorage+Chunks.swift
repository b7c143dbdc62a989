import InkstoneSegmentation
import _RopeModule

/// UTF-16 chunks of the text for segmenters (ICU `UText`), without a flat copy.
///
/// Chunk `k` nominally covers UTF-16 offsets `k*W ..< (k+1)*W` with
/// `W = UTF16ChunkCache.chunkWidth`; a boundary that would split a surrogate
/// pair moves one unit up, so chunks never split a code point and tile the text.
/// Buffers stay valid until the storage is mutated or released, as long as the
/// caller holds at most ``UTF16ChunkCache/capacity`` chunks at a time (older
/// ones are recycled least-recently-used first).
extension TextStorage: UTF16ChunkSource {
    /// Total length of the text in UTF-16 code units.
    public var utf16Count: Int { count(in: .utf16) }

    /// The chunk that contains `utf16Offset` (the last chunk for the end offset). Moves the
    /// tail into the rope, whose chunks are read.
    public func utf16Chunk(containing utf16Offset: Int) -> (start: Int, units: UnsafeBufferPointer<UInt16>) {
        flushTail()
        let total = utf16Count
        guard total > 0 else { return (0, UnsafeBufferPointer(start: nil, count: 0)) }
        let offset = min(max(utf16Offset, 0), total)
        var chunkNumber = offset / UTF16ChunkCache.chunkWidth
        // A boundary moved past a trailing surrogate leaves its first unit in the previous chunk.
        if chunkNumber > 0, offset < chunkBoundary(chunkNumber, total: total) {
            chunkNumber -= 1
        }
        // The end offset belongs to the last non-empty chunk.
        if offset == total, chunkNumber > 0, chunkBoundary(chunkNumber, total: total) >= total {
            chunkNumber -= 1
        }
        let start = chunkBoundary(chunkNumber, total: total)
        if let cached = chunkCache.lookup(chunkNumber) {
            return (start, UnsafeBufferPointer(cached))
        }
        let end = chunkBoundary(chunkNumber + 1, total: total)
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: end - start)
        let lower = rope.utf16.index(rope.startIndex, offsetBy: start)
        let upper = rope.utf16.index(lower, offsetBy: end - start)
        var written = 0
        for unit in rope.utf16[lower..<upper] {
            buffer[written] = unit
            written += 1
        }
        chunkCache.insert(buffer, for: chunkNumber)
        return (start, UnsafeBufferPointer(buffer))
    }

    /// The UTF-16 offset where chunk `chunkNumber` starts (moved up past a trailing surrogate).
    private func chunkBoundary(_ chunkNumber: Int, total: Int) -> Int {
        let nominal = chunkNumber * UTF16ChunkCache.chunkWidth
        guard nominal > 0, nominal < total else { return min(nominal, total) }
        let index = rope.utf16.index(rope.startIndex, offsetBy: nominal)
        return index._isUTF16TrailingSurrogate ? nominal + 1 : nominal
    }
}

/// A small least-recently-used cache of transcoded UTF-16 windows. It owns its buffers.
struct UTF16ChunkCache {
    /// Nominal chunk width in UTF-16 code units.
    static let chunkWidth = 2048
    /// How many chunks stay alive at once.
    static let capacity = 16

    private var entries: [(chunkNumber: Int, buffer: UnsafeMutableBufferPointer<UInt16>)] = []

    /// The cached buffer of a chunk, marked most recently used.
    mutating func lookup(_ chunkNumber: Int) -> UnsafeMutableBufferPointer<UInt16>? {
        guard let position = entries.firstIndex(where: { $0.chunkNumber == chunkNumber }) else { return nil }
        let entry = entries.remove(at: position)
        entries.append(entry)
        return entry.buffer
    }

    /// Adds a buffer, releasing the least recently used one when full.
    mutating func insert(_ buffer: UnsafeMutableBufferPointer<UInt16>, for chunkNumber: Int) {
        if entries.count >= Self.capacity {
            entries.removeFirst().buffer.deallocate()
        }
        entries.append((chunkNumber, buffer))
    }

    /// Releases every buffer (on mutation and when the storage goes away).
    mutating func removeAll() {
        for entry in entries { entry.buffer.deallocate() }
        entries.removeAll()
    }
}
