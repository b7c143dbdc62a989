internal import CICU

/// Keeps a chunk source alive and reachable from C as an opaque context pointer.
final class ChunkBridge {
    /// The text the breakers read.
    let source: any UTF16ChunkSource

    init(source: any UTF16ChunkSource) {
        self.source = source
    }
}

/// One ICU break iterator (through CICU) over the chunks of a ``ChunkBridge``.
///
/// Binding is cheap (no text is read), so the iterator is opened once and re-bound
/// whenever the text changes. Not thread-safe.
final class BreakIterator {
    private let breaker: OpaquePointer
    private let isWordKind: Bool
    private var boundGeneration: UInt64?
    private var boundUTF16Count = 0

    /// Opens an iterator of `kind` (an `INKSTONE_BREAK_*` value) for `locale`.
    init?(kind: Int32, locale: String) {
        guard let breaker = inkstone_breaker_open(kind, locale) else { return nil }
        self.breaker = breaker
        self.isWordKind = kind == Int32(INKSTONE_BREAK_WORD)
    }

    deinit {
        inkstone_breaker_close(breaker)
    }

    /// Points the iterator at `bridge` unless it already reads `generation` of it.
    /// Returns false when the text cannot be bound (longer than `Int32.max` units).
    func bind(to bridge: ChunkBridge, generation: UInt64) -> Bool {
        let utf16Count = bridge.source.utf16Count
        if boundGeneration == generation, boundUTF16Count == utf16Count { return true }
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        let status = inkstone_breaker_set_text(
            breaker,
            { context, utf16Offset, units, chunkStart, chunkLength in
                guard let context, let units, let chunkStart, let chunkLength else { return 0 }
                let bridge = Unmanaged<ChunkBridge>.fromOpaque(context).takeUnretainedValue()
                let chunk = bridge.source.utf16Chunk(containing: Int(utf16Offset))
                units.pointee = chunk.units.baseAddress
                chunkStart.pointee = Int64(chunk.start)
                chunkLength.pointee = Int64(chunk.units.count)
                return 1
            }, context, Int64(utf16Count))
        guard status == 0 else {
            boundGeneration = nil
            return false
        }
        boundGeneration = generation
        boundUTF16Count = utf16Count
        return true
    }

    /// The first boundary after `utf16Offset`, and the kind of the segment ending there.
    func following(_ utf16Offset: Int) -> (utf16Offset: Int, kind: SegmentKind)? {
        let boundary = inkstone_breaker_following(breaker, Int32(clamping: utf16Offset))
        guard boundary >= 0 else { return nil }
        guard isWordKind else { return (Int(boundary), .unit) }
        return (Int(boundary), SegmentKind(wordRuleStatus: inkstone_breaker_rule_status(breaker)))
    }

    /// The last boundary before `utf16Offset`.
    func preceding(_ utf16Offset: Int) -> Int? {
        let boundary = inkstone_breaker_preceding(breaker, Int32(clamping: utf16Offset))
        return boundary >= 0 ? Int(boundary) : nil
    }

    /// Whether `utf16Offset` is a boundary.
    func isBoundary(_ utf16Offset: Int) -> Bool {
        inkstone_breaker_is_boundary(breaker, Int32(clamping: utf16Offset)) != 0
    }

    /// How many chunks the iterator requested since it was last bound.
    var chunkRequests: Int {
        Int(inkstone_breaker_chunk_requests(breaker))
    }
}
