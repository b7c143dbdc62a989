import DBusKit
import InkstoneTestSupport
import Testing

/// Calls whose behaviour must match what dbus/*.xml says of them.
@Suite struct ContractBreakTests {
    private static func sharedPair(_ peer: InkstonePeer) throws -> (String, String) {
        let first = try peer.createContext()
        guard case .objectPath(let document)? = try peer.property(first, "Document") else {
            throw TestSupportError("no document path")
        }
        return (first, try peer.createContext(["document": .objectPath(document)]))
    }

    @Test func emptyMarkedTextEndsTheComposition() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (composer, other) = try Self.sharedPair(peer)
        try peer.insert(other, "ab")
        try peer.setMarked(composer, "x", 1, 0, 0, 0)
        // Styled marked text: the styles end with it.
        try peer.call(composer, "SetMarkedTextSegments") { writer in
            writer.appendArray(of: "(xxa{sv})") { array in
                array.appendStruct { item in
                    item.append(Int64(0))
                    item.append(Int64(1))
                    item.append(vardict: ["underline": .string("single")])
                }
            }
        }
        let (_, ticket) = try peer.insert(other, "!")
        #expect(ticket != 0)
        _ = try peer.drainSignals()

        try peer.setMarked(composer, "", 0, 0)
        let signals = try peer.drainSignals(of: composer)
        #expect(only(["MarkedTextChanged"], signals).map(\.description) == [#"MarkedTextChanged["", 0, 0]"#])
        #expect(try peer.property(composer, "HasMarkedText")?.boolValue == false)
        guard case .objectPath(let document)? = try peer.property(composer, "Document") else { return }
        #expect(try peer.property(document, "Composing", interface: documentInterface)?.boolValue == false)
        #expect(try peer.text(other) == "ab!")
    }

    @Test func canUndoIsFalseWhileMarkedTextIsOpen() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        try peer.insert(context, "abc")
        #expect(try peer.property(context, "CanUndo")?.boolValue == true)
        try peer.setMarked(context, "x", 1, 0)
        #expect(try peer.property(context, "CanUndo")?.boolValue == false)
        #expect(peer.errorName(context, "Undo") == "org.inkstone.Error.InvalidState")
        try peer.call(context, "UnmarkText")
        #expect(try peer.property(context, "CanUndo")?.boolValue == true)
    }

    @Test func ownReplaceRangeIsProgrammaticAndExternalToOthers() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (first, second) = try Self.sharedPair(peer)
        try peer.insert(first, "abc")
        _ = try peer.drainSignals()
        try peer.replace(first, 1, 1, "B")
        let signals = try peer.drainSignals()
        let own = only(["TextDidChange"], signals.filter { $0.path == first })
        let others = only(["TextDidChange"], signals.filter { $0.path == second })
        #expect(own.map { $0.arguments.last?.stringValue } == ["programmatic"])
        #expect(others.map { $0.arguments.last?.stringValue } == ["external"])
    }

    @Test func markedTextReplacementAndDiscardSendOneSelectionPair() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        try peer.insert(context, "abc ")
        try peer.setMarked(context, "に", 1, 0)
        _ = try peer.drainSignals()
        try peer.setMarked(context, "にほ", 2, 0)
        let replaced = try peer.drainSignals(of: context)
        #expect(only(["SelectionWillChange"], replaced).count == 1)
        #expect(only(["SelectionDidChange"], replaced).map(\.description) == ["SelectionDidChange[6, 0]"])
        try peer.call(context, "DiscardMarkedText")
        let discarded = try peer.drainSignals(of: context)
        #expect(only(["SelectionWillChange"], discarded).count == 1)
        #expect(only(["SelectionDidChange"], discarded).map(\.description) == ["SelectionDidChange[4, 0]"])
    }

    @Test func candidateCallsWithoutAListFailAlike() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        let names = [
            peer.errorName(context, "SelectCandidate") { $0.append(Int32(0)) },
            peer.errorName(context, "NextPage"),
            peer.errorName(context, "PrevPage"),
        ]
        #expect(names == Array(repeating: "org.inkstone.Error.InvalidState", count: 3))
    }

    @Test func introspectableIsDescribedAsIntrospection() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        guard case .objectPath(let document)? = try peer.property(context, "Document") else { return }
        for path in [servicePath, context, document] {
            let xml =
                try peer.call(path, "Introspect", interface: "org.freedesktop.DBus.Introspectable").first?.stringValue
                ?? ""
            #expect(xml.contains("org.freedesktop.DBus.Introspectable"), "\(path)")
            #expect(!xml.contains("returns this document"), "\(path)")
        }
    }

    /// Forward: a unit ends at the position; backward: a unit starts there (UITextInputTokenizer).
    @Test func isPositionAtBoundaryFollowsTheTokenizerDirections() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        try peer.insert(context, "hello world")
        func atBoundary(_ position: Int, _ direction: String) throws -> Bool? {
            try peer.call(context, "IsPositionAtBoundary") {
                $0.append(Int64(position))
                $0.append("word")
                $0.append(direction)
            }.first?.boolValue
        }
        #expect(try atBoundary(5, "forward") == true)
        #expect(try atBoundary(0, "forward") == false)
        #expect(try atBoundary(0, "backward") == true)
        #expect(try atBoundary(6, "backward") == true)
        #expect(try atBoundary(11, "forward") == true)
    }
}
