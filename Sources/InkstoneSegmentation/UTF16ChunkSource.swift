/// A read-only text that hands out its UTF-16 code units in chunks whose memory
/// does not move while the source is alive and unchanged.
///
/// This is the seam between the buffer model (``InkstoneText``) and ICU: the
/// segmenter builds an ICU `UText` over these chunks, so no flat copy of a large
/// document is ever made. Offsets are UTF-16 code units from the start of the text.
public protocol UTF16ChunkSource: AnyObject {
    /// Total length of the text in UTF-16 code units.
    var utf16Count: Int { get }

    /// The chunk that contains `utf16Offset` (for `utf16Offset == utf16Count`, the
    /// last chunk). The returned buffer stays valid until the source is mutated or
    /// released. An empty text returns an empty chunk starting at 0.
    func utf16Chunk(containing utf16Offset: Int) -> (start: Int, units: UnsafeBufferPointer<UInt16>)
}
