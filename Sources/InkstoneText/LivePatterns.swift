import InkstoneSegmentation

/// The detectors of live patterns: what text carries the derived `pattern`
/// attribute, computed by the document while it is edited.
///
/// Built in, tried at each position in this order (the leftmost match wins,
/// matches never overlap):
/// - `url`: `http://` or `https://` (any case) followed by the characters up
///   to the next whitespace, less trailing characters other than word
///   characters and `/` (the seed's `(?i)https?://\S+(?:/|\b)`);
/// - `mention`: `@` followed by one or more word characters, `.` or `-` (`@[\w.-]+`);
/// - `hashtag`: `#` followed by one or more word characters (`#\w+`).
///
/// Word characters are grapheme clusters whose first scalar is alphabetic, a
/// decimal digit, a connector (`_`) or a mark, as ICU's `\w`; matching works
/// on whole clusters (`#️⃣` is not a `#`). Client-registered ICU regular
/// expressions come after the built-ins, in registration order; their matches
/// are widened to cluster boundaries and dropped where they overlap an earlier
/// match. Every pattern matches within one paragraph.
public struct LivePatterns: Sendable {
    /// The attribute key matches carry (not inherited by added text).
    public static let key = "pattern"
    /// Names of the built-in detectors.
    public static let builtinNames = ["url", "mention", "hashtag"]
    /// Most patterns a document may register.
    public static let maxRegisteredPatterns = 16
    /// Longest registered pattern, in UTF-8 bytes.
    public static let maxPatternUTF8Bytes = 1_024
    /// How far around an edit text is rescanned, in UTF-8 bytes each way: a
    /// longer word (built-in detectors only) or paragraph (with registered
    /// patterns) is rescanned in this window only.
    public static let scanWindowUTF8 = 16_384
    /// Most matches one registered pattern yields per paragraph.
    static let maxMatchesPerParagraph = 4_096
    /// ICU's match-engine bound per paragraph (steps, see `uregex_setTimeLimit`).
    static let regexTimeLimit: Int32 = 64

    /// A client-registered pattern.
    struct Registered: Sendable {
        let name: String
        let regex: ICURegex
    }

    /// Registered patterns, in registration order.
    private(set) var registered: [Registered] = []

    /// Live patterns with the built-in detectors only.
    public init() {}

    /// The names of the registered patterns, in registration order.
    public var registeredNames: [String] { registered.map(\.name) }

    /// Registers (or replaces) the ICU pattern `name`. `InvalidArgument` for a
    /// bad name or a pattern ICU refuses, `LimitExceeded` past
    /// ``maxRegisteredPatterns`` or ``maxPatternUTF8Bytes``.
    mutating func register(name: String, pattern: String) throws(InkstoneError) {
        try Self.checkName(name)
        guard pattern.utf8.count <= Self.maxPatternUTF8Bytes else {
            throw .limitExceeded(
                "pattern \(name) holds \(pattern.utf8.count) bytes; the limit is \(Self.maxPatternUTF8Bytes)")
        }
        try InkstoneError.checkCarriable(pattern, argument: "pattern \(name)")
        let regex: ICURegex
        do {
            regex = try ICURegex(pattern)
        } catch {
            throw .invalidArgument("pattern \(name) is not an ICU regular expression: \(error.reason)")
        }
        if let index = registered.firstIndex(where: { $0.name == name }) {
            registered[index] = Registered(name: name, regex: regex)
            return
        }
        guard registered.count < Self.maxRegisteredPatterns else {
            throw .limitExceeded(
                "\(registered.count) patterns are registered; the limit is \(Self.maxRegisteredPatterns)")
        }
        registered.append(Registered(name: name, regex: regex))
    }

    /// Unregisters `name`; `UnknownObject` when no pattern has that name.
    mutating func unregister(name: String) throws(InkstoneError) {
        guard let index = registered.firstIndex(where: { $0.name == name }) else {
            throw .unknownObject("no pattern named '\(name.prefix(64))' is registered")
        }
        registered.remove(at: index)
    }

