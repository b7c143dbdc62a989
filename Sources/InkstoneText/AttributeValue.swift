/// A typed attribute value, as carried in a D-Bus variant: a boolean, a
/// 64-bit integer, a double, a string or a colour (red, green, blue, alpha,
/// each in 0...1).
public enum AttributeValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case color(AttributeColor)

    /// A short name of the value's type (for messages).
    public var typeName: String {
        switch self {
        case .bool: "boolean"
        case .int: "integer"
        case .double: "double"
        case .string: "string"
        case .color: "colour"
        }
    }
}

/// An RGBA colour, components in 0...1.
public struct AttributeColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a colour (alpha 1 unless given).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

extension AttributeValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .color(let colour): "rgba(\(colour.red), \(colour.green), \(colour.blue), \(colour.alpha))"
        }
    }
}

/// The attributes of one character: key → value.
public typealias AttributeSet = [String: AttributeValue]
