import DBusKit
import InkstoneEngines
import InkstoneService
import InkstoneText

extension InputContextObject {
    static func addKeyMethods(_ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService) {
        builder.reportingMethod("ProcessKeyEvent", input: "uuubu", output: "b") { context, reader in
            .bool(try context.processKey(try readKeyEvent(&reader)))
        }
        builder.reportingMethod("ProcessKeyNames", input: "as", output: "ab") { context, reader in
            let names = try reader.readStrings()
            let limit = service.limits.keyNamesPerCall
            guard names.count <= limit else {
                throw InkstoneError.limitExceeded("\(names.count) key names in one call; the limit is \(limit)")
            }
            var keys: [KeyEvent] = []
            for name in names { keys.append(try KeyEvent(keyString: name)) }
            let handled = try context.processKeys(keys)
            return .write { writer in
                writer.appendArray(of: "b") { array in
                    for flag in handled { array.append(flag) }
                }
            }
        }
        builder.reportingMethod("SetEngine", input: "s") { context, reader in
            try context.setEngine(try reader.readString())
            return .empty
        }
        builder.reportingMethod("SelectCandidate", input: "i") { context, reader in
            try context.selectCandidate(Int(try reader.readInt32()))
            return .empty
        }
        builder.reportingMethod("NextPage") { context, _ in
            try context.turnCandidatePage(forward: true)
            return .empty
        }
        builder.reportingMethod("PrevPage") { context, _ in
            try context.turnCandidatePage(forward: false)
            return .empty
        }
    }

    /// Reads `(u keysym, u keycode, u state, b is_release, u time)`.
    private static func readKeyEvent(_ reader: inout MessageReader) throws -> KeyEvent {
        let keysym = try reader.readUInt32()
        let keycode = try reader.readUInt32()
        let state = try reader.readUInt32()
        let isRelease = try reader.readBool()
        let time = try reader.readUInt32()
        return KeyEvent(
            keysym: keysym, keycode: keycode, modifiers: ModifierMask(rawValue: state), isRelease: isRelease, time: time
        )
    }

    static func addProperties(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.property("Revision", signature: "t") { context, writer in writer.append(context.view.document.revision)
        }
        builder.property("Length", signature: "x") { context, writer in writer.append(Int64(context.view.length)) }
        builder.property("SelectedRange", signature: "(xx)") { context, writer in
            let range = context.view.selectedRange
            writer.appendRange(range?.start, range?.length)
        }
        builder.property("MarkedRange", signature: "(xx)") { context, writer in
            let range = context.view.markedRange
            writer.appendRange(range?.start, range?.length)
        }
        builder.property("HasMarkedText", signature: "b") { context, writer in
            writer.append(context.view.markedRange != nil)
        }
        builder.property("Unit", signature: "s") { context, writer in writer.append(context.unit.rawValue) }
        builder.property("Focused", signature: "b") { context, writer in writer.append(context.isFocused) }
        builder.property("CanUndo", signature: "b") { context, writer in writer.append(context.view.canUndo) }
        builder.property("CanRedo", signature: "b") { context, writer in writer.append(context.view.canRedo) }
        builder.property("Document", signature: "o") { context, writer in
            writer.append(objectPath: ObjectPaths.document(context.shared.id))
        }
        builder.property("Engine", signature: "s") { context, writer in writer.append(context.engineID) }
        builder.property("Candidates", signature: "a(sss)") { context, writer in
            writer.appendCandidates(context.candidates)
        }
    }

    static func addSignals(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.signal("TextWillChange", signature: "t")
        builder.signal("TextDidChange", signature: "txxxs")
        builder.signal("SelectionWillChange", signature: "")
        builder.signal("SelectionDidChange", signature: "xx")
        builder.signal("MarkedTextChanged", signature: "sxx")
        builder.signal("Committed", signature: "s")
        builder.signal("EditApplied", signature: "tt")
        builder.signal("EditFailed", signature: "tss")
        builder.signal("CandidatesChanged", signature: "a(sss)iibb")
        builder.signal("Notifications", signature: MessageWriter.callReportSignature)
    }
}
