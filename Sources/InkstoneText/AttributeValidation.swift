/// Checks of attribute keys and values before they reach a document: every
/// refusal is a named error and leaves the document as it was.
public enum AttributeValidation {
    /// Longest key, in UTF-8 bytes.
    public static let maxKeyUTF8Bytes = 255
    /// Most keys one call may set or remove.
    public static let maxKeysPerCall = 64
    /// Most runs one attributed text may carry.
    public static let maxRunsPerCall = 65_536
    /// Longest string value, in UTF-8 bytes.
    public static let maxStringUTF8Bytes = 4_096

    /// The type each standard key takes; the values `underline` may take.
    static let standardTypes: [String: String] = [
        "bold": "boolean", "italic": "boolean", "strikethrough": "boolean", "underline": "string",
        "font_family": "string", "font_size": "double", "foreground": "colour", "background": "colour",
        "link": "string", "language": "string", "pattern": "string",
        "alignment": "string", "line_height": "double", "writing_direction": "string", "paragraph_style": "string",
    ]
    /// Styles of `underline`.
    public static let underlineStyles = ["none", "single", "double", "thick", "dotted", "dashed"]
    /// Values of `alignment`.
    public static let alignments = ["natural", "left", "right", "center", "justified"]
    /// Values of `writing_direction`.
    public static let writingDirections = ["natural", "ltr", "rtl"]

    /// `InvalidArgument` unless `key` is 1...255 bytes of ASCII letters,
    /// digits, `_`, `-` and `.` (short names and reverse-DNS names).
    public static func checkKey(_ key: String) throws(InkstoneError) {
        guard !key.isEmpty, key.utf8.count <= maxKeyUTF8Bytes,
            key.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D || byte == 0x2E
            })
        else {
            throw .invalidArgument(
                "attribute key '\(key.prefix(64))' is not 1...\(maxKeyUTF8Bytes) ASCII letters, digits, '_', '-' or '.'"
            )
        }
    }

    /// Checks a key and its value: standard keys take their documented type
    /// (an integer is accepted for a double key and stored as a double), doubles are
    /// finite, colour components lie in 0...1, strings carry no U+0000 and fit
    /// ``maxStringUTF8Bytes``. Returns the value as stored.
    public static func checked(_ key: String, _ value: AttributeValue) throws(InkstoneError) -> AttributeValue {
        try checkKey(key)
        var value = value
        switch value {
        case .double(let number) where !number.isFinite:
            throw .invalidArgument("attribute \(key): \(number) is not a finite number")
        case .color(let colour):
            for component in [colour.red, colour.green, colour.blue, colour.alpha] where !(0...1).contains(component) {
                throw .invalidArgument("attribute \(key): colour component \(component) is outside 0...1")
            }
        case .string(let string):
            try InkstoneError.checkCarriable(string, argument: "attribute \(key)")
            guard string.utf8.count <= maxStringUTF8Bytes else {
                throw .limitExceeded("attribute \(key): a string value holds at most \(maxStringUTF8Bytes) bytes")
            }
        default:
            break
        }
        if let expected = standardTypes[key] {
            if expected == "double", case .int(let number) = value { value = .double(Double(number)) }
            guard value.typeName == expected else {
                throw .invalidArgument("attribute \(key) takes a \(expected), not a \(value.typeName)")
            }
            if case .string(let string) = value, let allowed = allowedStrings(of: key), !allowed.contains(string) {
                throw .invalidArgument("attribute \(key) '\(string)' is not one of \(allowed.joined(separator: ", "))")
            }
            if case .double(let number) = value, key == "font_size" || key == "line_height", number <= 0 {
                throw .invalidArgument("attribute \(key) must be positive, not \(number)")
            }
        }
        return value
    }

    /// Checks a whole attribute set (at most ``maxKeysPerCall`` keys), returning it as stored.
    public static func checked(_ attributes: AttributeSet) throws(InkstoneError) -> AttributeSet {
        guard attributes.count <= maxKeysPerCall else {
            throw .limitExceeded("\(attributes.count) attribute keys in one set; the limit is \(maxKeysPerCall)")
        }
        var result: AttributeSet = [:]
        for (key, value) in attributes { result[key] = try checked(key, value) }
        return result
    }

    /// Checks keys to remove (at most ``maxKeysPerCall``).
    public static func checkKeys(_ keys: [String]) throws(InkstoneError) {
        guard keys.count <= maxKeysPerCall else {
            throw .limitExceeded("\(keys.count) attribute keys in one call; the limit is \(maxKeysPerCall)")
        }
        for key in keys { try checkKey(key) }
    }

    private static func allowedStrings(of key: String) -> [String]? {
        switch key {
        case "underline": underlineStyles
        case "alignment": alignments
        case "writing_direction": writingDirections
        default: nil
        }
    }
}
