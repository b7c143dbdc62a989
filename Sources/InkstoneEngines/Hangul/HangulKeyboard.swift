import Glibc
import InkstoneCore

/// A Hangul keyboard loaded from libhangul's keyboard XML
/// (`<hangul-keyboard id= type=>`, `<map id="0">` of `<item key= value=>`, and a
/// combination table, inline or via `<include file=>`).
public struct HangulKeyboard: Sendable {
    /// How keys are composed (libhangul's keyboard types).
    public enum Kind: String, Sendable {
        /// 2-set style: consonant keys are choseong and become jongseong by position.
        case jamo
        /// 3-set style: every key names its slot (choseong, jungseong or jongseong).
        case jaso
        /// 2-set with old (archaic) jamo.
        case jamoYet = "jamo-yet"
        /// 3-set with old jamo.
        case jasoYet = "jaso-yet"
        /// Latin transliteration: letters spell Hangul by sound (`hangug` → 한국).
        case romaja
    }

    /// The keyboard id (`2`, `39`, `3f`, …).
    public let id: String
    /// The keyboard's English name (`Dubeolsik`).
    public let name: String
    /// How keys compose.
    public let kind: Kind
    /// ASCII key → jamo (or other character); 0 where the key is not mapped.
    let keyTable: [UInt32]
    /// `first << 16 | second` → combined jamo.
    let combinations: [UInt64: UInt32]

    /// The directory of libhangul's keyboard files (Debian libhangul-data).
    public static let defaultDirectory = "/usr/share/libhangul/keyboards"

    /// The value mapped to an ASCII key, or 0.
    func value(forASCII ascii: UInt32) -> UInt32 {
        ascii < UInt32(keyTable.count) ? keyTable[Int(ascii)] : 0
    }

    /// The jamo `first` and `second` combine into, or 0.
    func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        combinations[UInt64(first) << 16 | UInt64(second)] ?? 0
    }

    /// Loads `hangul-keyboard-<id>.xml` from `directory`.
    /// - Throws: `InvalidArgument` if the file is missing, malformed or of an unknown kind.
    public static func load(id: String, directory: String = defaultDirectory) throws(InkstoneError) -> HangulKeyboard {
        let path = "\(directory)/hangul-keyboard-\(id).xml"
        let document = try XMLScanner(text: readFile(path))
        guard let root = document.elements.first(where: { $0.name == "hangul-keyboard" }),
            let kindName = root.attributes["type"], let kind = Kind(rawValue: kindName)
        else {
            throw .invalidArgument("\(path) is not a libhangul keyboard")
        }
        var keyTable = [UInt32](repeating: 0, count: 128)
        var combinations: [UInt64: UInt32] = [:]
        var section = ""
        for element in document.elements {
            switch element.name {
            case "map", "combination": section = element.name + (element.attributes["id"] ?? "0")
            case "include":
                if let file = element.attributes["file"] {
                    try loadCombinations(from: "\(directory)/\(file)", into: &combinations)
                }
            case "item" where section == "map0":
                if let key = element.hexAttribute("key"), let value = element.hexAttribute("value"), key < 128 {
                    keyTable[Int(key)] = value
                }
            case "item" where section == "combination0":
                element.addCombination(into: &combinations)
            default: break
            }
        }
        let name = document.elements.first(where: { $0.name == "name" && $0.attributes["xml:lang"] == nil })?.text ?? id
        return HangulKeyboard(
            id: root.attributes["id"] ?? id, name: name, kind: kind,
            keyTable: keyTable, combinations: combinations)
    }

    private static func loadCombinations(from path: String, into table: inout [UInt64: UInt32]) throws(InkstoneError) {
        let document = try XMLScanner(text: readFile(path))
        var inFirstTable = false
        for element in document.elements {
            if element.name == "combination" { inFirstTable = (element.attributes["id"] ?? "0") == "0" }
            if element.name == "item", inFirstTable { element.addCombination(into: &table) }
        }
    }

    /// Reads a whole file as UTF-8.
    static func readFile(_ path: String) throws(InkstoneError) -> String {
        guard let bytes = DataFile.bytes(at: path) else { throw .invalidArgument("cannot read \(path)") }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension XMLScanner.Element {
    /// A `0x…` attribute as a number.
    func hexAttribute(_ name: String) -> UInt32? {
        guard let raw = attributes[name] else { return nil }
        let digits = raw.hasPrefix("0x") || raw.hasPrefix("0X") ? String(raw.dropFirst(2)) : raw
        return UInt32(digits, radix: 16)
    }

    /// Adds a `<item first= second= result=>` rule.
    func addCombination(into table: inout [UInt64: UInt32]) {
        guard let first = hexAttribute("first"), let second = hexAttribute("second"),
            let result = hexAttribute("result")
        else { return }
        table[UInt64(first) << 16 | UInt64(second)] = result
    }
}
