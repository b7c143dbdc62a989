import DBusKit
import InkstoneLayout
import InkstoneService
import InkstoneText

extension InputContextObject {
    /// The interface clients export to answer geometry queries themselves.
    static let providerInterface = "org.inkstone.GeometryProvider1"
    /// How long a geometry provider may take before the pushed layout answers instead.
    static let providerTimeoutMilliseconds: Int32 = 50

    static func addGeometryMethods(
        _ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService, router: PeerRouter?
    ) {
        addLayoutSourceMethods(&builder, service: service, router: router)
        builder.table.method("CaretRect", input: "x", output: "(dddd)") { call, reader in
            let position = try reader.readInt()
            let context = try resolve(call, service)
            try context.validateGeometryPosition(position)
            return try forward(
                call, service: service, router: router, member: "CaretRect", arguments: { $0.append(Int64(position)) },
                local: { context in
                    let rect = try context.caretRect(at: position)
                    return { $0.appendRect(rect) }
                },
                remote: { rect, _ in { $0.appendRect(rect) } })
        }
        builder.table.method("FirstRectForRange", input: "xx", output: "(dddd)xx") { call, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let context = try resolve(call, service)
            try context.validateGeometryRange(start: start, length: length)
            return try forward(
                call, service: service, router: router, member: "FirstRectForRange",
                arguments: { writer in
                    writer.append(Int64(start))
                    writer.append(Int64(length))
                },
                local: { context in
                    let answer = try context.firstRect(start: start, length: length)
                    return { $0.appendRect(answer.rect, start: answer.start, length: answer.length) }
                },
                remote: { rect, _ in { $0.appendRect(rect, start: start, length: length) } })
        }
        addLocalQueries(&builder)
    }

    private static func addLayoutSourceMethods(
        _ builder: inout ObjectTableBuilder<InputContext>, service: InkstoneService, router: PeerRouter?
    ) {
        builder.table.method("SetCellGrid", input: "dddduu") { call, reader in
            let (x, y) = (try reader.readDouble(), try reader.readDouble())
            let (width, height) = (try reader.readDouble(), try reader.readDouble())
            let (columns, tabWidth) = (try reader.readUInt32(), try reader.readUInt32())
            let context = try resolveForGeometry(call, service, router)
            try context.setCellGrid(
                originX: x, originY: y, cellWidth: width, cellHeight: height, columns: Int(columns),
                tabWidth: Int(tabWidth))
            return .empty
        }
        builder.table.method("SetLineFragments", input: "a(xxddddad)") { call, reader in
            let fragments = try reader.readArray { element in
                try element.readStruct { fields in
                    let start = try fields.readInt()
                    let length = try fields.readInt()
                    let rect = LayoutRect(
                        x: try fields.readDouble(), y: try fields.readDouble(), width: try fields.readDouble(),
                        height: try fields.readDouble())
                    let caretXs = try fields.readArray { try $0.readDouble() }
                    return (start: start, length: length, rect: rect, caretXs: caretXs)
                }
            }
            try resolveForGeometry(call, service, router).setLineFragments(fragments)
            return .empty
        }
        builder.table.method("SetWindowGeometry", input: "ddd") { call, reader in
            let (x, y, scale) = (try reader.readDouble(), try reader.readDouble(), try reader.readDouble())
            try resolveForGeometry(call, service, router).setWindowGeometry(originX: x, originY: y, scale: scale)
            return .empty
        }
        builder.table.method("SetGeometryProvider", input: "o") { call, reader in
            let path = try reader.readObjectPath()
            do throws(DBusKitError) {
                try DBusValidation.objectPath(path)
            } catch {
                throw InkstoneError.invalidArgument("geometry provider: \(error.message)")
            }
            try resolveForGeometry(call, service, router).setGeometryProvider(peer: call.sender, path: path)
            return .empty
        }
    }

