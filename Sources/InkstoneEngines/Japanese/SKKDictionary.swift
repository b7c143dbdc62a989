import Glibc
import InkstoneCore

/// Reads SKK dictionaries (`SKK-JISYO.L` from Debian's `skkdic`, EUC-JP) into
/// reading-table rows.
///
/// A line is `KEY /cand1/cand2/.../`; text after `;` in a candidate is its
/// annotation (`幹事;manager`). Okuri-nasi keys are kana (`かんじ`); okuri-ari keys
/// end in the first romaji letter of the okurigana (`かk` → 書, the engine appends
/// the kana typed). Candidates keep the file's order as their weight (first is
/// best: weight 0, then -1, -2, …). Numeric keys (`だい# /第#1/`) are kept as they are
/// (``JapaneseNumbers`` writes the numbers in). Left out: prefix/suffix keys (`>`), Lisp
/// forms (`(concat …)`) and strict-okurigana blocks (`[く/書/]`).
public enum SKKDictionary {
    /// Where Debian's `skkdic` installs the large dictionary.
    public static let defaultPath = "/usr/share/skk/SKK-JISYO.L"

    /// The Debian package that provides ``defaultPath``.
    public static let package = "skkdic"

    /// The version of what ``rows(from:)`` yields; bump it when the parser changes,
    /// so compiled tables cached from an older parser are rebuilt.
    public static let formatVersion: UInt32 = 2

    /// The rows of the dictionary at `path` (EUC-JP, or UTF-8 when the file says `coding: utf-8`).
    /// - Throws: `InvalidState` when the file cannot be read.
    public static func rows(from path: String) throws(InkstoneError) -> [(reading: String, entry: DictionaryEntry)] {
        let bytes = try readFile(path)
        return rows(utf8: isUTF8(bytes) ? bytes : (TextDecoding.eucJPToUTF8(bytes, replacingInvalid: true) ?? bytes))
    }

    /// The rows of dictionary text in UTF-8. Lines are scanned as bytes (`memchr`):
    /// only keys and candidates become strings.
    static func rows(utf8 bytes: [UInt8]) -> [(reading: String, entry: DictionaryEntry)] {
        var rows: [(reading: String, entry: DictionaryEntry)] = []
        rows.reserveCapacity(bytes.count / 16)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var lineStart = 0
            while lineStart < buffer.count {
                let newline = memchr(base + lineStart, 0x0a, buffer.count - lineStart)
                let lineEnd = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
                parse(line: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), into: &rows)
                lineStart = lineEnd + 1
            }
        }
        return rows
    }

    /// Appends the rows of one dictionary line (nothing for comments and malformed lines).
    static func parse(line: UnsafeBufferPointer<UInt8>, into rows: inout [(reading: String, entry: DictionaryEntry)]) {
        guard let base = line.baseAddress, line.count > 2, line[0] != UInt8(ascii: ";"),
            let spacePointer = memchr(base, 0x20, line.count)
        else { return }
        let space = UnsafeRawPointer(spacePointer) - UnsafeRawPointer(base)
        let key = UnsafeBufferPointer(rebasing: line[0..<space])
        guard !key.isEmpty, key.first != UInt8(ascii: ">"),
            key.last != UInt8(ascii: ">")
        else { return }
        let reading = String(decoding: key, as: UTF8.self)
        guard !reading.contains("\u{FFFD}") else { return }
        var rank = 0
        var fieldStart = space + 1
        while fieldStart < line.count {
            let slash = memchr(base + fieldStart, 0x2f, line.count - fieldStart)
            let fieldEnd = slash.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? line.count
            defer { fieldStart = fieldEnd + 1 }
            var start = fieldStart
            var end = fieldEnd
            while start < end, line[start] == 0x20 { start += 1 }
            while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x0d { end -= 1 }
            guard start < end, line[start] != UInt8(ascii: "("), line[start] != UInt8(ascii: "[") else { continue }
            let field = UnsafeBufferPointer(rebasing: line[start..<end])
            let semicolon = field.firstIndex(of: UInt8(ascii: ";"))
            let textBytes = UnsafeBufferPointer(rebasing: field[..<(semicolon ?? field.endIndex)])
            guard !textBytes.isEmpty else { continue }
            let text = String(decoding: textBytes, as: UTF8.self)
            var annotation: String?
            if let semicolon, semicolon + 1 < field.endIndex {
                annotation = String(decoding: UnsafeBufferPointer(rebasing: field[(semicolon + 1)...]), as: UTF8.self)
            }
            guard !text.contains("\u{FFFD}") else { continue }
            rows.append((reading, DictionaryEntry(text: text, annotation: annotation, weight: Double(-rank))))
            rank += 1
        }
    }

    private static func readFile(_ path: String) throws(InkstoneError) -> [UInt8] {
        guard let bytes = DataFile.bytes(at: path) else {
            throw .invalidState(
                "cannot read \(path): \(String(cString: strerror(errno))) (install the Debian package \(package))")
        }
        return bytes
    }

    /// Whether the first line declares UTF-8 (`;; -*- coding: utf-8 -*-`).
    private static func isUTF8(_ bytes: [UInt8]) -> Bool {
        let firstLine = bytes.prefix { $0 != 0x0a }
        return String(decoding: firstLine, as: UTF8.self).lowercased().contains("coding: utf-8")
    }
}
