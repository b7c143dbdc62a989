internal import CICU

/// Finds grapheme, word, sentence, paragraph and line boundaries in a
/// ``UTF16ChunkSource``, in UTF-16 offsets.
///
/// Queries read only the chunks around the position asked about (ICU's break
/// iterators start from the position, not from the start of the text), so their
/// cost does not grow with the document. Paragraph and sentence queries read up to
/// the nearest boundary, so they grow with the length of that unit.
///
/// **Mutation contract.** ICU keeps pointers into the chunks it last read. After
/// any mutation of the source, call ``sourceDidChange()`` before the next query
/// (assigning ``source`` does this). As a safety net a changed `utf16Count` is
/// noticed on its own, but a same-length edit is not.
///
/// Texts up to `Int32.max` UTF-16 units are supported; for longer ones every query
/// except paragraph queries answers `nil`/`false`. Positions outside
/// `0...utf16Count` answer `nil`/`false`.
///
/// Not thread-safe: use one segmenter per thread or per document.
public final class Segmenter {
    /// The text being segmented. Assigning a new source re-binds the iterators.
    public var source: any UTF16ChunkSource {
        didSet {
            bridge = ChunkBridge(source: source)
            generation &+= 1
        }
    }

    /// The ICU locale identifier that tailors word, sentence and line rules ("" is root).
    public let locale: String

    private var bridge: ChunkBridge
    private var generation: UInt64 = 0
    private var iterators: [Granularity: BreakIterator] = [:]

    /// Creates a segmenter over `source`; ICU iterators open on first use and are reused.
    public init(source: any UTF16ChunkSource, locale: String = "") {
        self.source = source
        self.locale = locale
        self.bridge = ChunkBridge(source: source)
    }

    /// Tells the segmenter that the source was mutated in place; must be called
    /// after every mutation and before the next query.
    public func sourceDidChange() {
        generation &+= 1
    }

    /// The version of ICU doing the segmentation, e.g. "72.1".
    public static var icuVersion: String {
        String(cString: inkstone_icu_version())
    }

    /// The Unicode version of ICU's data, e.g. "15.0".
    public static var unicodeVersion: String {
        String(cString: inkstone_unicode_version())
    }

    /// The first boundary of `granularity` after `utf16Offset` (any segment, words or
    /// not), or `nil` at the end of the text.
    public func nextBoundary(after utf16Offset: Int, granularity: Granularity = .grapheme) -> Int? {
        guard contains(utf16Offset), let finder = finder(for: granularity) else { return nil }
        return finder.following(utf16Offset)?.utf16Offset
    }

    /// The last boundary of `granularity` before `utf16Offset` (any segment, words or
    /// not), or `nil` at the start of the text.
    public func previousBoundary(before utf16Offset: Int, granularity: Granularity = .grapheme) -> Int? {
        guard contains(utf16Offset), let finder = finder(for: granularity) else { return nil }
        return finder.preceding(utf16Offset)
    }

    /// Whether `utf16Offset` separates two segments of `granularity` (words or not);
    /// 0 and `utf16Count` always do.
    public func isBoundary(_ utf16Offset: Int, granularity: Granularity = .grapheme) -> Bool {
        guard contains(utf16Offset), let finder = finder(for: granularity) else { return false }
        return finder.isBoundary(utf16Offset)
    }

    /// Whether `utf16Offset` is a position of the text.
    func contains(_ utf16Offset: Int) -> Bool {
        utf16Offset >= 0 && utf16Offset <= source.utf16Count
    }

    /// The boundary finder for `granularity`, bound to the current text.
    func finder(for granularity: Granularity) -> (any BoundaryFinder)? {
        let kind: Int32
        switch granularity {
        case .paragraph: return ParagraphFinder(source: source)
        case .grapheme: kind = Int32(INKSTONE_BREAK_CHARACTER)
        case .word: kind = Int32(INKSTONE_BREAK_WORD)
        case .sentence: kind = Int32(INKSTONE_BREAK_SENTENCE)
        case .line: kind = Int32(INKSTONE_BREAK_LINE)
        }
        let iterator: BreakIterator
        if let open = iterators[granularity] {
            iterator = open
        } else {
            guard let opened = BreakIterator(kind: kind, locale: locale) else { return nil }
            iterators[granularity] = opened
            iterator = opened
        }
        return iterator.bind(to: bridge, generation: generation) ? iterator : nil
    }
}
