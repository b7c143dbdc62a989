/// A dynamically typed D-Bus value: what a variant (`v`) or an `a{sv}` option holds.
public indirect enum DBusValue: Sendable, Equatable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case bool(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`
    case objectPath(String)
    /// `g`
    case signature(String)
    /// `a…`: elements of one type, named by `elementSignature` (needed for empty arrays).
    case array(elementSignature: String, [DBusValue])
    /// `(…)`
    case structure([DBusValue])
    /// `{kv}`: only as an array element.
    case dictEntry(DBusValue, DBusValue)
    /// `v`
    case variant(DBusValue)

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .bool: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let elementSignature, _): return "a" + elementSignature
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        case .variant: return "v"
        }
    }

    /// An `a{sv}` dictionary value, keys in sorted order.
    public static func vardict(_ entries: [String: DBusValue]) -> DBusValue {
        .array(
            elementSignature: "{sv}",
            entries.keys.sorted().compactMap { key in
                entries[key].map { .dictEntry(.string(key), .variant($0)) }
            }
        )
    }

    /// The string of a `.string`, `.objectPath` or `.signature`, or of a variant holding one.
    public var stringValue: String? {
        switch self {
        case .string(let string), .objectPath(let string), .signature(let string): return string
        case .variant(let inner): return inner.stringValue
        default: return nil
        }
    }

    /// The flag of a `.bool`, or of a variant holding one.
    public var boolValue: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .variant(let inner): return inner.boolValue
        default: return nil
        }
    }

    /// Any integer case widened to `Int64` (or nil when it does not fit or is not an integer).
    public var int64Value: Int64? {
        switch self {
        case .byte(let number): return Int64(number)
        case .int16(let number): return Int64(number)
        case .uint16(let number): return Int64(number)
        case .int32(let number): return Int64(number)
        case .uint32(let number): return Int64(number)
        case .int64(let number): return number
        case .uint64(let number): return Int64(exactly: number)
        case .variant(let inner): return inner.int64Value
        default: return nil
        }
    }
}
