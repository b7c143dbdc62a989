import DBusKit
import InkstoneService

/// A notification written straight into a message as its own signal's arguments
/// (contexts created with `coalesce=false`; see `Notification+Columns.swift` for
/// the `Notifications` signal and the …Reporting replies).
extension Notification {
    /// The member of the signal that carries it on its own.
    var member: String {
        switch self {
        case .textWillChange: "TextWillChange"
        case .textDidChange: "TextDidChange"
        case .selectionWillChange: "SelectionWillChange"
        case .selectionDidChange: "SelectionDidChange"
        case .markedTextChanged: "MarkedTextChanged"
        case .committed: "Committed"
        case .editApplied: "EditApplied"
        case .editFailed: "EditFailed"
        case .candidatesChanged: "CandidatesChanged"
        case .propertiesChanged: "PropertiesChanged"
        case .attributesWillChange: "AttributesWillChange"
        case .attributesDidChange: "AttributesDidChange"
        }
    }

    /// Writes the arguments of its signal. `PropertiesChanged` has only its
    /// changed-properties dictionary here.
    func writeArguments(to writer: inout MessageWriter) {
        switch self {
        case .textWillChange(let revision):
            writer.append(revision)
        case .textDidChange(let revision, let start, let oldLength, let newLength, let cause):
            writer.append(revision)
            writer.append(Int64(start))
            writer.append(Int64(oldLength))
            writer.append(Int64(newLength))
            writer.append(cause.rawValue)
        case .selectionWillChange, .attributesWillChange:
            break
        case .selectionDidChange(let start, let length):
            writer.append(Int64(start))
            writer.append(Int64(length))
        case .markedTextChanged(let text, let selectionStart, let selectionLength):
            writer.append(text)
            writer.append(Int64(selectionStart))
            writer.append(Int64(selectionLength))
        case .committed(let text):
            writer.append(text)
        case .editApplied(let ticket, let revision):
            writer.append(ticket)
            writer.append(revision)
        case .editFailed(let ticket, let error):
            writer.append(ticket)
            writer.append(error.dbusErrorName)
            writer.append(error.message)
        case .candidatesChanged(let snapshot):
            writer.appendCandidates(snapshot)
            writer.append(snapshot.cursor)
            writer.append(snapshot.page)
            writer.append(snapshot.hasPrev)
            writer.append(snapshot.hasNext)
        case .attributesDidChange(let start, let length, let keys):
            writer.append(Int64(start))
            writer.append(Int64(length))
            writer.append(strings: keys)
        case .propertiesChanged(let changes):
            writer.appendChangedProperties(changes)
        }
    }
}
