import DBusKit
import InkstoneService

/// A call's report as one `(t revision, ay kinds, at unsigned, ax signed, as strings,
/// av values)` struct (a `Notifications` signal's one argument, and the last field of a
/// …Reporting reply's one struct): the document revision after the call, one kind byte per event, and
/// each event's arguments appended to the column of their type, in order. One struct
/// is one top-level argument (libdbus, which DBusKit used when this format was fixed,
/// rewrote the message's signature header field once per top-level argument). The numeric
/// columns are written as blocks (no iterator call per value,
/// no variant per argument); nothing is allocated on the heap.
///
/// | kind | event | unsigned | signed | strings | values |
/// | --- | --- | --- | --- | --- | --- |
/// | 1 | TextWillChange | revision | | | |
/// | 2 | TextDidChange | revision | start, old length, new length | cause | |
/// | 3 | SelectionWillChange | | | | |
/// | 4 | SelectionDidChange | | start, length | | |
/// | 5 | MarkedTextChanged | | selection start, selection length | text | |
/// | 6 | Committed | | | text | |
/// | 7 | EditApplied | ticket, revision | | | |
/// | 8 | EditFailed | ticket | | error name, message | |
/// | 9 | CandidatesChanged | | n, cursor, page, has prev, has next | n × (text, annotation, label) | |
/// | 10 | PropertiesChanged | | | | changed properties `a{sv}` |
/// | 11 | AttributesWillChange | | | | |
/// | 12 | AttributesDidChange | | start, length, n | n keys | |
extension Notification {
    /// The event's kind byte.
    var columnKind: UInt8 {
        switch self {
        case .textWillChange: 1
        case .textDidChange: 2
        case .selectionWillChange: 3
        case .selectionDidChange: 4
        case .markedTextChanged: 5
        case .committed: 6
        case .editApplied: 7
        case .editFailed: 8
        case .candidatesChanged: 9
        case .propertiesChanged: 10
        case .attributesWillChange: 11
        case .attributesDidChange: 12
        }
    }

    /// How many values the event puts in the unsigned and signed columns.
    fileprivate var numericCounts: (unsigned: Int, signed: Int) {
        switch self {
        case .textWillChange: (1, 0)
        case .textDidChange: (1, 3)
        case .selectionDidChange, .markedTextChanged: (0, 2)
        case .editApplied: (2, 0)
        case .editFailed: (1, 0)
        case .candidatesChanged: (0, 5)
        case .attributesDidChange: (0, 3)
        case .selectionWillChange, .committed, .propertiesChanged, .attributesWillChange: (0, 0)
        }
    }

    /// Puts the event's numbers into the columns at their next free slots.
    fileprivate func fillNumbers(
        _ unsigned: UnsafeMutableBufferPointer<UInt64>, _ nextUnsigned: inout Int,
        _ signed: UnsafeMutableBufferPointer<Int64>, _ nextSigned: inout Int
    ) {
        func putUnsigned(_ value: UInt64) {
            unsigned[nextUnsigned] = value
            nextUnsigned += 1
        }
        func putSigned(_ value: Int64) {
            signed[nextSigned] = value
            nextSigned += 1
        }
        switch self {
        case .textWillChange(let revision):
            putUnsigned(revision)
        case .textDidChange(let revision, let start, let oldLength, let newLength, _):
            putUnsigned(revision)
            putSigned(Int64(start))
            putSigned(Int64(oldLength))
            putSigned(Int64(newLength))
        case .selectionDidChange(let start, let length):
            putSigned(Int64(start))
            putSigned(Int64(length))
        case .markedTextChanged(_, let selectionStart, let selectionLength):
            putSigned(Int64(selectionStart))
            putSigned(Int64(selectionLength))
        case .editApplied(let ticket, let revision):
            putUnsigned(ticket)
            putUnsigned(revision)
        case .editFailed(let ticket, _):
            putUnsigned(ticket)
        case .candidatesChanged(let snapshot):
            putSigned(Int64(snapshot.items.count))
            putSigned(Int64(snapshot.cursor))
            putSigned(Int64(snapshot.page))
            putSigned(snapshot.hasPrev ? 1 : 0)
            putSigned(snapshot.hasNext ? 1 : 0)
        case .attributesDidChange(let start, let length, let keys):
            putSigned(Int64(start))
            putSigned(Int64(length))
            putSigned(Int64(keys.count))
        case .selectionWillChange, .committed, .propertiesChanged, .attributesWillChange:
            break
        }
    }

    /// Appends the event's strings to the strings column.
    fileprivate func appendStrings(to writer: inout MessageWriter) {
        switch self {
        case .textDidChange(_, _, _, _, let cause):
            writer.append(cause.rawValue)
        case .markedTextChanged(let text, _, _), .committed(let text):
            writer.append(text)
        case .editFailed(_, let error):
            writer.append(error.dbusErrorName)
            writer.append(error.message)
        case .candidatesChanged(let snapshot):
            for item in snapshot.items {
                writer.append(item.text)
                writer.append(item.annotation)
                writer.append(item.label)
            }
        case .attributesDidChange(_, _, let keys):
            for key in keys { writer.append(key) }
        default:
            break
        }
    }
}

extension MessageWriter {
    /// The signature of ``appendCallReport(revision:events:)``.
    static let callReportSignature = "(tayataxasav)"

    /// Appends `revision` and `notifications` as one `(t revision, ay kinds, at unsigned,
    /// ax signed, as strings, av values)` struct (see the table on ``Notification/columnKind``).
    mutating func appendCallReport(revision: UInt64, events notifications: [Notification]) {
        var unsignedCount = 0
        var signedCount = 0
        for notification in notifications {
            let counts = notification.numericCounts
            unsignedCount += counts.unsigned
            signedCount += counts.signed
        }
        appendStruct(signature: "tayataxasav") { columns in
            columns.append(revision)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: notifications.count) { kinds in
                for (index, notification) in notifications.enumerated() { kinds[index] = notification.columnKind }
                columns.appendFixedArray(UnsafeBufferPointer(kinds))
            }
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: unsignedCount) { unsigned in
                withUnsafeTemporaryAllocation(of: Int64.self, capacity: signedCount) { signed in
                    var nextUnsigned = 0
                    var nextSigned = 0
                    for notification in notifications {
                        notification.fillNumbers(unsigned, &nextUnsigned, signed, &nextSigned)
                    }
                    columns.appendFixedArray(UnsafeBufferPointer(unsigned))
                    columns.appendFixedArray(UnsafeBufferPointer(signed))
                }
            }
            columns.appendArray(of: "s") { strings in
                for notification in notifications { notification.appendStrings(to: &strings) }
            }
            columns.appendArray(of: "v") { values in
                for case .propertiesChanged(let changes) in notifications {
                    values.appendVariant(signature: "a{sv}") { $0.appendChangedProperties(changes) }
                }
            }
        }
    }
}
