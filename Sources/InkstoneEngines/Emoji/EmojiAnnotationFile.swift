/// One CLDR annotations file (`common/annotations/de.xml`, `annotationsDerived/de.xml`):
/// for each character or sequence its keywords and its short name (`type="tts"`).
///
/// CLDR writes every `<annotation>` on one line; the file is scanned as bytes for those
/// elements, which is all of it that is read.
struct EmojiAnnotationFile {
    /// What the file says about one character or sequence.
    struct Annotation {
        /// The short name (`thumbs up`), if the file has one.
        var name: String?
        /// The keywords (`+1`, `hand`, `thumb`, …).
        var keywords: [String] = []
    }

    /// The annotations, by `cp` as written in the file (without U+FE0F).
    private(set) var annotations: [String: Annotation] = [:]
    /// The `cp` values in file order (each once).
    private(set) var order: [String] = []

    /// Reads the file at `path`; nil when it cannot be read.
    init?(path: String) {
        guard let bytes = DataFile.bytes(at: path) else { return nil }
        self.init(bytes: bytes)
    }

    /// Scans the bytes of an annotations file.
    init(bytes: [UInt8]) {
        let open = Array("<annotation cp=\"".utf8)
        let close = Array("</annotation>".utf8)
        let tts = Array("type=\"tts\"".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            while let start = Self.find(open, in: buffer, from: position) {
                let cpStart = start + open.count
                guard let cpEnd = Self.find([UInt8(ascii: "\"")], in: buffer, from: cpStart),
                    let tagEnd = Self.find([UInt8(ascii: ">")], in: buffer, from: cpEnd),
                    let textEnd = Self.find(close, in: buffer, from: tagEnd)
                else { break }
                position = textEnd + close.count
                let cp = Self.text(buffer, cpStart, cpEnd)
                let isName = Self.find(tts, in: UnsafeBufferPointer(rebasing: buffer[cpEnd..<tagEnd]), from: 0) != nil
                guard !cp.isEmpty else { continue }
                if isName {
                    let value = Self.text(buffer, tagEnd + 1, textEnd)
                    guard !value.isEmpty else { continue }
                    if annotations[cp] == nil { order.append(cp) }
                    annotations[cp, default: Annotation()].name = value
                } else {
                    // Keywords are split at `|` on the bytes, before decoding.
                    var keywords: [String] = []
                    var start = tagEnd + 1
                    while start < textEnd {
                        var end = start
                        while end < textEnd, buffer[end] != UInt8(ascii: "|") { end += 1 }
                        let keyword = Self.text(buffer, start, end)
                        if !keyword.isEmpty { keywords.append(keyword) }
                        start = end + 1
                    }
                    guard !keywords.isEmpty else { continue }
                    if annotations[cp] == nil { order.append(cp) }
                    annotations[cp, default: Annotation()].keywords = keywords
                }
            }
        }
    }

    /// The bytes `start..<end` as text, spaces and tabs trimmed, XML's five entities decoded.
    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var start = start
        var end = end
        while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
        while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 { end -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
        let raw = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? XMLScanner.decodeEntities(raw) : raw
    }

    /// The first index at or after `start` where `needle` occurs in `buffer`.
    private static func find(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= buffer.count else { return nil }
        var index = start
        let last = buffer.count - needle.count
        while index <= last {
            if buffer[index] == first {
                var offset = 1
                while offset < needle.count, buffer[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
