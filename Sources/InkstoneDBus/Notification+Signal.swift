import DBusKit
import InkstoneService

/// A notification written straight into a message: as its own signal's
/// arguments, or as one `(sav)` entry of a `Notifications` signal or a
/// reporting call's reply. No intermediate values are built.
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

    /// Writes the arguments of its signal, each wrapped in a variant when
    /// `asVariants` (the `av` of an entry). `PropertiesChanged` has only its
    /// changed-properties dictionary here.
    func writeArguments(to writer: inout MessageWriter, asVariants: Bool) {
        func put(_ signature: String, _ body: (inout MessageWriter) -> Void) {
            if asVariants { writer.appendVariant(signature: signature, body) } else { body(&writer) }
        }
        switch self {
        case .textWillChange(let revision):
            put("t") { $0.append(revision) }
        case .textDidChange(let revision, let start, let oldLength, let newLength, let cause):
            put("t") { $0.append(revision) }
            put("x") { $0.append(Int64(start)) }
            put("x") { $0.append(Int64(oldLength)) }
            put("x") { $0.append(Int64(newLength)) }
            put("s") { $0.append(cause.rawValue) }
        case .selectionWillChange:
            break
        case .selectionDidChange(let start, let length):
            put("x") { $0.append(Int64(start)) }
            put("x") { $0.append(Int64(length)) }
        case .markedTextChanged(let text, let selectionStart, let selectionLength):
            put("s") { $0.append(text) }
            put("x") { $0.append(Int64(selectionStart)) }
            put("x") { $0.append(Int64(selectionLength)) }
        case .committed(let text):
            put("s") { $0.append(text) }
        case .editApplied(let ticket, let revision):
            put("t") { $0.append(ticket) }
            put("t") { $0.append(revision) }
        case .editFailed(let ticket, let error):
            put("t") { $0.append(ticket) }
            put("s") { $0.append(error.dbusErrorName) }
            put("s") { $0.append(error.message) }
        case .candidatesChanged(let snapshot):
            put("a(sss)") { $0.appendCandidates(snapshot) }
            put("i") { $0.append(snapshot.cursor) }
            put("i") { $0.append(snapshot.page) }
            put("b") { $0.append(snapshot.hasPrev) }
            put("b") { $0.append(snapshot.hasNext) }
        case .attributesWillChange:
            break
        case .attributesDidChange(let start, let length, let keys):
            put("x") { $0.append(Int64(start)) }
            put("x") { $0.append(Int64(length)) }
            put("as") { $0.append(strings: keys) }
        case .propertiesChanged(let changes):
            var changed: [String: DBusValue] = [:]
            for (name, value) in changes { changed[name] = value.dbusValue }
            put("a{sv}") { $0.append(vardict: changed) }
        }
    }
}

extension MessageWriter {
    /// Appends notifications as `a(sav)`: (member, arguments) in order.
    mutating func appendNotifications(_ notifications: [Notification]) {
        appendArray(of: "(sav)") { array in
            for notification in notifications {
                array.appendStruct { entry in
                    entry.append(notification.member)
                    entry.appendArray(of: "v") { notification.writeArguments(to: &$0, asVariants: true) }
                }
            }
        }
    }
}
