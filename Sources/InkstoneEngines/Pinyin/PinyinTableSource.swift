import Glibc

/// The pinyin dictionary's source: rime's compiled luna_pinyin table
/// (Debian `rime-data-luna-pinyin`), one `text<TAB>syllables<TAB>weight` row a
/// line (`中國	zhong guo	107458`), Traditional characters, `#` comments.
///
/// ``rows(from:)`` is the one parser: it turns the file into reading-table rows,
/// keyed three ways:
/// - the syllables as the table has them (`zhong guo`);
/// - for words of two or more syllables, an abbreviation key: ``abbreviationMark``
///   and each syllable's first letter (`*zg`), the entry's annotation holding its
///   syllables, so `zg`, `zhg` or `zhongg` find 中國;
/// - one ``totalReading`` row whose weight is the sum of all weights, the
///   denominator of the unigram probabilities.
public enum PinyinTableSource {
    /// Where Debian installs the table.
    public static let defaultPath = "/usr/share/rime-data/build/luna_pinyin.table.txt"
    /// The Debian package that provides it.
    public static let package = "rime-data-luna-pinyin"
    /// The version of what ``rows(from:)`` yields; bump it when the parser changes,
    /// so compiled tables cached from an older parser are rebuilt.
    public static let formatVersion: UInt32 = 4
    /// The first character of abbreviation keys (no syllable starts with it).
    public static let abbreviationMark = "*"
    /// The reading whose one entry carries the sum of the table's weights.
    public static let totalReading = "#total"

    /// The abbreviation key of a word read as `syllables` (`["zhong", "guo"]` → `*zg`).
    public static func abbreviationKey<Syllables: Sequence>(_ syllables: Syllables) -> String
    where Syllables.Element: StringProtocol {
        abbreviationMark + String(syllables.compactMap(\.first))
    }

    /// The abbreviation key of a word of several syllables (`zhong guo` → `*zg`), nil for one syllable.
    static func abbreviationKey(code: String) -> String? {
        var key = abbreviationMark
        var atStart = true
        for byte in code.utf8 {
            if byte == UInt8(ascii: " ") {
                atStart = true
            } else if atStart {
                key.unicodeScalars.append(Unicode.Scalar(byte))
                atStart = false
            }
        }
        return key.utf8.count > 2 ? key : nil
    }

    /// The reading-table rows of the table file at `path`; empty when it cannot be read.
    public static func rows(from path: String) -> [(reading: String, entry: DictionaryEntry)] {
        guard let bytes = DataFile.bytes(at: path) else { return [] }
        return rows(fromBytes: bytes)
    }

    /// The rows of a table file's contents (see ``rows(from:)``). Lines that are not
    /// three tab-separated fields with letters-and-spaces syllables are skipped.
    public static func rows(fromBytes bytes: [UInt8]) -> [(reading: String, entry: DictionaryEntry)] {
        var rows: [(reading: String, entry: DictionaryEntry)] = []
        rows.reserveCapacity(bytes.count / 18)
        var total = 0.0
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#"),
                let row = parseRow(bytes[lineStart..<lineEnd])
            else { continue }
            total += row.weight
            rows.append((reading: row.code, entry: DictionaryEntry(text: row.text, weight: row.weight)))
            if let key = abbreviationKey(code: row.code) {
                rows.append(
                    (reading: key, entry: DictionaryEntry(text: row.text, annotation: row.code, weight: row.weight)))
            }
        }
        rows.append((reading: totalReading, entry: DictionaryEntry(text: "", weight: total)))
        return rows
    }

    /// A decimal weight (`107458`, `12.5`, `1.49585e+06` as rime writes the largest);
    /// what follows the number is ignored.
    static func parseWeight(_ digits: ArraySlice<UInt8>) -> Double {
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var inFraction = false
        var index = digits.startIndex
        while index < digits.endIndex {
            let byte = digits[index]
            if byte == UInt8(ascii: ".") && !inFraction {
                inFraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if inFraction {
                    scale /= 10
                    fraction += Double(byte - UInt8(ascii: "0")) * scale
                } else {
                    whole = whole * 10 + Double(byte - UInt8(ascii: "0"))
                }
            } else {
                break
            }
            index += 1
        }
        return (whole + fraction) * exponentScale(digits[index...])
    }

    /// 10 to the power of an exponent (`e+06`, `E-3`) at the start of `bytes`; 1 when there is none.
    private static func exponentScale(_ bytes: ArraySlice<UInt8>) -> Double {
        var index = bytes.startIndex
        guard index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "e") else { return 1 }
        index += 1
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var exponent = 0
        var digits = 0
        while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"),
            exponent < 400
        {
            exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { return 1 }
        return pow(10, Double(negative ? -exponent : exponent))
    }

    /// One line's text, syllables and weight, or nil when the line is not a row.
    static func parseRow(_ line: ArraySlice<UInt8>) -> (text: String, code: String, weight: Double)? {
        guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let rest = line[(firstTab + 1)...]
        let secondTab = rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.endIndex
        let code = rest[..<secondTab]
        guard firstTab > line.startIndex, !code.isEmpty,
            code.allSatisfy({ ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: " ") })
        else { return nil }
        var weight = 0.0
        if secondTab < rest.endIndex {
            weight = parseWeight(rest[(secondTab + 1)...])
        }
        return (
            String(decoding: line[..<firstTab], as: UTF8.self), String(decoding: code, as: UTF8.self),
            weight.isFinite ? max(weight, 0) : 0
        )
    }
}
