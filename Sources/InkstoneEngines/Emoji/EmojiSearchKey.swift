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
            switch byte {
            case 0x09...0x0D, 0x20, 0x22, 0x28, 0x29, 0x2C, 0x2D, 0x2E, 0x3A, 0x5F:  // white space " ( ) , - . : _
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            case 0x41...0x5A: current.append(byte + 0x20)
            default: current.append(byte)
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The words of `text` joined without separators (`Thumbs up` → `thumbsup`).
    public static func compact(_ text: String) -> String { words(text).joined() }

    /// The characters besides white space that separate words.
    private static let separators: Set<Unicode.Scalar> = ["-", "_", ":", ",", ".", "(", ")", "“", "”", "\"", "‘"]
}
