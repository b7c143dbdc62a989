import InkstoneCore

/// A minimal scanner for the simple XML of libhangul's data files: start tags with
/// double- or single-quoted attributes, text of leaf elements, comments and the XML
/// declaration skipped. Not a general XML parser (no entities beyond the five basic ones,
/// no CDATA, no namespaces).
struct XMLScanner {
    /// One start (or empty) tag, in document order.
    struct Element {
        /// The tag name.
        var name: String
        /// Its attributes.
        var attributes: [String: String]
        /// The text directly after the start tag, up to the next tag (trimmed).
        var text: String
    }

    /// The start tags in document order.
    private(set) var elements: [Element] = []

    /// Scans `text`.
    /// - Throws: `InvalidArgument` on an unterminated tag or comment.
    init(text: String) throws(InkstoneError) {
        let scalars = Array(text.unicodeScalars)
        var position = 0
        while position < scalars.count {
            guard scalars[position] == "<" else {
                position += 1
                continue
            }
            if Self.hasPrefix(scalars, at: position, "<!--") {
                guard let end = Self.find(scalars, "-->", from: position + 4) else {
                    throw .invalidArgument("unterminated XML comment")
                }
                position = end + 3
                continue
            }
            guard let close = Self.find(scalars, ">", from: position) else {
                throw .invalidArgument("unterminated XML tag")
            }
            let next = position + 1 < scalars.count ? scalars[position + 1] : " "
            if next != "/", next != "?", next != "!" {
                var element = Self.parseTag(scalars[(position + 1)..<close])
                let textEnd = Self.find(scalars, "<", from: close + 1) ?? scalars.count
                element.text = Self.decodeEntities(String(String.UnicodeScalarView(scalars[(close + 1)..<textEnd])))
                elements.append(element)
            }
            position = close + 1
        }
    }

    private static func parseTag(_ body: ArraySlice<Unicode.Scalar>) -> Element {
        var characters = Substring(String(String.UnicodeScalarView(body)))
        if characters.hasSuffix("/") { characters = characters.dropLast() }
        let name = characters.prefix { !$0.isWhitespace }
        var rest = characters.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingWhitespace()
            var after = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { break }
            after = after.dropFirst()
            guard let end = after.firstIndex(of: quote) else { break }
            attributes[String(key)] = decodeEntities(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return Element(name: String(name), attributes: attributes, text: "")
    }

    /// `raw` trimmed, with the five basic entities decoded.
    static func decodeEntities(_ raw: String) -> String {
        let trimmed = String(Substring(raw).trimmingWhitespace())
        guard trimmed.contains("&") else { return trimmed }
        return trimmed.replacingEntity("&lt;", "<").replacingEntity("&gt;", ">")
            .replacingEntity("&quot;", "\"").replacingEntity("&apos;", "'").replacingEntity("&amp;", "&")
    }

    private static func hasPrefix(_ scalars: [Unicode.Scalar], at position: Int, _ prefix: String) -> Bool {
        var index = position
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private static func find(_ scalars: [Unicode.Scalar], _ needle: String, from start: Int) -> Int? {
        var position = start
        while position < scalars.count {
            if hasPrefix(scalars, at: position, needle) { return position }
            position += 1
        }
        return nil
    }
}

extension Substring {
    /// The substring without leading and trailing whitespace.
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }
}

extension String {
    /// Replaces every occurrence of an entity.
    func replacingEntity(_ entity: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: entity) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
