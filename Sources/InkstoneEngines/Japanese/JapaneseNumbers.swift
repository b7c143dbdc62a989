/// SKK number entries: a reading typed with digits (`だい1`, `3がつ`) matches the
/// dictionary's keys with `#` in place of each number (`だい#`, `#がつ`), and their
/// candidates write the number in SKK's formats:
///
/// | format | 1234 | 76 |
/// | --- | --- | --- |
/// | `#0` as typed | 1234 | 76 |
/// | `#1` full-width digits | １２３４ | ７６ |
/// | `#2` kanji digits | 一二三四 | 七六 |
/// | `#3` kanji numeral | 千二百三十四 | 七十六 |
/// | `#5` formal kanji (大字) | 壱阡弐百参拾四 | 七拾六 |
/// | `#8` grouped by thousands | 1,234 | 76 |
/// | `#9` shogi square (two digits) | — | ７六 |
///
/// `#4` (the number looked up again as a reading) is not offered. A number of more than
/// ``maximumDigits`` digits, or one a format cannot write, leaves that candidate out.
public enum JapaneseNumbers {
    /// The longest digit run a reading may hold as one number.
    public static let maximumDigits = 16

    /// `reading` with each run of digits (ASCII or full-width) as one `#`, and the runs as
    /// ASCII digits, in order; nil when it has no digit or a run is longer than ``maximumDigits``.
    public static func key(_ reading: some Collection<Character>) -> (key: String, numbers: [String])? {
        var key = ""
        var numbers: [String] = []
        var inRun = false
        for character in reading {
            if let digit = asciiDigit(character) {
                if !inRun {
                    key.append("#")
                    numbers.append("")
                    inRun = true
                }
                numbers[numbers.count - 1].append(digit)
                if numbers[numbers.count - 1].count > maximumDigits { return nil }
            } else {
                key.append(character)
                inRun = false
            }
        }
        return numbers.isEmpty ? nil : (key, numbers)
    }

    /// Whether `character` is a digit a number entry reads (ASCII or full-width).
    public static func isDigit(_ character: Character) -> Bool { asciiDigit(character) != nil }

    /// The SKK candidate `text` (`第#1`) with `numbers` written in, in order; nil when it
    /// has a format this does not write or not one `#` per number.
    public static func expand(_ text: String, numbers: [String]) -> String? {
        var result = ""
        var remaining = numbers[...]
        var characters = text[...]
        while let character = characters.popFirst() {
            guard character == "#", let type = characters.first, type.isASCII, type.isNumber else {
                result.append(character)
                continue
            }
            characters.removeFirst()
            guard let number = remaining.popFirst(), let written = format(number, as: type) else { return nil }
            result += written
        }
        return remaining.isEmpty ? result : nil
    }

    /// The ASCII digits `digits` in the SKK format `type` (`0`–`9`), nil when it has none for them.
    public static func format(_ digits: String, as type: Character) -> String? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        switch type {
        case "0": return digits
        case "1": return String(digits.map(fullWidth))
        case "2": return String(digits.map { kanjiDigits[value($0)] })
        case "3": return kanjiNumeral(digits, digits: kanjiDigits, units: ["", "十", "百", "千"], one: false)
        case "5":
            return kanjiNumeral(digits, digits: formalDigits, units: ["", "拾", "百", "阡"], one: true)
        case "8": return grouped(digits)
        case "9":
            guard digits.count == 2, let first = digits.first, let last = digits.last, first != "0", last != "0"
            else { return nil }
            return String(fullWidth(first)) + String(kanjiDigits[value(last)])
        default: return nil
        }
    }

    // MARK: Formats

    private static let kanjiDigits: [Character] = Array("〇一二三四五六七八九")
    private static let formalDigits: [Character] = Array("〇壱弐参四伍六七八九")
    private static let groupUnits = ["", "万", "億", "兆"]

    private static func asciiDigit(_ character: Character) -> Character? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        switch scalar.value {
        case 0x30...0x39: return character
        case 0xFF10...0xFF19: return Character(Unicode.Scalar(UInt8(scalar.value - 0xFF10 + 0x30)))
        default: return nil
        }
    }

    private static func fullWidth(_ digit: Character) -> Character {
        Character(Unicode.Scalar(0xFF10 + UInt32(value(digit))) ?? "０")
    }

    /// The value of an ASCII digit.
    private static func value(_ digit: Character) -> Int { Int(digit.asciiValue ?? 48) - 48 }

    /// A numeral with units (`千二百三十四`): groups of four digits with 万, 億, 兆; within a
    /// group 千, 百, 十, written with `one` (`壱阡`) or without (`千`) a leading one.
    private static func kanjiNumeral(_ digits: String, digits symbols: [Character], units: [String], one: Bool)
        -> String?
    {
        let values = Array(digits.drop { $0 == "0" }).map(value)
        guard !values.isEmpty else { return String(symbols[0]) }
        guard values.count <= 4 * groupUnits.count else { return nil }
        let formalGroups = one ? ["", "萬", "億", "兆"] : groupUnits
        var result = ""
        let groupCount = (values.count + 3) / 4
        for group in 0..<groupCount {
            let end = values.count - 4 * (groupCount - 1 - group)
            let start = max(0, end - 4)
            var written = ""
            for (offset, value) in values[start..<end].enumerated() where value != 0 {
                let place = end - start - 1 - offset
                if value != 1 || place == 0 || one { written.append(symbols[value]) }
                written += units[place]
            }
            if !written.isEmpty { result += written + formalGroups[groupCount - 1 - group] }
        }
        return result
    }

    /// `1234567` → `1,234,567`.
    private static func grouped(_ digits: String) -> String {
        let trimmed = Array(digits.drop { $0 == "0" })
        guard !trimmed.isEmpty else { return "0" }
        var result = ""
        for (index, digit) in trimmed.enumerated() {
            if index > 0, (trimmed.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
