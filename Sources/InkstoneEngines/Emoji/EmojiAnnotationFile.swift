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
        guard let bytes = HangulKeyboard.readBytes(path) else { return nil }
        self.init(bytes: bytes)
    }

    /// Scans the bytes of an annotations file.
    init(bytes: [UInt8]) {
        let open = Array("<annotation cp=\"".utf8), close = Array("</annotation>".utf8)
        let tts = Array("type=\"tts\"".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            while let start = Self.find(open, in: buffer, from: position) {
                let cpStart = start + open.count
                guard let cpEnd = Self.find([UInt8(ascii: "\"")], in: buffer, from: cpStart),
                      let tagEnd = Self.find([UInt8(ascii: ">")], in: buffer, from: cpEnd),
                      let textEnd = Self.find(close, in: buffer, from: tagEnd) else { break }
                position = textEnd + close.count
                let cp = Self.text(buffer, cpStart, cpEnd)
                let isName = Self.find(tts, in: UnsafeBufferPointer(rebasing: buffer[cpEnd..<tagEnd]), from: 0) != nil
                let value = Self.text(buffer, tagEnd + 1, textEnd)
                guard !cp.isEmpty, !value.isEmpty else { continue }
                if annotations[cp] == nil { order.append(cp) }
                if isName {
                    annotations[cp, default: Annotation()].name = value
                } else {
                    let keywords = value.split(separator: "|").map { String(Substring($0).trimmingWhitespace()) }
                    annotations[cp, default: Annotation()].keywords = keywords.filter { !$0.isEmpty }
                }
            }
        }
    }

    /// The bytes `start..<end` as text, with XML's five entities decoded and white space trimmed.
    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        XMLScanner.decodeEntities(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
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
