/// The size of the text units a ``Segmenter`` finds, as in `UITextGranularity`.
public enum Granularity: Sendable, Hashable, CaseIterable {
    /// Extended grapheme clusters (user-perceived characters; CRLF is one).
    case grapheme
    /// Words: ICU word segments whose rule status is word-like (letters, numbers,
    /// kana, ideographs). Spaces, punctuation and symbols separate words but are not
    /// words themselves; CJK runs are split by ICU's dictionaries.
    case word
    /// Sentences (UAX #29, ICU rules); a sentence includes its trailing spaces and
    /// paragraph separator.
    case sentence
    /// Paragraphs: text up to and including a hard line break (LF, CR, CRLF,
    /// NEL U+0085, VT U+000B, FF U+000C or PARAGRAPH SEPARATOR U+2029). LINE
    /// SEPARATOR U+2028 stays inside its paragraph.
    case paragraph
    /// Line-break opportunities (UAX #14, ICU rules): a unit runs from one place
    /// where a line may wrap to the next, including trailing spaces.
    case line
}

/// Which neighbour of a position a query looks at, as in `UITextStorageDirection`.
///
/// A position lies between two code units. ``forward`` looks at the text after the
/// position (the unit whose range contains `position..<position+1`); ``backward``
/// looks at the text before it (the unit containing `position-1..<position`).
public enum Direction: Sendable, Hashable {
    /// Towards the end of the text.
    case forward
    /// Towards the start of the text.
    case backward
}
