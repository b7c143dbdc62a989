/// The built-in detectors over a paragraph's grapheme clusters (see ``LivePatterns``).
enum BuiltinPatternScanner {
    /// Whether text with these UTF-8 bytes may hold a match: every match
    /// holds `@`, `#` or `://` (a quick test before the cluster-wise scan).
    static func mayMatch(_ utf8: some Sequence<UInt8>) -> Bool {
        var colonSlashes = 0
        for byte in utf8 {
            switch byte {
            case 0x40, 0x23: return true
            case 0x3A: colonSlashes = 1
            case 0x2F where colonSlashes > 0:
                if colonSlashes == 2 { return true }
                colonSlashes = 2
            default: colonSlashes = 0
            }
        }
        return false
    }

    /// Matches as ranges of cluster indices, left to right.
    static func matches(in characters: [Character]) -> [(range: Range<Int>, name: String)] {
        var result: [(range: Range<Int>, name: String)] = []
        var index = 0
        while index < characters.count {
            if let end = urlEnd(in: characters, at: index) {
                result.append((index..<end, "url"))
                index = end
            } else if characters[index] == "@",
                let end = run(in: characters, from: index + 1, where: isMentionCharacter)
            {
                result.append((index..<end, "mention"))
                index = end
            } else if characters[index] == "#", let end = run(in: characters, from: index + 1, where: isWordCharacter) {
                result.append((index..<end, "hashtag"))
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// ICU's `\w` for a cluster: its first scalar is alphabetic, a decimal
    /// digit, a connector punctuation or a mark.
    static func isWordCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        if first.properties.isAlphabetic { return true }
        switch first.properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isMentionCharacter(_ character: Character) -> Bool {
        character == "." || character == "-" || isWordCharacter(character)
    }

    /// The end of the longest non-empty run from `start` whose clusters satisfy `test`.
    private static func run(in characters: [Character], from start: Int, where test: (Character) -> Bool) -> Int? {
        var end = start
        while end < characters.count, test(characters[end]) { end += 1 }
        return end > start ? end : nil
    }

    private static let schemes: [[Character]] = [Array("http://"), Array("https://")]

    /// The end of a URL starting at `start`, if one does.
    private static func urlEnd(in characters: [Character], at start: Int) -> Int? {
        guard characters[start] == "h" || characters[start] == "H" else { return nil }
        for scheme in schemes where start + scheme.count < characters.count {
            let matchesScheme = zip(scheme, characters[start..<start + scheme.count]).allSatisfy { expected, found in
                found.lowercased() == String(expected)
            }
            guard matchesScheme else { continue }
            let bodyStart = start + scheme.count
            var end = bodyStart
            while end < characters.count, !characters[end].isWhitespace { end += 1 }
            while end > bodyStart, !(isWordCharacter(characters[end - 1]) || characters[end - 1] == "/") { end -= 1 }
            return end > bodyStart ? end : nil
        }
        return nil
    }
}
