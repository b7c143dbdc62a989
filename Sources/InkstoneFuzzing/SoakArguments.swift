import DBusKit
import InkstoneClient
import InkstoneTestSupport

/// Random, type-correct arguments for the soak: values chosen by argument name
/// where the name says what is meaningful (offsets, key names, granularities),
/// with extreme integers and wrong-but-valid strings mixed in.
struct SoakArguments {
    var random: SplitMix64
    /// Unique names and contexts the soak knows, for arguments that name them.
    var peers: [String] = []
    var properties: [String] = []

    static let texts = [
        "a", "xyz", "한", "世界", "é", "e\u{301}", "\u{301}", "👩\u{200D}👩\u{200D}👧", "🇰🇷", "\r\n", "𝄞", "",
        "\u{FFFF}", "\u{FEFF}", "\u{10FFFF}", "Hello, world. Next!", "\u{200D}", "ab\u{0}cd",
    ]
    static let granularities = [
        "character", "word", "sentence", "paragraph", "line", "document", "grapheme", "", "bogus",
    ]
    static let directions = ["forward", "backward", "left", "right", "up", "down", "", "sideways"]
    static let engines = ["direct", "compose", "hangul", "unicode", "hangul:39", "", "nope"]
    static let keyNames = [
        "a", "g", "k", "s", "r", "m", "f", "space", "BackSpace", "Delete", "Return", "Escape", "Tab", "Home", "End",
        "Left", "Right", "Up", "Down", "Shift+Left", "Control+Home", "Hangul_Hanja", "Page_Down", "Page_Up", "1", "0",
        "Control+Shift+U", "Control+Shift+u", "Multi_key", "apostrophe", "e", "dead_acute", "KP_Enter", "F9",
        "Control+c", "+", "Alt+plus", "Shift", "bogus_key", "", "Mod5+x", "Control+Shift+U",
    ]
    static let kinds = [
        "text", "selection", "marked", "commit", "edits", "properties", "candidates", "geometry", "all", "bogus",
    ]
    static let items = [
        "persist=true", "persist=false", "engine=hangul", "engine=unicode", "engine=compose", "unit=utf8", "unit=utf16",
        "unit=scalars", "unit=graphemes", "unit=bogus", "notifications=text,selection", "queue_edits=false",
        "coalesce=true", "focus_out=commit", "focus_out=discard", "program=soak", "bogus", "=", "engine=",
    ]
    static let interfaces = [
        InkstoneNames.contextInterface, InkstoneNames.serviceInterface, InkstoneNames.documentInterface, "", "org.x",
    ]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func chance(_ oneIn: Int) -> Bool { random.next(below: oneIn) == 0 }
    mutating func pick<T>(_ choices: [T]) -> T { choices[random.next(below: choices.count)] }

    mutating func offset() -> Int64 {
        switch random.next(below: 20) {
        case 0: return Int64.max
        case 1: return Int64.min
        case 2: return -1
        case 3: return Int64(bitPattern: random.next())
        case 4: return Int64(Int32.max)
        default: return Int64(random.next(below: 24))
        }
    }

