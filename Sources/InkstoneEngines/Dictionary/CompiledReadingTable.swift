import Glibc

/// A ``ReadingTable`` in a compiled file mapped read-only into memory: nothing
/// is decoded until it is looked up, so opening it costs a header check,
/// whatever the table's size. ``ReadingTableCache`` builds and finds these
/// files; the layout is described in `CompiledReadingTable+Layout.swift`.
///
/// Readings are compared by their UTF-8 bytes (dictionary sources are NFC).
/// Its answers equal those of the ``SortedReadingTable`` it was written from.
public struct CompiledReadingTable: ReadingTable {
    private let file: MappedFile
    private let layout: CompiledTableLayout

    /// Opens the compiled table at `path`, built from the source `stamp`
    /// describes (nil: from any source).
    /// - Throws: ``CompiledTableError/missing``, ``CompiledTableError/stale``
    ///   or ``CompiledTableError/damaged(_:)``.
    public init(path: String, expecting stamp: SourceStamp?) throws(CompiledTableError) {
        guard let file = MappedFile(path: path) else { throw .missing }
        let layout = try CompiledTableLayout(reading: file)
        if let stamp, !layout.matches(stamp) { throw .stale }
        self.file = file
        self.layout = layout
    }

    public var readingCount: Int { layout.readingCount }

    public func entries(for reading: String) -> [DictionaryEntry] {
        entries(for: reading, limit: Int.max)
    }

    public func entries(for reading: String, limit: Int) -> [DictionaryEntry] {
        guard limit > 0, let range = entryRange(of: reading) else { return [] }
        let end = range.count > limit ? range.lowerBound + limit : range.upperBound
        return (range.lowerBound..<end).compactMap(entry)
    }

    public func readings(withPrefix prefix: String, limit: Int) -> [String] {
        var key = prefix
        var index = key.withUTF8 { query in lowerBound(query) }
        var found: [String] = []
        while index < layout.readingCount, found.count < limit {
            guard let bytes = readingBytes(index) else { break }
            let reading = String(decoding: bytes, as: UTF8.self)
            guard reading.hasPrefix(prefix) else { break }
            found.append(reading)
            index += 1
        }
        return found
    }

    public func hasReadings(withPrefix prefix: String) -> Bool {
        var key = prefix
        return key.withUTF8 { query in
            let index = lowerBound(query)
            guard index < layout.readingCount, let found = readingBytes(index), found.count >= query.count else {
                return false
            }
            // Byte prefixes of NFC text: the readings are whole characters, as is `prefix`.
            guard let stored = found.baseAddress, let wanted = query.baseAddress else { return query.isEmpty }
            return memcmp(stored, wanted, query.count) == 0
        }
    }

    /// The entry indexes of exactly `reading`, nil when the table lacks it.
    private func entryRange(of reading: String) -> Range<Int>? {
        var key = reading
        let index = key.withUTF8 { query in lowerBound(query) }
        guard index < layout.readingCount, let found = readingBytes(index),
            key.withUTF8({ compare(found, $0) == 0 })
        else { return nil }
        guard let first = uint32(layout.rangesStart, index), let end = uint32(layout.rangesStart, index + 1),
            first <= end, end <= layout.entryCount
        else { return nil }
        return first..<end
    }

    // MARK: reading the mapped file, every offset checked

    /// The `index`-th UInt32 of the array at `start`.
    private func uint32(_ start: Int, _ index: Int) -> Int? {
        file.integer(at: start + 4 * index, as: UInt32.self).map(Int.init)
    }

    /// The pool bytes at `start`, `length`, or nil when they leave the pool.
    private func pool(_ start: Int, _ length: Int) -> UnsafeRawBufferPointer? {
        guard start <= layout.poolSize, length <= layout.poolSize - start else { return nil }
        return file.bytes(layout.poolStart + start, length)
    }

    /// The UTF-8 bytes of reading `index`.
    private func readingBytes(_ index: Int) -> UnsafeRawBufferPointer? {
        guard let start = uint32(layout.readingsStart, index), let end = uint32(layout.readingsStart, index + 1),
            start <= end
        else { return nil }
        return pool(start, end - start)
    }

    /// Entry `index` of the entry array.
    private func entry(_ index: Int) -> DictionaryEntry? {
        let base = layout.entriesStart + index * CompiledTableLayout.entrySize
        guard let textStart = file.integer(at: base, as: UInt32.self),
            let textLength = file.integer(at: base + 4, as: UInt32.self),
            let annotationStart = file.integer(at: base + 8, as: UInt32.self),
            let annotationLength = file.integer(at: base + 12, as: UInt32.self),
            let weight = file.integer(at: base + 16, as: UInt64.self),
            let wordsStart = file.integer(at: base + 24, as: UInt32.self),
            let wordCount = file.integer(at: base + 28, as: UInt32.self),
            let text = pool(Int(textStart), Int(textLength))
        else { return nil }
        let words = Int(wordsStart)..<Int(wordsStart) + Int(wordCount)
        guard words.upperBound <= layout.modelWordCount else { return nil }
        let modelWords = words.map { UInt32(uint32(layout.modelWordsStart, $0) ?? 0) }
        var annotation: String?
        if annotationLength != CompiledTableLayout.noAnnotation {
            guard let bytes = pool(Int(annotationStart), Int(annotationLength)) else { return nil }
            annotation = String(decoding: bytes, as: UTF8.self)
        }
        return DictionaryEntry(
            text: String(decoding: text, as: UTF8.self), annotation: annotation, weight: Double(bitPattern: weight),
            modelWords: modelWords)
    }

    /// The first reading not below `query` in byte order (unreadable readings sort first).
    private func lowerBound(_ query: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0
        var high = layout.readingCount
        while low < high {
            let middle = (low + high) / 2
            let below = readingBytes(middle).map { compare($0, query) < 0 } ?? true
            if below { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Byte-order comparison: negative, zero or positive.
    private func compare(_ stored: UnsafeRawBufferPointer, _ query: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(stored.count, query.count)
        if common > 0, let a = stored.baseAddress, let b = query.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return Int(order) }
        }
        return stored.count - query.count
    }
}
