import DBusKit
import InkstoneTestSupport
import Testing

/// The marked-text (preedit) protocol through the daemon.
@Suite struct MarkedTextTests {
    @Test(arguments: NotificationMode.allCases) func markedTextStepsSendTheirSignalsOnce(mode: NotificationMode) throws
    {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext([])
        try peer.insert(context, "abc ")
        _ = try peer.drainSignals()

        // Set twice: the second call changes nothing and sends nothing.
        try peer.setMarked(context, "に", 1, 0)
        let first = try peer.drainSignals(of: context)
        #expect(only(["MarkedTextChanged"], first).map(\.description) == [#"MarkedTextChanged["に", 1, 0]"#])
        #expect(only(["TextDidChange"], first).count == 1)
        let revision = try peer.revision(context)
        try peer.setMarked(context, "に", 1, 0)
        #expect(try peer.drainSignals(of: context).isEmpty)
        #expect(try peer.revision(context) == revision)

        // The selection is relative to the marked text.
        try peer.setMarked(context, "にほ", 1, 0)
        #expect(try peer.range(context, "MarkedRange") == (4, 2))
        #expect(try peer.range(context, "SelectedRange") == (5, 0))
        #expect(try peer.property(context, "HasMarkedText")?.boolValue == true)
        let document = try peer.property(context, "Document")?.stringValue ?? ""
        #expect(try peer.property(document, "Composing", interface: documentInterface)?.boolValue == true)

        // Unmark commits.
        _ = try peer.drainSignals()
        try peer.call(context, "UnmarkText")
        let committed = try peer.drainSignals(of: context)
        #expect(only(["Committed"], committed).map(\.description) == [#"Committed["にほ"]"#])
        #expect(only(["MarkedTextChanged"], committed).map(\.description) == [#"MarkedTextChanged["", 0, 0]"#])
        #expect(try peer.text(context) == "abc にほ")
        #expect(try peer.range(context, "MarkedRange") == (-1, 0))
        #expect(try peer.property(document, "Composing", interface: documentInterface)?.boolValue == false)

        // The caret stays where the composition cursor was; discard removes.
        #expect(try peer.range(context, "SelectedRange") == (5, 0))
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(6))
            $0.append(Int64(0))
        }
        try peer.setMarked(context, "x", 1, 0)
        #expect(try peer.text(context) == "abc にほx")
        try peer.call(context, "DiscardMarkedText")
        #expect(try peer.text(context) == "abc にほ")
        #expect(try peer.range(context, "SelectedRange") == (6, 0))
        #expect(try peer.call(context, "HasMarkedText").first?.boolValue == false)

        // A replacement range re-opens committed text (reconversion).
        try peer.setMarked(context, "日本", 2, 0, 4, 2)
        #expect(try peer.text(context) == "abc 日本")
        #expect(try peer.range(context, "MarkedRange") == (4, 2))
        try peer.call(context, "DiscardMarkedText")
        #expect(try peer.text(context) == "abc にほ")
        try peer.setMarked(context, "日本", 2, 0, 4, 2)
        try peer.call(context, "UnmarkText")
        #expect(try peer.text(context) == "abc 日本")
        try peer.call(context, "Undo")
        #expect(try peer.text(context) == "abc にほ")
    }

    @Test(arguments: NotificationMode.allCases) func ownMarkedTextIsNotEchoed(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext([])
        _ = try peer.drainSignals()
        try peer.setMarked(context, "ㅎ", 1, 0)
        try peer.setMarked(context, "하", 1, 0)
        try peer.setMarked(context, "한", 1, 0)
        let signals = try peer.drainSignals(of: context)
        let marked = only(["MarkedTextChanged"], signals).map { $0.arguments.first?.stringValue ?? "?" }
        #expect(marked == ["ㅎ", "하", "한"], "\(signals)")
        #expect(only(["TextWillChange"], signals).count == 3 && only(["TextDidChange"], signals).count == 3)
        #expect(try peer.text(context) == "한")
    }

    @Test(arguments: NotificationMode.allCases) func queuedEditLandsAfterTheCommit(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let composer = try peer.newContext([])
        try peer.insert(composer, "ab")
        let document = try peer.property(composer, "Document")?.stringValue ?? ""
        let other = try peer.createContext(["document": .objectPath(document), "unit": .string("graphemes")])
        let strict = try peer.newContext(["document=\(document)", "queue_edits=false"])
        #expect(try peer.property(document, "ContextCount", interface: documentInterface) == .uint32(3))
        try peer.setMarked(composer, "か", 1, 0)
        let composing = try peer.revision(composer)
        _ = try peer.drainSignals()

        let (revision, ticket) = try peer.insert(other, "!")
        #expect(revision == 0 && ticket != 0)
        #expect(peer.errorName(strict, "InsertText") { $0.append("?") } == "org.inkstone.Error.Busy")
        let (ownRevision, ownTicket) = try peer.replace(composer, 0, 1, "A")
        #expect(ownRevision == 0 && ownTicket != 0, "ReplaceRange waits for the context's own composition")
        #expect(try peer.text(composer) == "abか" && peer.revision(composer) == composing)
        #expect(only(["TextDidChange", "EditApplied"], try peer.drainSignals()).isEmpty)

        try peer.call(composer, "UnmarkText")
        #expect(try peer.text(composer) == "Abか!")
        let final = try peer.revision(composer)
        let signals = try peer.drainSignals()
        let applied = only(["EditApplied"], signals)
        #expect(applied.map(\.path).sorted() == [composer, other].sorted(), "\(signals)")
        #expect(applied.first { $0.path == other }?.arguments.first?.uint64 == ticket)
        #expect(applied.first { $0.path == composer }?.arguments.first?.uint64 == ownTicket)
        #expect(applied.compactMap { $0.arguments.last?.uint64 }.max() == final)
        // The commit comes first, then the queued edits, each with its text change.
        let order = signals.filter { $0.path == composer }.map(\.member)
        let committedAt = order.firstIndex(of: "Committed") ?? -1
        let appliedAt = order.firstIndex(of: "EditApplied") ?? -1
        #expect(committedAt >= 0 && appliedAt > committedAt, "\(order)")
    }

    @Test(arguments: NotificationMode.allCases) func focusOutAndDestroyEndTheComposition(mode: NotificationMode) throws
    {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let keeper = try peer.newContext([])
        let document = try peer.property(keeper, "Document")?.stringValue ?? ""
        let dropper = try peer.newContext(["document=\(document)", "focus_out=discard"])
        try peer.call(keeper, "FocusIn")
        #expect(try peer.property(keeper, "Focused")?.boolValue == true)
        try peer.setMarked(keeper, "kept", 4, 0)
        _ = try peer.drainSignals()
        try peer.call(keeper, "FocusOut")
        #expect(try peer.text(keeper) == "kept")
        #expect(try peer.property(keeper, "Focused")?.boolValue == false)
        #expect(only(["Committed"], try peer.drainSignals(of: keeper)).count == 1)
        try peer.call(dropper, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(0))
        }
        try peer.setMarked(dropper, "gone", 4, 0)
        try peer.call(dropper, "FocusOut")
        #expect(try peer.text(keeper) == "kept")
        try peer.setMarked(keeper, "!", 1, 0)
        try peer.call(keeper, "Destroy")
        #expect(try peer.text(dropper) == "kept!", "Destroy commits by default")
        #expect(try peer.property(document, "ContextCount", interface: documentInterface) == .uint32(1))
    }

    @Test(arguments: NotificationMode.allCases) func propertiesChangedFollowsEdits(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let context = try peer.newContext(["unit=scalars", "notifications=text+selection+marked+commit+properties"])
        _ = try peer.drainSignals()
        try peer.insert(context, "e\u{301}")
        let changes = only(["PropertiesChanged"], try peer.drainSignals(of: context))
        #expect(changes.count == 1)
        guard case .array(_, let entries) = changes.first?.arguments.dropFirst().first else {
            Issue.record("no changed properties: \(changes)")
            return
        }
        let changed = Dictionary(
            uniqueKeysWithValues: entries.compactMap { entry -> (String, DBusValue)? in
                guard case .dictEntry(let key, let value) = entry, let name = key.stringValue else { return nil }
                return (name, value)
            })
        #expect(changed["Length"]?.compact == "2", "\(changed)")
        #expect(changed["Revision"]?.compact == "\(try peer.revision(context))")
        #expect(changed["CanUndo"]?.compact == "true")
        #expect(changed["SelectedRange"]?.compact == "(2, 0)")
        try peer.call(context, "GetText")
        #expect(only(["PropertiesChanged"], try peer.drainSignals(of: context)).isEmpty, "reads change nothing")
    }
}
