import InkstoneText

/// A value of a creation option, independent of any wire format
/// (the D-Bus adapter converts `a{sv}` variants into these).
public enum OptionValue: Sendable, Equatable {
    case string(String)
    case strings([String])
    case bool(Bool)
    case int(Int64)
    case objectPath(String)
    /// A formatting definition (nil: none), see ``FormattingDefinition``.
    case formatting(FormattingDefinition?)

    /// A readable name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .string: "string"
        case .strings: "array of strings"
        case .bool: "boolean"
        case .int: "integer"
        case .objectPath: "object path"
        case .formatting: "formatting definition"
        }
    }
}
