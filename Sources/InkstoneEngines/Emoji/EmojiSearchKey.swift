/// How names, keywords and typed queries are compared: lower-cased words, split at
/// white space and punctuation that joins words (`-`, `_`, `:`, `,`, `.`, brackets,
/// quotes), with `’` read as `'`. Two texts match exactly when their words joined
/// without separators (the *compact* form) are equal, so `thumbs up`, `thumbs-up`
/// and `thumbsup` are one query.
public enum EmojiSearchKey {
    /// The lower-cased words of `text`.
    public static func words(_ text: String) -> [String] {
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

    /// The words of `text` joined without separators (`Thumbs up` → `thumbsup`).
    public static func compact(_ text: String) -> String { words(text).joined() }

    /// The characters besides white space that separate words.
    private static let separators: Set<Unicode.Scalar> = ["-", "_", ":", ",", ".", "(", ")", "“", "”", "\"", "‘"]
}
