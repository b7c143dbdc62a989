/// Reads single code units of a ``UTF16ChunkSource``, keeping the last chunk so
/// that a scan asks the source once per chunk.
struct UTF16ChunkReader {
    private let source: any UTF16ChunkSource
    private var chunkStart = 0
    private var chunkUnits = UnsafeBufferPointer<UInt16>(start: nil, count: 0)

    init(source: any UTF16ChunkSource) {
        self.source = source
    }

    /// The code unit at `utf16Offset`, which must be inside the text; 0 if the
    /// source does not deliver it.
    mutating func unit(at utf16Offset: Int) -> UInt16 {
        var chunkOffset = utf16Offset - chunkStart
        if chunkOffset < 0 || chunkOffset >= chunkUnits.count {
            let chunk = source.utf16Chunk(containing: utf16Offset)
            chunkStart = chunk.start
            chunkUnits = chunk.units
            chunkOffset = utf16Offset - chunkStart
            guard chunkOffset >= 0, chunkOffset < chunkUnits.count else { return 0 }
        }
        return chunkUnits[chunkOffset]
    }
}
