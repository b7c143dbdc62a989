import DBusKit
import InkstoneService
import InkstoneText

/// The `org.inkstone.InputContext1` objects under ``ObjectPaths/contexts``:
/// a thin adapter that reads arguments, calls ``InputContext`` and writes replies.
public enum InputContextObject {
    /// The interface name.
    public static let interface = "org.inkstone.InputContext1"

    /// The exported subtree object for every context of `service`.
    public static func make(
        service: InkstoneService, afterHandler: (@Sendable () -> Void)? = nil,
        observe: (@Sendable (MethodCall, DBusKitError?) -> Void)? = nil
    ) -> ExportedObject {
        make(service: service, router: nil, afterHandler: afterHandler, observe: observe)
    }

    /// The exported subtree object; `router` addresses geometry signals and
    /// provider calls (without one, neither is sent and queries answer locally).
    static func make(
        service: InkstoneService, router: PeerRouter?, afterHandler: (@Sendable () -> Void)? = nil,
        observe: (@Sendable (MethodCall, DBusKitError?) -> Void)? = nil
    ) -> ExportedObject {
        ExportedObject(
            interfaces: [table(service: service, router: router)],
            introspectionXML: InkstoneIntrospection.inputContext + "\n",
            mapError: InkstoneErrorMapping.dbusError(for:), afterHandler: afterHandler,
            argumentLimits: service.limits.argumentLimits,
            lookup: ObjectTree.contexts(service), observe: observe)
    }

    /// The dispatch table.
    static func table(service: InkstoneService, router: PeerRouter?) -> InterfaceTable {
        // The object tree's lookup found the context (a call to none was answered `UnknownObject`).
        var builder = ObjectTableBuilder<InputContext>(interface) { call in
            guard let context = call.target as? InputContext else {
                throw InkstoneError.unknownObject("no input context at \(call.path)")
            }
            try service.checkAccess(to: context, caller: call.sender)
            return context
        }
        addTextMethods(&builder, service: service)
        addMarkedTextMethods(&builder, service: service)
        addTokenizerMethods(&builder)
        addUndoAndFocusMethods(&builder, service: service)
        addKeyMethods(&builder, service: service)
        addGeometryMethods(&builder, service: service, router: router)
        addGeometryMembers(&builder)
        addProperties(&builder)
        addSignals(&builder)
        addAttributeMethods(&builder)
        addUndoControlMethods(&builder)
        addPatternMethods(&builder)
        addDurabilityMembers(&builder)
        return builder.table
    }

