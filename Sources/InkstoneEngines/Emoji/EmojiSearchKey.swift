/// How names, keywords and typed queries are compared: lower-cased words, split at
/// white space and punctuation that joins words (`-`, `_`, `:`, `,`, `.`, brackets,
/// quotes), with `’` read as `'`. Two texts match exactly when their words joined
/// without separators (the *compact* form) are equal, so `thumbs up`, `thumbs-up`
/// and `thumbsup` are one query.
public enum EmojiSearchKey {
    /// The lower-cased words of `text`.
    public static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace || separators.contains(scalar) {
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar == "’" ? "'" : scalar)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// ``words(_:)`` for ASCII text (most names and every typed Latin query), byte by byte.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if isASCIISeparator(byte) {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(lowercased(byte))
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// Whether an ASCII byte separates words: white space, `"`, `(`, `)`, `,`, `-`, `.`, `:`, `_`.
    private static func isASCIISeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09...0x0D, 0x20, 0x22, 0x28, 0x29, 0x2C, 0x2D, 0x2E, 0x3A, 0x5F: true
        default: false
        }
    }

    /// An ASCII byte in lower case.
    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// Whether the last of ``words(_:)`` of `text` is `word`; for ASCII text without
    /// splitting it (this runs for every candidate a search sorts).
    public static func lastWord(of text: String, is word: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return words(text).last == word }
        var end = utf8.endIndex
        while end > utf8.startIndex, isASCIISeparator(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        var start = end
        while start > utf8.startIndex, !isASCIISeparator(utf8[utf8.index(before: start)]) {
            start = utf8.index(before: start)
        }
        guard start < end else { return false }
        return utf8[start..<end].elementsEqual(word.utf8) { lowercased($0) == $1 }
    }

    /// The words of `text` joined without separators (`Thumbs up` → `thumbsup`).
    public static func compact(_ text: String) -> String { words(text).joined() }

    /// The characters besides white space that separate words.
    private static let separators: Set<Unicode.Scalar> = ["-", "_", ":", ",", ".", "(", ")", "“", "”", "\"", "‘"]
}
