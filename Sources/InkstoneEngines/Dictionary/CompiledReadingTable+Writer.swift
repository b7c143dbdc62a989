extension CompiledReadingTable {
    /// The compiled file's bytes for every reading and entry of `table`,
    /// stamped with the source it was read from.
    /// - Throws: ``CompiledTableError/unwritable(_:)`` when the strings exceed 4 GiB.
    public static func encode(_ table: some ReadingTable, stamp: SourceStamp) throws(CompiledTableError) -> [UInt8] {
        let readings = table.readings(withPrefix: "", limit: Int.max)
        var pool: [UInt8] = []
        var readingOffsets: [UInt32] = []
        var ranges: [UInt32] = []
        var entries: [(text: (UInt32, UInt32), annotation: (UInt32, UInt32), weight: Double, words: (UInt32, UInt32))] =
            []
        var modelWords: [UInt32] = []
        var interned: [String: UInt32] = [:]
        func offset(_ count: Int) throws(CompiledTableError) -> UInt32 {
            guard let value = UInt32(exactly: count), value < UInt32.max else {
                throw .unwritable("more than 4 GiB of strings")
            }
            return value
        }
        func intern(_ string: String) throws(CompiledTableError) -> (UInt32, UInt32) {
            let length = try offset(string.utf8.count)
            if let start = interned[string] { return (start, length) }
            let start = try offset(pool.count)
            pool += string.utf8
            interned[string] = start
            return (start, length)
        }
        for reading in readings {
            readingOffsets.append(try offset(pool.count))
            pool += reading.utf8
        }
        readingOffsets.append(try offset(pool.count))
        for reading in readings {
            ranges.append(try offset(entries.count))
            for entry in table.entries(for: reading) {
                let text = try intern(entry.text)
                var annotation = (UInt32(0), CompiledTableLayout.noAnnotation)
                if let gloss = entry.annotation { annotation = try intern(gloss) }
                let words = (try offset(modelWords.count), try offset(entry.modelWords.count))
                modelWords += entry.modelWords
                entries.append((text, annotation, entry.weight, words))
            }
        }
        ranges.append(try offset(entries.count))

        let layout = CompiledTableLayout(
            stamp: stamp, readingCount: readings.count, entryCount: entries.count, modelWordCount: modelWords.count,
            poolSize: pool.count)
        var bytes = layout.headerBytes
        bytes.reserveCapacity(layout.fileSize)
        func append<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
        readingOffsets.forEach(append)
        ranges.forEach(append)
        bytes += repeatElement(0, count: layout.entriesStart - bytes.count)
        for entry in entries {
            append(entry.text.0)
            append(entry.text.1)
            append(entry.annotation.0)
            append(entry.annotation.1)
            append(entry.weight.bitPattern)
            append(entry.words.0)
            append(entry.words.1)
        }
        modelWords.forEach(append)
        bytes += pool
        return bytes
    }
}