    private static func addTextMethods(_ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService) {
        builder.reportingMethod("InsertText", input: "s", output: "tt") { context, reader in
            let text = try reader.readString()
            return .receipt(try context.insertText(text))
        }
        builder.reportingMethod("DeleteBackward", output: "tt") { context, _ in .receipt(try context.deleteBackward()) }
        builder.method("HasText", output: "b") { context, _ in .bool(context.view.length > 0) }
        builder.method("GetText", output: "st") { context, _ in
            let text = context.view.text
            let revision = context.view.document.revision
            return .write { writer in
                writer.append(text)
                writer.append(revision)
            }
        }
        builder.method("TextInRange", input: "xx", output: "s") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            return .string(try context.view.text(start: start, length: length))
        }
        builder.reportingMethod("ReplaceRange", input: "xxst", output: "tt") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let text = try reader.readString()
            let expected = try reader.readUInt64()
            return .receipt(
                try context.replaceRange(start: start, length: length, with: text, expectedRevision: expected))
        }
        builder.method("Length", output: "x") { context, _ in .int64(context.view.length) }
        builder.method("PositionFromPosition", input: "xx", output: "x") { context, reader in
            let position = try reader.readInt()
            let offset = try reader.readInt()
            return .int64(try context.view.position(from: position, offset: offset))
        }
        builder.method("OffsetFromPosition", input: "xx", output: "x") { context, reader in
            let from = try reader.readInt()
            let to = try reader.readInt()
            return .int64(try context.view.offset(from: from, to: to))
        }
        builder.method("ComparePositions", input: "xx", output: "i") { context, reader in
            let a = try reader.readInt()
            let b = try reader.readInt()
            _ = try context.view.offset(from: a, to: b)
            return .write { $0.append(Int32(a < b ? -1 : (a == b ? 0 : 1))) }
        }
        builder.method("SelectedRange", output: "xx") { context, _ in
            let range = context.view.selectedRange
            return .range(range?.start, range?.length)
        }
        builder.reportingMethod("SetSelectedRange", input: "xx") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            try context.setSelectedRange(start: start, length: length)
            return .empty
        }
    }

    private static func addMarkedTextMethods(
        _ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService
    ) {
        builder.reportingMethod("SetMarkedText", input: "sxxxx") { context, reader in
            let text = try reader.readString()
            let selectionStart = try reader.readInt()
            let selectionLength = try reader.readInt()
            let replacementStart = try reader.readInt()
            let replacementLength = try reader.readInt()
            try context.setMarkedText(
                text, selectionStart: selectionStart, selectionLength: selectionLength,
                replacementStart: replacementStart, replacementLength: replacementLength)
            return .empty
        }
        builder.reportingMethod("SetMarkedTextSegments", input: "a(xxa{sv})") { context, reader in
            let segments = try reader.readArray { element in
                try element.readStruct { fields in
                    (try fields.readInt(), try fields.readInt(), try fields.readVardict())
                }
            }
            try context.setMarkedTextSegments(
                try segments.map { try MarkedSegmentAttributes.segment($0, unit: context.unit) })
            return .empty
        }
        builder.reportingMethod("UnmarkText") { context, _ in
            context.unmarkText()
            return .empty
        }
        builder.reportingMethod("DiscardMarkedText") { context, _ in
            context.discardMarkedText()
            return .empty
        }
        builder.method("MarkedRange", output: "xx") { context, _ in
            let range = context.view.markedRange
            return .range(range?.start, range?.length)
        }
        builder.method("HasMarkedText", output: "b") { context, _ in .bool(context.view.markedRange != nil) }
        builder.method("ValidAttributesForMarkedText", output: "as") { _, _ in
            .write { $0.append(strings: MarkedSegmentAttributes.validKeys) }
        }
    }

    private static func addTokenizerMethods(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.method("RangeEnclosingPosition", input: "xss", output: "xx") { context, reader in
            let (position, granularity, direction) = try readTokenizerQuery(&reader)
            let range = try context.rangeEnclosing(position: position, granularity: granularity, direction: direction)
            return .range(range?.start, range?.length)
        }
        builder.method("IsPositionAtBoundary", input: "xss", output: "b") { context, reader in
            let (position, granularity, direction) = try readTokenizerQuery(&reader)
            return .bool(try context.isAtBoundary(position: position, granularity: granularity, direction: direction))
        }
        builder.method("IsPositionWithinUnit", input: "xss", output: "b") { context, reader in
            let (position, granularity, direction) = try readTokenizerQuery(&reader)
            return .bool(try context.isWithinUnit(position: position, granularity: granularity, direction: direction))
        }
        builder.method("PositionToBoundary", input: "xss", output: "x") { context, reader in
            let (position, granularity, direction) = try readTokenizerQuery(&reader)
            let result = try context.positionToBoundary(
                position: position, granularity: granularity, direction: direction)
            return .int64(result ?? -1)
        }
    }

    private static func readTokenizerQuery(
        _ reader: inout MessageReader
    ) throws -> (Int, TokenGranularity, TokenDirection) {
        let position = try reader.readInt()
        let granularity = try InputContext.granularity(named: try reader.readString())
        let direction = try InputContext.direction(named: try reader.readString())
        return (position, granularity, direction)
    }

    private static func addUndoAndFocusMethods(
        _ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService
    ) {
        builder.reportingMethod("Undo") { context, _ in
            try context.undo()
            return .empty
        }
        builder.reportingMethod("Redo") { context, _ in
            try context.redo()
            return .empty
        }
        builder.method("BeginUndoGroup") { context, _ in
            context.beginUndoGroup()
            return .empty
        }
        builder.method("EndUndoGroup") { context, _ in
            try context.endUndoGroup()
            return .empty
        }
        builder.method("FocusIn") { context, _ in
            context.focusIn()
            return .empty
        }
        builder.method("FocusOut") { context, _ in
            context.focusOut()
            return .empty
        }
        builder.method(
            "Subscribe", input: "as",
            withCall: { context, call, reader in
                context.subscribe(try NotificationKind.parse(try reader.readStrings()), listener: call.sender)
                return .empty
            })
        builder.method("Destroy") { context, _ in
            service.destroyContext(context)
            return .empty
        }
    }
}