    mutating func double() -> Double {
        switch random.next(below: 12) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.greatestFiniteMagnitude
        case 3: return -1
        case 4: return 0
        default: return Double(random.next(below: 2000)) / 4
        }
    }

    /// A short readable form of a value, for the log of a violation.
    static func describe(_ value: DBusValue) -> String {
        switch value {
        case .string(let text):
            let shown = text.count > 24 ? String(text.prefix(24)) + "…(\(text.utf8.count) bytes)" : text
            return shown.debugDescription
        case .objectPath(let path): return "o:" + path
        case .array(_, let elements):
            return "[" + elements.prefix(8).map(describe).joined(separator: ",")
                + (elements.count > 8 ? ",…\(elements.count)" : "") + "]"
        case .structure(let fields): return "(" + fields.map(describe).joined(separator: ",") + ")"
        case .dictEntry(let key, let value): return describe(key) + ":" + describe(value)
        case .variant(let inner): return "<" + describe(inner) + ">"
        case .int64(let number): return "\(number)"
        case .uint64(let number): return "\(number)"
        case .int32(let number): return "\(number)"
        case .uint32(let number): return "\(number)"
        case .double(let number): return "\(number)"
        case .bool(let flag): return "\(flag)"
        default: return "\(value)"
        }
    }

    mutating func text() -> String {
        switch random.next(below: 40) {
        case 0: return String(repeating: pick(Self.texts), count: 1 + random.next(below: 2048))
        case 1: return String(repeating: "x", count: 70_000)
        default: return (0..<(1 + random.next(below: 3))).map { _ in pick(Self.texts) }.joined()
        }
    }

    /// A string for an argument called `name`.
    mutating func string(named name: String) -> String {
        if chance(25) { return text() }
        switch name {
        case "granularity": return pick(Self.granularities)
        case "direction": return pick(Self.directions)
        case "engine": return pick(Self.engines)
        case "peer":
            return chance(3)
                ? pick(["not a name", ":1.9999", "", "org.x", String(repeating: "n", count: 300)])
                : (peers.isEmpty ? ":1.1" : pick(peers))
        case "interface_name": return pick(Self.interfaces)
        case "property_name": return properties.isEmpty || chance(6) ? "Bogus" : pick(properties)
        default: return text()
        }
    }

    /// One random value of complete type `type` for an argument called `name`.
    mutating func value(_ type: Substring, named name: String, depth: Int = 0) -> DBusValue {
        switch type {
        case "x": return .int64(offset())
        case "t": return .uint64(chance(2) ? 0 : (chance(4) ? .max : UInt64(random.next(below: 64))))
        case "i": return .int32(pick([Int32(0), 1, 2, 9, -1, .max, .min, Int32(random.next(below: 12))]))
        case "u" where name == "keysym":
            return .uint32(
                pick([
                    UInt32(0x61), 0x67, 0x20, 0xff08, 0xff1b, 0xff0d, 0xff34, 0xfe51, 0xff20, 0x55, 0x30, 0,
                    .max, UInt32(truncatingIfNeeded: random.next()),
                ]))
        case "u" where name == "state": return .uint32(pick([UInt32(0), 1, 4, 5, 8, .max]))
        case "u": return .uint32(pick([UInt32(0), 1, 4, 8, 80, .max, UInt32(random.next(below: 100))]))
        case "b": return .bool(chance(2))
        case "d": return .double(double())
        case "y": return .byte(UInt8(truncatingIfNeeded: random.next()))
        case "s": return .string(string(named: name).replacingNUL())
        case "o": return .objectPath(pick(["/gp", "/", "/org/inkstone/Inkstone1/context/1", "/a/b"]))
        case "g": return .signature(pick(["s", "a{sv}", ""]))
        case "as":
            let pool =
                name == "names"
                ? Self.keyNames : name == "kinds" ? Self.kinds : name == "options" ? Self.items : Self.texts
            let count = chance(50) ? 300 : random.next(below: 7)
            return .array(elementSignature: "s", (0..<count).map { _ in .string(pick(pool).replacingNUL()) })
        case "a{sv}":
            return .vardict(options())
        case "v":
            return .variant(pick([.string(text().replacingNUL()), .bool(chance(2)), .int64(offset()), .uint32(7)]))
        default:
            let inner = type.dropFirst().dropLast()
            switch type.first {
            case "a":
                let element = type.dropFirst()
                let count = depth > 2 ? 0 : random.next(below: 4)
                return .array(
                    elementSignature: String(element),
                    (0..<count).map { _ in value(element, named: name, depth: depth + 1) })
            case "(":
                return .structure(SignatureTypes(String(inner)).map { value($0, named: "", depth: depth + 1) })
            default:
                let fields = SignatureTypes(String(inner)).map { value($0, named: "", depth: depth + 1) }
                return .dictEntry(fields[0], fields.count > 1 ? fields[1] : .string(""))
            }
        }
    }

    /// Options for `CreateInputContext`, or a segment's attributes.
    mutating func options() -> [String: DBusValue] {
        var options: [String: DBusValue] = [:]
        for _ in 0..<random.next(below: 4) {
            switch random.next(below: 10) {
            case 0: options["unit"] = .string(pick(["utf8", "utf16", "scalars", "graphemes", "bogus"]))
            case 1: options["engine"] = .string(pick(Self.engines))
            case 2:
                options["notifications"] = .array(
                    elementSignature: "s", (0..<random.next(below: 4)).map { _ in .string(pick(Self.kinds)) })
            case 3: options["persist"] = .bool(chance(2))
            case 4: options["coalesce"] = .bool(chance(2))
            case 5: options["style"] = .string(pick(["underline", "highlight", "thick_underline", "plain", "bogus"]))
            case 6: options["program"] = .string(chance(10) ? String(repeating: "p", count: 5000) : "soak")
            case 7: options["queue_edits"] = chance(4) ? .string("yes") : .bool(chance(2))
            case 8: options["document"] = .objectPath(pick(["/org/inkstone/Inkstone1/document/1", "/x"]))
            default: options[pick(["bogus", ""])] = .int64(offset())
            }
        }
        return options
    }
}
