/// The text form of a user dictionary, in the style of an SKK user jisyo, so
/// SKK users can bring theirs and read ours:
///
/// ```
/// ;; -*- mode: fundamental; coding: utf-8 -*-
/// ;; okuri-ari entries.
/// かk /書/掛/
/// ;; okuri-nasi entries.
/// かんじ /漢字/感じ/
/// ```
///
/// One line per reading, its candidates most recently chosen first, readings
/// most recently used first within each section (okuri-ari keys end in an
/// ASCII letter after kana). Our files are UTF-8; SKK's own may be EUC-JP and
/// are accepted on reading (see ``TextDecoding``). A candidate's `;annotation`
/// is dropped on reading; a text holding `/`, `;`, `"`, `\` or a line break, or
/// starting with `(` or `[`, is written as SKK does, `(concat "and\057or")`.
enum UserDictionaryFormat {
    /// One reading and its texts, most recent first.
    typealias Entry = (reading: String, texts: [String])

    /// Why a file is not a user dictionary.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: reading (by Unicode scalars: a line break or `/` never merges with a combining mark)

    /// A line, or a part of one.
    typealias Scalars = Substring.UnicodeScalarView

    /// The entries of `text`, in file order.
    static func parse(_ text: String) throws(Unreadable) -> [Entry] {
        var entries: [Entry] = []
        var number = 0
        for raw in Substring(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.last == "\r" ? raw.dropLast() : raw
            if line.isEmpty || line.first == ";" { continue }
            guard let entry = parseLine(line) else {
                throw Unreadable(
                    description: "line \(number) is not 'reading /candidate/…/': \(String(line).prefix(60))")
            }
            entries.append(entry)
        }
        return entries
    }

    /// `reading /c1/c2/` → the reading and the candidates' texts; nil when malformed.
    static func parseLine(_ line: Scalars) -> Entry? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let reading = String(line[..<space])
        var rest = line[line.index(after: space)...]
        while rest.first == " " { rest = rest.dropFirst() }
        guard !reading.isEmpty, rest.count >= 2, rest.first == "/", rest.last == "/" else { return nil }
        var texts: [String] = []
        var inOkuriBlock = false
        for field in rest.dropFirst().dropLast().split(separator: "/", omittingEmptySubsequences: false) {
            if inOkuriBlock {
                if field.last == "]" { inOkuriBlock = false }
                continue
            }
            if field.first == "[" {
                inOkuriBlock = field.last != "]"
                continue
            }
            let text = decodeCandidate(field)
            if !text.isEmpty, !texts.contains(text) { texts.append(text) }
        }
        return (reading, texts)
    }

    /// A candidate field's text: `(concat "…")` unescaped, else the text before any `;annotation`.
    static func decodeCandidate(_ field: Scalars) -> String {
        let prefix = "(concat \"".unicodeScalars
        guard field.starts(with: prefix), field.count >= prefix.count + 2,
            field.suffix(2).elementsEqual("\")".unicodeScalars)
        else {
            return String(field.prefix { $0 != ";" })
        }
        var scalars = field.dropFirst(prefix.count).dropLast(2)
        var text = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                text.append(scalar)
                continue
            }
            let octal = scalars.prefix(3)
            if octal.count == 3, octal.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x37 }),
                let code = UInt32(String(octal), radix: 8), let decoded = Unicode.Scalar(code)
            {
                text.append(decoded)
                scalars = scalars.dropFirst(3)
            } else {
                text.append(next == "n" ? "\n" : next)
                scalars = scalars.dropFirst()
            }
        }
        return String(text)
    }

    // MARK: writing

    /// The file text of `entries` (most recent first), okuri-ari entries in their own section.
    static func render(_ entries: [Entry]) -> String {
        var ari = ""
        var nasi = ""
        for entry in entries where !entry.texts.isEmpty {
            let line = self.line(entry.reading, entry.texts) + "\n"
            if isOkuriAri(entry.reading) { ari += line } else { nasi += line }
        }
        return ";; -*- mode: fundamental; coding: utf-8 -*-\n;; Inkstone user dictionary: most recently used first.\n"
            + ";; okuri-ari entries.\n" + ari + ";; okuri-nasi entries.\n" + nasi
    }

    /// `reading /c1/c2/`.
    static func line(_ reading: String, _ texts: [String]) -> String {
        reading + " /" + texts.map(encodeCandidate).joined(separator: "/") + "/"
    }

    /// A text as a candidate field (SKK's `(concat "…")` with octal escapes when needed).
    static func encodeCandidate(_ text: String) -> String {
        let special: Set<Unicode.Scalar> = ["/", ";", "\"", "\\", "\n", "\r"]
        let first = text.unicodeScalars.first
        guard first == "(" || first == "[" || text.unicodeScalars.contains(where: special.contains) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if special.contains(scalar) {
                let digits = String(scalar.value, radix: 8)
                escaped += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return "(concat \"" + escaped + "\")"
    }

    /// SKK's okuri-ari keys: kana followed by one ASCII lower-case letter (`かk`).
    static func isOkuriAri(_ reading: String) -> Bool {
        guard let last = reading.unicodeScalars.last, ("a"..."z").contains(last), reading.unicodeScalars.count >= 2
        else {
            return false
        }
        let before = reading.unicodeScalars[reading.unicodeScalars.index(reading.unicodeScalars.endIndex, offsetBy: -2)]
        return !before.isASCII
    }

    /// Why `reading` and `text` cannot be stored, or nil when they can.
    static func problem(reading: String, text: String) -> (limit: Bool, message: String)? {
        if reading.isEmpty { return (false, "the reading is empty") }
        if text.isEmpty { return (false, "the text is empty") }
        if reading.utf8.count > LearningLimits.readingBytes {
            return (true, "the reading is \(reading.utf8.count) bytes; at most \(LearningLimits.readingBytes)")
        }
        if text.utf8.count > LearningLimits.textBytes {
            return (true, "the text is \(text.utf8.count) bytes; at most \(LearningLimits.textBytes)")
        }
        if reading.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.value < 0x20 || $0 == "/" || $0 == ";"
        }) {
            return (false, "the reading holds a space, a control character, '/' or ';'")
        }
        if text.unicodeScalars.contains(where: { $0.value == 0 }) { return (false, "the text holds U+0000") }
        return nil
    }
}
