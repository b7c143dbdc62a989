import DBusKit
import InkstoneTestSupport

/// Attributed-text helpers over the bus: plain `[String: DBusValue]` sets
/// (variant contents) and runs as `(start, length, attributes)`.
extension InkstonePeer {
    typealias Run = (start: Int, length: Int, attributes: [String: DBusValue])

    /// `SetAttributes(start, length, set, remove)`.
    func setAttributes(
        _ context: String, _ start: Int, _ length: Int, _ set: [String: DBusValue], remove: [String] = []
    ) throws {
        try call(context, "SetAttributes") { writer in
            writer.append(Int64(start))
            writer.append(Int64(length))
            writer.append(vardict: set)
            writer.append(strings: remove)
        }
    }

    /// The error name of `SetAttributes`, nil when it succeeds.
    func setAttributesError(
        _ context: String, _ start: Int, _ length: Int, _ set: [String: DBusValue], remove: [String] = []
    ) -> String? {
        errorName(context, "SetAttributes") { writer in
            writer.append(Int64(start))
            writer.append(Int64(length))
            writer.append(vardict: set)
            writer.append(strings: remove)
        }
    }

    /// `GetAttributedText(start, length)`.
    func attributedText(_ context: String, _ start: Int, _ length: Int) throws -> (text: String, runs: [Run]) {
        let reply = try call(context, "GetAttributedText") { writer in
            writer.append(Int64(start))
            writer.append(Int64(length))
        }
        return (reply[0].stringValue ?? "", Self.runs(reply[1]))
    }

    /// `AttributesAt(position)`.
    func attributes(_ context: String, at position: Int) throws -> [String: DBusValue] {
        Self.attributeSet(try call(context, "AttributesAt") { $0.append(Int64(position)) }[0])
    }

    /// Writes `ReplaceRangeWithAttributed` arguments.
    static func attributedReplacement(
        _ start: Int, _ length: Int, _ text: String, _ runs: [Run], expected: UInt64 = 0
    ) -> (inout MessageWriter) throws -> Void {
        { writer in
            writer.append(Int64(start))
            writer.append(Int64(length))
            writer.append(text)
            writer.appendArray(of: "(xxa{sv})") { array in
                for run in runs {
                    array.appendStruct { fields in
                        fields.append(Int64(run.start))
                        fields.append(Int64(run.length))
                        fields.append(vardict: run.attributes)
                    }
                }
            }
            writer.append(expected)
        }
    }

    /// `ToggleAttribute(key, value)`: whether the key is now set.
    @discardableResult
    func toggle(_ context: String, _ key: String, _ value: DBusValue) throws -> Bool {
        try call(context, "ToggleAttribute") { writer in
            writer.append(key)
            writer.append(DBusValue.variant(value))
        }.first?.boolValue ?? false
    }

    /// `SelectionAttributes`: key → (value, uniform).
    func selectionAttributes(_ context: String) throws -> [String: (DBusValue, Bool)] {
        guard case .array(_, let entries)? = try call(context, "SelectionAttributes").first else { return [:] }
        var result: [String: (DBusValue, Bool)] = [:]
        for case .dictEntry(.string(let key), .structure(let fields)) in entries where fields.count == 2 {
            guard case .variant(let value) = fields[0], let uniform = fields[1].boolValue else { continue }
            result[key] = (value, uniform)
        }
        return result
    }

    /// An `a{sv}` reply value as a dictionary of variant contents.
    static func attributeSet(_ value: DBusValue) -> [String: DBusValue] {
        guard case .array(_, let entries) = value else { return [:] }
        var result: [String: DBusValue] = [:]
        for case .dictEntry(.string(let key), let entry) in entries {
            if case .variant(let inner) = entry { result[key] = inner } else { result[key] = entry }
        }
        return result
    }

    /// An `a(xxa{sv})` reply value as runs.
    static func runs(_ value: DBusValue) -> [Run] {
        guard case .array(_, let items) = value else { return [] }
        return items.compactMap { item in
            guard case .structure(let fields) = item, fields.count == 3,
                let start = fields[0].int, let length = fields[1].int
            else { return nil }
            return (start, length, attributeSet(fields[2]))
        }
    }
}

/// Runs compared by value, runs without attributes (plain stretches) left aside.
func sameRuns(_ a: [InkstonePeer.Run], _ b: [InkstonePeer.Run]) -> Bool {
    let a = a.filter { !$0.attributes.isEmpty }
    let b = b.filter { !$0.attributes.isEmpty }
    return a.count == b.count
        && zip(a, b).allSatisfy { $0.start == $1.start && $0.length == $1.length && $0.attributes == $1.attributes }
}