    /// `InvalidArgument` unless `name` is 1...64 ASCII letters, digits, `_`,
    /// `-` or `.` and not a built-in detector's name.
    static func checkName(_ name: String) throws(InkstoneError) {
        guard !name.isEmpty, name.utf8.count <= 64,
            name.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D || byte == 0x2E
            })
        else {
            throw .invalidArgument(
                "pattern name '\(name.prefix(64))' is not 1...64 ASCII letters, digits, '_', '-' or '.'")
        }
        guard !builtinNames.contains(name) else {
            throw .invalidArgument("pattern name '\(name)' is a built-in detector's")
        }
    }

    /// The matches in `text` (one or more paragraphs), UTF-8 offsets relative
    /// to it, sorted, never overlapping, never crossing a paragraph separator.
    func matches(in text: String) -> [(range: Range<Int>, name: String)] {
        if registered.isEmpty, !BuiltinPatternScanner.mayMatch(text.utf8) { return [] }
        var result: [(range: Range<Int>, name: String)] = []
        var paragraphStart = text.startIndex
        var utf8Start = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if Self.isParagraphSeparator(character) {
                result += matches(inParagraph: text[paragraphStart..<index], at: utf8Start)
                utf8Start += text.utf8.distance(from: paragraphStart, to: next)
                paragraphStart = next
            }
            index = next
        }
        result += matches(inParagraph: text[paragraphStart...], at: utf8Start)
        return result
    }

    /// Whether `character` ends a paragraph (LF, CR, CR LF, NEL, PS).
    static func isParagraphSeparator(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n" || character == "\u{85}"
            || character == "\u{2029}"
    }

    private func matches(inParagraph paragraph: Substring, at utf8Start: Int) -> [(range: Range<Int>, name: String)] {
        guard !paragraph.isEmpty else { return [] }
        let characters = Array(paragraph)
        var offsets: [Int] = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append(offsets[offsets.count - 1] + character.utf8.count) }
        var found = BuiltinPatternScanner.matches(in: characters)
            .map { (range: offsets[$0.range.lowerBound]..<offsets[$0.range.upperBound], name: $0.name) }
        if !registered.isEmpty {
            found = merged(found, registeredMatches(in: paragraph, characterOffsets: offsets))
        }
        return found.map { (range: $0.range.lowerBound + utf8Start..<$0.range.upperBound + utf8Start, name: $0.name) }
    }

    /// The registered patterns' matches in a paragraph, UTF-8 offsets widened
    /// to cluster boundaries (`characterOffsets`), in pattern order.
    private func registeredMatches(in paragraph: Substring, characterOffsets: [Int]) -> [(
        range: Range<Int>, name: String
    )] {
        let units = Array(paragraph.utf16)
        // UTF-16 offset → UTF-8 offset, at scalar boundaries.
        var utf8OfUTF16 = [Int](repeating: -1, count: units.count + 1)
        var utf16 = 0
        var utf8 = 0
        for scalar in paragraph.unicodeScalars {
            utf8OfUTF16[utf16] = utf8
            utf16 += scalar.utf16.count
            utf8 += scalar.utf8.count
        }
        utf8OfUTF16[utf16] = utf8
        var result: [(range: Range<Int>, name: String)] = []
        for pattern in registered {
            guard
                let ranges = pattern.regex.matches(
                    in: units, limit: Self.maxMatchesPerParagraph, timeLimit: Self.regexTimeLimit)
            else { continue }
            for range in ranges {
                let lower = utf8OfUTF16[range.lowerBound]
                let upper = utf8OfUTF16[range.upperBound]
                guard lower >= 0, upper >= 0 else { continue }
                result.append((Self.widened(lower..<upper, to: characterOffsets), pattern.name))
            }
        }
        return result
    }

    /// `range` widened to the cluster boundaries around it.
    private static func widened(_ range: Range<Int>, to boundaries: [Int]) -> Range<Int> {
        var low = 0
        var high = boundaries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
        }
        let lower = boundaries[low]
        var upperIndex = low
        while upperIndex < boundaries.count - 1, boundaries[upperIndex] < range.upperBound { upperIndex += 1 }
        return lower..<boundaries[upperIndex]
    }

    /// `earlier` plus the ranges of `later` that overlap none kept so far, sorted.
    private func merged(
        _ earlier: [(range: Range<Int>, name: String)], _ later: [(range: Range<Int>, name: String)]
    ) -> [(range: Range<Int>, name: String)] {
        var kept = earlier
        for candidate in later where !kept.contains(where: { $0.range.overlaps(candidate.range) }) {
            kept.append(candidate)
        }
        return kept.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
