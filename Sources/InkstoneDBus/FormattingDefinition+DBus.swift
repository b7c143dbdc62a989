import DBusKit
import InkstoneText

/// A formatting definition on the wire: `a{sv}`, key → constraint. `b` true:
/// any value; `as` or `av`: one of these values; `(dd)`: a number clamped to
/// min...max; `a(dddd)`: a colour snapped to the nearest of this palette.
/// Keys not named (or named with `b` false) are dropped. An empty dictionary
/// removes the definition.
extension FormattingDefinition {
    /// The definition a dictionary describes (nil when empty); `InvalidArgument` for any other shape.
    static func fromDBus(_ dictionary: [String: DBusValue]) throws(InkstoneError) -> FormattingDefinition? {
        guard !dictionary.isEmpty else { return nil }
        var constraints: [String: Constraint] = [:]
        for (key, value) in dictionary {
            switch value {
            case .bool(let allowed):
                if allowed { constraints[key] = .any }
            case .array("s", let items), .array("v", let items):
                constraints[key] = .values(
                    try items.map { item throws(InkstoneError) in
                        if case .variant(let inner) = item { return try AttributeValue(dbus: inner, key: key) }
                        return try AttributeValue(dbus: item, key: key)
                    })
            case .structure(let fields):
                guard fields.count == 2, case .double(let lower) = fields[0], case .double(let upper) = fields[1] else {
                    throw Self.badShape(key, value)
                }
                constraints[key] = .range(lower, upper)
            case .array("(dddd)", let items):
                constraints[key] = .palette(
                    try items.map { item throws(InkstoneError) in
                        guard case .color(let colour) = try AttributeValue(dbus: item, key: key) else {
                            throw Self.badShape(key, value)
                        }
                        return colour
                    })
            default:
                throw Self.badShape(key, value)
            }
        }
        return try FormattingDefinition(constraints)
    }

    private static func badShape(_ key: String, _ value: DBusValue) -> InkstoneError {
        .invalidArgument(
            "formatting of \(key) has type '\(value.signature)'; constraints are b, as, av, (dd) or a(dddd)")
    }
}
