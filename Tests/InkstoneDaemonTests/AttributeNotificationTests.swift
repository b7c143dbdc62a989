import DBusKit
import InkstoneClient
import InkstoneTestSupport
import Testing

/// Attribute changes reach every subscribed context of the document, each in
/// its own unit, as balanced will/did pairs; calls that change nothing send none.
@Suite struct AttributeNotificationTests {
    /// The (member, start, length, keys) of attribute signals.
    private static func attributeSignals(_ signals: [SeenSignal]) -> [String] {
        only(["AttributesWillChange", "AttributesDidChange"], signals).map { signal in
            guard signal.member == "AttributesDidChange", signal.arguments.count == 3 else { return signal.member }
            let keys: [String] =
                if case .array(_, let items) = signal.arguments[2] { items.compactMap(\.stringValue) } else { [] }
            return
                "Did(\(signal.arguments[0].int ?? -1), \(signal.arguments[1].int ?? -1), \(keys.joined(separator: ",")))"
        }
    }

    @Test(arguments: NotificationMode.allCases) func everyViewSeesTheChangeInItsOwnUnit(mode: NotificationMode) throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running, mode: mode)
        let utf16 = try peer.createContext([
            "notifications": .array(elementSignature: "s", [.string("text"), .string("attributes")])
        ])
        guard case .objectPath(let document)? = try peer.property(utf16, "Document") else {
            throw TestSupportError("no document")
        }
        let utf8 = try peer.createContext([
            "document": .objectPath(document), "unit": .string("utf8"),
            "notifications": .array(elementSignature: "s", [.string("attributes")]),
        ])
        let plain = try peer.createContext(["document": .objectPath(document)])  // default kinds: no attributes
        try peer.replace(utf16, 0, 0, "😀 bold")
        _ = try peer.drainSignals()

        try peer.setAttributes(utf16, 3, 4, ["bold": .bool(true)], remove: ["italic"])
        var signals = try peer.drainSignals()
        #expect(
            Self.attributeSignals(signals.filter { $0.path == utf16 }) == [
                "AttributesWillChange", "Did(3, 4, bold,italic)",
            ])
        #expect(
            Self.attributeSignals(signals.filter { $0.path == utf8 }) == [
                "AttributesWillChange", "Did(5, 4, bold,italic)",
            ])
        #expect(Self.attributeSignals(signals.filter { $0.path == plain }).isEmpty)
        #expect(only(["TextWillChange", "TextDidChange"], signals).isEmpty)

        // The same call again changes nothing and sends nothing.
        try peer.setAttributes(utf16, 3, 4, ["bold": .bool(true)])
        #expect(Self.attributeSignals(try peer.drainSignals()).isEmpty)

        // Toggling over the selection is announced too.
        try peer.call(utf8, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(4))
        }
        try peer.toggle(utf8, "italic", .bool(true))
        signals = try peer.drainSignals()
        #expect(
            Self.attributeSignals(signals.filter { $0.path == utf16 }) == ["AttributesWillChange", "Did(0, 2, italic)"])
        #expect(
            Self.attributeSignals(signals.filter { $0.path == utf8 }) == ["AttributesWillChange", "Did(0, 4, italic)"])
    }

    @Test func aReportingPasteCarriesItsAttributeChangeInTheReply() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext(["notifications": .array(elementSignature: "s", [.string("attributes")])])
        let reply = try peer.callReporting(
            context, "ReplaceRangeWithAttributedReporting",
            InkstonePeer.attributedReplacement(0, 0, "ab", [(1, 1, ["bold": .bool(true)])]))
        #expect(reply.count == 3)
        let members = ContextEvent.decode(reply[2]).map(\.member)
        #expect(members.contains("TextDidChange"))
        #expect(members.suffix(2) == ["AttributesWillChange", "AttributesDidChange"], "\(members)")
        #expect(try peer.drainSignals(of: context).isEmpty)
    }

    @Test func clearUndoForgetsEveryStep() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.replace(context, 0, 0, "loaded")
        try peer.replace(context, 6, 0, " file")
        try peer.call(context, "Undo")
        #expect(try peer.property(context, "CanUndo")?.boolValue == true)
        #expect(try peer.property(context, "CanRedo")?.boolValue == true)
        try peer.call(context, "ClearUndo")
        #expect(try peer.property(context, "CanUndo")?.boolValue == false)
        #expect(try peer.property(context, "CanRedo")?.boolValue == false)
        #expect(peer.errorName(context, "Undo") == "org.inkstone.Error.InvalidState")
        #expect(try peer.text(context) == "loaded")
    }
}
