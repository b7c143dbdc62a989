import DBusKit
import InkstoneService

extension PropertyValue {
    /// The value as D-Bus data.
    var dbusValue: DBusValue {
        switch self {
        case .bool(let value): .bool(value)
        case .int64(let value): .int64(value)
        case .uint64(let value): .uint64(value)
        case .string(let value): .string(value)
        case .range(let start, let length): .structure([.int64(start), .int64(length)])
        }
    }
}

extension MessageWriter {
    /// Appends a (start, length) pair as `(xx)`, (−1, 0) for none.
    mutating func appendRange(_ start: Int?, _ length: Int?) {
        appendStruct(signature: "xx") { writer in
            writer.append(Int64(start ?? -1))
            writer.append(Int64(start == nil ? 0 : (length ?? 0)))
        }
    }

    /// Appends a visible candidate page as `a(sss)` (text, annotation, label).
    mutating func appendCandidates(_ snapshot: CandidatesSnapshot) {
        appendArray(of: "(sss)") { array in
            for item in snapshot.items {
                array.appendStruct { entry in
                    entry.append(item.text)
                    entry.append(item.annotation)
                    entry.append(item.label)
                }
            }
        }
    }

    /// Appends changed properties as `a{sv}` (names sorted).
    mutating func appendChangedProperties(_ changes: [String: PropertyValue]) {
        var changed: [String: DBusValue] = [:]
        for (name, value) in changes { changed[name] = value.dbusValue }
        append(vardict: changed)
    }
}