    private static func addLocalQueries(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.method("SelectionRects", input: "xx", output: "a(ddddbbub)") { context, reader in
            let start = try reader.readInt()
            let length = try reader.readInt()
            let rects = try context.selectionRects(start: start, length: length)
            return .write { writer in
                writer.appendArray(of: "(ddddbbub)") { array in
                    for rect in rects {
                        array.appendStruct { fields in
                            fields.appendRectFields(rect.rect)
                            fields.append(rect.containsStart)
                            fields.append(rect.containsEnd)
                            fields.append(rect.writingDirection.rawValue)
                            fields.append(rect.isVertical)
                        }
                    }
                }
            }
        }
        builder.method("ClosestPosition", input: "dd", output: "x") { context, reader in
            let (x, y) = (try reader.readDouble(), try reader.readDouble())
            return .int64(try context.closestPosition(x: x, y: y))
        }
        builder.method("ClosestPositionInRange", input: "ddxx", output: "x") { context, reader in
            let (x, y) = (try reader.readDouble(), try reader.readDouble())
            let (start, length) = (try reader.readInt(), try reader.readInt())
            return .int64(try context.closestPosition(x: x, y: y, start: start, length: length))
        }
        builder.method("CharacterRangeAtPoint", input: "dd", output: "xx") { context, reader in
            let (x, y) = (try reader.readDouble(), try reader.readDouble())
            let range = try context.characterRange(x: x, y: y)
            return .range(range?.start, range?.length)
        }
        builder.method("CharacterIndexForPoint", input: "dd", output: "x") { context, reader in
            let (x, y) = (try reader.readDouble(), try reader.readDouble())
            return .int64(try context.characterIndex(x: x, y: y))
        }
    }

    /// The geometry property and signal.
    static func addGeometryMembers(_ builder: inout ObjectTableBuilder<InputContext>) {
        builder.property("CandidateAnchor", signature: "(dddd)") { context, writer in
            writer.appendRect((try? context.candidateAnchor()) ?? .zero)
        }
        builder.signal("InvalidateCharacterCoordinates", signature: "")
    }

    /// The context a call is for (checking the caller may use it).
    private static func resolve(_ call: MethodCall, _ service: InkstoneService) throws -> InputContext {
        try service.context(try ObjectPaths.id(of: call.path, under: ObjectPaths.contexts), caller: call.sender)
    }

    /// The context a layout-setting call is for; from now on its geometry
    /// signals go to its listener wherever that is (routed by `router`), not
    /// to the connection this call came on.
    private static func resolveForGeometry(
        _ call: MethodCall, _ service: InkstoneService, _ router: PeerRouter?
    ) throws -> InputContext {
        let context = try resolve(call, service)
        if context.geometry.sink == nil, let router {
            context.geometry.sink = GeometrySignalSink(router: router)
        }
        return context
    }

    /// Answers from the context's geometry provider if it has one (asynchronously,
    /// never blocking the loop), falling back to the pushed layout when the
    /// provider fails or takes longer than ``providerTimeoutMilliseconds``.
    ///
    /// The provider is called where it lives (through `router`), whichever
    /// connection the query came on; with no route to it the pushed layout answers.
    private static func forward(
        _ call: MethodCall, service: InkstoneService, router: PeerRouter?, member: String,
        arguments: (inout MessageWriter) -> Void,
        local: @escaping @Sendable (InputContext) throws -> (inout MessageWriter) -> Void,
        remote: @escaping @Sendable (LayoutRect, InputContext) -> (inout MessageWriter) -> Void
    ) throws -> MethodReply {
        let context = try resolve(call, service)
        guard let provider = context.geometry.provider, let router else { return .write(try local(context)) }
        let sent = router.call(
            provider.peer, path: provider.path, interface: providerInterface, member: member,
            timeoutMilliseconds: providerTimeoutMilliseconds, arguments: arguments
        ) { result in
            do {
                let context = try resolve(call, service)
                if case .success(let reply) = result, let rect = try? readRect(reply) {
                    call.reply(remote(context.screenRect(rect), context))
                } else {
                    call.reply(try local(context))
                }
            } catch {
                call.reply(error: InkstoneErrorMapping.dbusError(for: error))
            }
        }
        return sent ? .deferred : .write(try local(context))
    }

    /// The `(dddd)` a provider answered, checked.
    private static func readRect(_ reply: Message) throws -> LayoutRect {
        var reader = reply.reader()
        let rect = try reader.readStruct { fields in
            LayoutRect(
                x: try fields.readDouble(), y: try fields.readDouble(), width: try fields.readDouble(),
                height: try fields.readDouble())
        }
        guard rect.isValid else { throw InkstoneError.invalidArgument("the geometry provider answered \(rect)") }
        return rect
    }
}

extension MessageWriter {
    /// Appends a rect as `(dddd)`.
    mutating func appendRect(_ rect: LayoutRect) {
        appendStruct(signature: "dddd") { $0.appendRectFields(rect) }
    }

    /// Appends a rect and a range as `(dddd)xx`.
    mutating func appendRect(_ rect: LayoutRect, start: Int, length: Int) {
        appendRect(rect)
        append(Int64(start))
        append(Int64(length))
    }

    /// Appends a rect's four fields (`dddd`).
    mutating func appendRectFields(_ rect: LayoutRect) {
        append(rect.x)
        append(rect.y)
        append(rect.width)
        append(rect.height)
    }
}
