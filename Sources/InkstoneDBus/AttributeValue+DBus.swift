import DBusKit
import InkstoneText

/// Attribute values on the wire: `b`, `i`/`x` (any integer type up to 64
/// bits that fits `x`), `d`, `s`, and a colour as `(dddd)` (red, green, blue, alpha).
extension AttributeValue {
    /// The value a variant carries; `InvalidArgument` for any other type.
    init(dbus value: DBusValue, key: String) throws(InkstoneError) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .byte(let number): self = .int(Int64(number))
        case .int16(let number): self = .int(Int64(number))
        case .uint16(let number): self = .int(Int64(number))
        case .int32(let number): self = .int(Int64(number))
        case .uint32(let number): self = .int(Int64(number))
        case .int64(let number): self = .int(number)
        case .uint64(let number) where number <= UInt64(Int64.max): self = .int(Int64(number))
        case .double(let number): self = .double(number)
        case .string(let string): self = .string(string)
        case .structure(let fields) where fields.count == 4:
            var components: [Double] = []
            for field in fields {
                guard case .double(let component) = field else { throw Self.unknownType(value, key: key) }
                components.append(component)
            }
            self = .color(
                AttributeColor(red: components[0], green: components[1], blue: components[2], alpha: components[3]))
        default:
            throw Self.unknownType(value, key: key)
        }
    }

    private static func unknownType(_ value: DBusValue, key: String) -> InkstoneError {
        .invalidArgument(
            "attribute \(key) has a value of type '\(value.signature)'; values are b, i, x, d, s or a colour (dddd)")
    }

    /// The value as a variant's content.
    var dbusValue: DBusValue {
        switch self {
        case .bool(let flag): .bool(flag)
        case .int(let number): .int64(number)
        case .double(let number): .double(number)
        case .string(let string): .string(string)
        case .color(let colour):
            .structure([.double(colour.red), .double(colour.green), .double(colour.blue), .double(colour.alpha)])
        }
    }
}

extension MessageReader {
    /// Reads an `a{sv}` attribute set.
    mutating func readAttributes() throws -> AttributeSet {
        var attributes: AttributeSet = [:]
        for (key, value) in try readVardict() {
            attributes[key] = try AttributeValue(dbus: value, key: key)
        }
        return attributes
    }

    /// Reads `a(xxa{sv})` runs, their offsets in `unit`.
    mutating func readAttributedRuns(in unit: OffsetUnit) throws -> [AttributedRun] {
        try readArray { element in
            try element.readStruct { fields in
                AttributedRun(
                    start: try fields.readInt(), length: try fields.readInt(), unit: unit,
                    attributes: try fields.readAttributes())
            }
        }
    }
}

extension MessageWriter {
    /// Appends an attribute set as `a{sv}` (keys sorted).
    mutating func append(attributes: AttributeSet) {
        append(vardict: attributes.mapValues(\.dbusValue))
    }

    /// Appends runs as `a(xxa{sv})`.
    mutating func append(runs: [AttributedRun]) {
        appendArray(of: "(xxa{sv})") { writer in
            for run in runs {
                writer.appendStruct { fields in
                    fields.append(Int64(run.start))
                    fields.append(Int64(run.length))
                    fields.append(attributes: run.attributes)
                }
            }
        }
    }
}
