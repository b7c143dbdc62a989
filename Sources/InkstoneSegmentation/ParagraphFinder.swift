/// Paragraph boundaries: the offsets just after a hard line break, plus both text ends.
///
/// Hard line breaks are LF, CR, CRLF (one break, after the LF), NEL, VT, FF and
/// U+2029. Scanning reads the chunks between the position and the nearest break,
/// so its cost grows with the length of the paragraph, not of the document.
struct ParagraphFinder: BoundaryFinder {
    let source: any UTF16ChunkSource

    private static let carriageReturn: UInt16 = 0x0D
    private static let lineFeed: UInt16 = 0x0A

    /// Whether `unit` ends a paragraph (a CR followed by LF does not: the LF does).
    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2029: true
        default: false
        }
    }

    func following(_ utf16Offset: Int) -> (utf16Offset: Int, kind: SegmentKind)? {
        let utf16Count = source.utf16Count
        guard utf16Offset >= 0, utf16Offset < utf16Count else { return nil }
        var reader = UTF16ChunkReader(source: source)
        var scanOffset = utf16Offset
        while scanOffset < utf16Count {
            let unit = reader.unit(at: scanOffset)
            if Self.isParagraphSeparator(unit) {
                if unit == Self.carriageReturn, scanOffset + 1 < utf16Count,
                    reader.unit(at: scanOffset + 1) == Self.lineFeed
                {
                    return (scanOffset + 2, .unit)
                }
                return (scanOffset + 1, .unit)
            }
            scanOffset += 1
        }
        return (utf16Count, .unit)
    }

    func preceding(_ utf16Offset: Int) -> Int? {
        let utf16Count = source.utf16Count
        guard utf16Offset > 0, utf16Offset <= utf16Count else { return nil }
        var reader = UTF16ChunkReader(source: source)
        var scanOffset = utf16Offset - 2
        while scanOffset >= 0 {
            if isBreak(after: scanOffset, reader: &reader, utf16Count: utf16Count) { return scanOffset + 1 }
            scanOffset -= 1
        }
        return 0
    }

    func isBoundary(_ utf16Offset: Int) -> Bool {
        let utf16Count = source.utf16Count
        guard utf16Offset > 0, utf16Offset < utf16Count else { return utf16Offset == 0 || utf16Offset == utf16Count }
        var reader = UTF16ChunkReader(source: source)
        return isBreak(after: utf16Offset - 1, reader: &reader, utf16Count: utf16Count)
    }

    /// Whether a paragraph ends just after the unit at `utf16Offset`.
    private func isBreak(after utf16Offset: Int, reader: inout UTF16ChunkReader, utf16Count: Int) -> Bool {
        let unit = reader.unit(at: utf16Offset)
        guard Self.isParagraphSeparator(unit) else { return false }
        if unit == Self.carriageReturn, utf16Offset + 1 < utf16Count {
            return reader.unit(at: utf16Offset + 1) != Self.lineFeed
        }
        return true
    }
}
