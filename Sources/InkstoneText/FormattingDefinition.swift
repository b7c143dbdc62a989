/// Which attributes a document accepts and in what form (after SwiftUI's
/// `AttributedTextFormattingDefinition`): keys it does not name are dropped,
/// numbers are clamped to a range, colours snapped to the nearest colour of a
/// palette; a value outside a list of allowed values is refused.
public struct FormattingDefinition: Sendable, Equatable {
    /// The constraint on one key's values.
    public enum Constraint: Sendable, Equatable {
        /// Any value.
        case any
        /// One of these values (others are `InvalidArgument`).
        case values([AttributeValue])
        /// A number clamped into `lower...upper` (integers become doubles when clamped).
        case range(Double, Double)
        /// A colour replaced by the nearest colour of the palette (RGBA distance).
        case palette([AttributeColor])
    }

    /// The allowed keys and their constraints.
    public let constraints: [String: Constraint]

    /// Creates a definition; `InvalidArgument` for an empty range, list or palette.
    public init(_ constraints: [String: Constraint]) throws(InkstoneError) {
        for (key, constraint) in constraints {
            try AttributeValidation.checkKey(key)
            switch constraint {
            case .range(let lower, let upper) where !(lower.isFinite && upper.isFinite && lower <= upper):
                throw .invalidArgument("formatting of \(key): \(lower)...\(upper) is not a finite range")
            case .values(let values) where values.isEmpty:
                throw .invalidArgument("formatting of \(key): the list of allowed values is empty")
            case .palette(let colours) where colours.isEmpty:
                throw .invalidArgument("formatting of \(key): the palette is empty")
            default:
                break
            }
        }
        self.constraints = constraints
    }

    /// `set` as the document stores it: keys the definition does not name
    /// dropped, numbers clamped, colours snapped. `InvalidArgument` for a value
    /// outside a list of allowed values (or of the wrong kind for a range or palette).
    public func normalized(_ set: AttributeSet) throws(InkstoneError) -> AttributeSet {
        var result: AttributeSet = [:]
        for (key, value) in set {
            guard let constraint = constraints[key] else { continue }
            result[key] = try Self.apply(constraint, to: value, key: key)
        }
        return result
    }

    /// Like ``normalized(_:)``, but a value the definition refuses is dropped
    /// instead (for attributes already stored when the definition arrives).
    public func normalizedDroppingRefused(_ set: AttributeSet) -> AttributeSet {
        var result: AttributeSet = [:]
        for (key, value) in set {
            guard let constraint = constraints[key] else { continue }
            result[key] = try? Self.apply(constraint, to: value, key: key)
        }
        return result
    }

    private static func apply(_ constraint: Constraint, to value: AttributeValue, key: String) throws(InkstoneError)
        -> AttributeValue
    {
        switch constraint {
        case .any:
            return value
        case .values(let allowed):
            guard allowed.contains(value) else {
                throw .invalidArgument(
                    "attribute \(key) \(value) is not allowed here; allowed: \(allowed.map(\.description).joined(separator: ", "))"
                )
            }
            return value
        case .range(let lower, let upper):
            switch value {
            case .double(let number): return .double(min(max(number, lower), upper))
            case .int(let number):
                let clamped = min(max(Double(number), lower), upper)
                return clamped == Double(number) ? value : .double(clamped)
            default:
                throw .invalidArgument(
                    "attribute \(key) takes a number in \(lower)...\(upper), not a \(value.typeName)")
            }
        case .palette(let colours):
            guard case .color(let colour) = value else {
                throw .invalidArgument("attribute \(key) takes a colour of the palette, not a \(value.typeName)")
            }
            func distance(_ other: AttributeColor) -> Double {
                let d = [
                    colour.red - other.red, colour.green - other.green, colour.blue - other.blue,
                    colour.alpha - other.alpha,
                ]
                return d.reduce(0) { $0 + $1 * $1 }
            }
            return .color(colours.min { distance($0) < distance($1) } ?? colour)
        }
    }
}
