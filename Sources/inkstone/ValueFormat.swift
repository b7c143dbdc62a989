import DBusKit

/// Renders D-Bus values for people (`text`) and for programs (`json`).
enum ValueFormat {
    /// Compact text: strings as they are at the top level, quoted inside containers.
    static func text(_ value: DBusValue, nested: Bool = false) -> String {
        switch value {
        case .string(let string), .objectPath(let string), .signature(let string):
            return nested ? quoted(string) : string
        case .array(_, let elements):
            return "[" + elements.map { text($0, nested: true) }.joined(separator: ", ") + "]"
        case .structure(let fields):
            return "(" + fields.map { text($0, nested: true) }.joined(separator: ", ") + ")"
        case .dictEntry(let key, let inner):
            return text(key, nested: true) + ": " + text(inner, nested: true)
        case .variant(let inner):
            return text(inner, nested: nested)
        default:
            return json(value)
        }
    }

    /// JSON: dictionaries (`a{…}`) become objects, arrays and structures arrays.
    static func json(_ value: DBusValue) -> String {
        switch value {
        case .byte(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .int16(let number): return "\(number)"
        case .uint16(let number): return "\(number)"
        case .int32(let number): return "\(number)"
        case .uint32(let number): return "\(number)"
        case .int64(let number): return "\(number)"
        case .uint64(let number): return "\(number)"
        case .double(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let string), .objectPath(let string), .signature(let string): return quoted(string)
        case .array(let elementSignature, let elements) where elementSignature.hasPrefix("{"):
            let members = elements.compactMap { element -> String? in
                guard case .dictEntry(let key, let inner) = element else { return nil }
                return quoted(text(key)) + ": " + json(inner)
            }
            return "{" + members.joined(separator: ", ") + "}"
        case .array(_, let elements), .structure(let elements):
            return "[" + elements.map(json).joined(separator: ", ") + "]"
        case .dictEntry(let key, let inner): return "[" + json(key) + ", " + json(inner) + "]"
        case .variant(let inner): return json(inner)
        }
    }

    /// A JSON string literal.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension DBusValue {
    /// The value inside any number of variants.
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }
}
