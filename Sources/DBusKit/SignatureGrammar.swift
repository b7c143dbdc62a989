/// The grammar of D-Bus type signatures (the specification's "Valid Signatures"): basic
/// types, `v`, arrays, non-empty structs, dict entries (a basic key and one value) only
/// as array elements; at most 255 bytes, 32 nested arrays, 32 nested structs.
enum SignatureGrammar {
    /// Whether `signature` is any number of complete types.
    static func completeTypes(_ signature: String) -> Bool {
        let bytes = Array(signature.utf8)
        guard bytes.count <= 255 else { return false }
        var index = 0
        while index < bytes.count {
            guard let end = endOfType(bytes, at: index, arrays: 0, structs: 0, inArray: false) else { return false }
            index = end
        }
        return true
    }

    /// Whether `code` is a basic type (`y b n q i u x t d s o g h`).
    private static func isBasic(_ code: UInt8) -> Bool {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
            UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "s"),
            UInt8(ascii: "o"), UInt8(ascii: "g"), UInt8(ascii: "h"):
            return true
        default:
            return false
        }
    }

    /// The index after the complete type at `start`, or nil when there is none.
    private static func endOfType(_ bytes: [UInt8], at start: Int, arrays: Int, structs: Int, inArray: Bool) -> Int? {
        guard start < bytes.count else { return nil }
        let code = bytes[start]
        if isBasic(code) || code == UInt8(ascii: "v") { return start + 1 }
        switch code {
        case UInt8(ascii: "a"):
            guard arrays < 32 else { return nil }
            return endOfType(bytes, at: start + 1, arrays: arrays + 1, structs: structs, inArray: true)
        case UInt8(ascii: "("):
            guard structs < 32 else { return nil }
            var index = start + 1
            var fields = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                guard let end = endOfType(bytes, at: index, arrays: arrays, structs: structs + 1, inArray: false)
                else { return nil }
                index = end
                fields += 1
            }
            guard index < bytes.count, fields > 0 else { return nil }
            return index + 1
        case UInt8(ascii: "{"):
            guard inArray, start + 1 < bytes.count, isBasic(bytes[start + 1]),
                let end = endOfType(bytes, at: start + 2, arrays: arrays, structs: structs + 1, inArray: false),
                end < bytes.count, bytes[end] == UInt8(ascii: "}")
            else { return nil }
            return end + 1
        default:
            return nil
        }
    }
}
