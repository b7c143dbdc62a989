import DBusKit
import InkstoneText

/// How `SetMarkedTextSegments` attributes (`a{sv}`) map to marked-text styles.
///
/// Keys: `underline` (s: none, single, thick), `highlight` (b). A segment
/// with `highlight` true is highlighted; else `underline` thick or single
/// underlines it; none is plain.
enum MarkedSegmentAttributes {
    /// The keys `ValidAttributesForMarkedText` lists.
    static let validKeys = ["highlight", "underline"]

    /// One segment from its (start, length, attributes) triple, counted in `unit` (the context's).
    static func segment(_ triple: (Int, Int, [String: DBusValue]), unit: OffsetUnit) throws -> MarkedSegment {
        let (start, length, attributes) = triple
        var style: MarkedStyle = .plain
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("highlight", .bool(let on)):
                if on { style = .highlight }
            case ("underline", .string(let kind)):
                guard style != .highlight else { continue }
                switch kind {
                case "none": style = .plain
                case "single": style = .underline
                case "thick": style = .thickUnderline
                default:
                    throw InkstoneError.invalidArgument("underline '\(kind)' is not one of none, single, thick")
                }
            default:
                throw InkstoneError.invalidArgument(
                    "segment attribute '\(key)' (\(value.signature)) is not valid; valid keys: highlight (b), underline (s)"
                )
            }
        }
        return MarkedSegment(range: UnitRange(start: start, length: length, unit: unit), style: style)
    }
}
