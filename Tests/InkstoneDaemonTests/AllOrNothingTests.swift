import DBusKit
import InkstoneTestSupport
import Testing

/// Failed calls change nothing and send nothing, over the bus.
@Suite struct AllOrNothingTests {
    /// Two contexts of one document, both of the test's peer.
    private static func sharedPair(_ peer: InkstonePeer, second: [String: DBusValue] = [:]) throws -> (String, String) {
        let first = try peer.createContext()
        guard case .objectPath(let document)? = try peer.property(first, "Document") else {
            throw TestSupportError("no document path")
        }
        var options = second
        options["document"] = .objectPath(document)
        return (first, try peer.createContext(options))
    }

    @Test func aFailedUndoOnASharedDocumentChangesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (writer, other) = try Self.sharedPair(peer)
        // One undo group of two edits: "abc" typed, then "xyz" typed before it.
        try peer.call(writer, "BeginUndoGroup")
        try peer.insert(writer, "abc")
        try peer.call(writer, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(0))
        }
        try peer.insert(writer, "xyz")
        try peer.call(writer, "EndUndoGroup")
        // The other context changes the text of the group's first edit.
        try peer.replace(other, 4, 1, "B")
        #expect(try peer.text(writer) == "xyzaBc")
        let revision = try peer.revision(writer)
        let selection = try peer.range(writer, "SelectedRange")
        _ = try peer.drainSignals()

        #expect(peer.errorName(writer, "Undo") == "org.inkstone.Error.InvalidState")
        #expect(try peer.text(writer) == "xyzaBc")
        #expect(try peer.revision(writer) == revision)
        #expect(try peer.range(writer, "SelectedRange") == selection)
        #expect(try peer.drainSignals().isEmpty)
        #expect(try peer.property(writer, "CanUndo")?.boolValue == true)
    }

    @Test func aFailedRedoOnASharedDocumentChangesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (writer, other) = try Self.sharedPair(peer)
        try peer.insert(other, "0123456789")
        // One group of two replacements; undone, then the other context edits
        // what the redo would replace second (the first would go through).
        try peer.call(writer, "BeginUndoGroup")
        try peer.replace(writer, 1, 1, "A")
        try peer.replace(writer, 8, 1, "B")
        try peer.call(writer, "EndUndoGroup")
        try peer.call(writer, "Undo")
        try peer.replace(other, 8, 1, "y")
        #expect(try peer.text(writer) == "01234567y9")
        let revision = try peer.revision(writer)
        let selection = try peer.range(writer, "SelectedRange")
        _ = try peer.drainSignals()

        #expect(peer.errorName(writer, "Redo") == "org.inkstone.Error.InvalidState")
        #expect(try peer.text(writer) == "01234567y9")
        #expect(try peer.revision(writer) == revision)
        #expect(try peer.range(writer, "SelectedRange") == selection)
        #expect(try peer.drainSignals().isEmpty)
        #expect(try peer.property(writer, "CanRedo")?.boolValue == true)
    }

    @Test func aBusyKeyUndoesTheCaretMoveBeforeIt() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        // A Hangul key opens marked text, which is Busy while another context composes.
        let (composer, typist) = try Self.sharedPair(
            peer, second: ["queue_edits": .bool(false), "engine": .string("hangul")])
        try peer.insert(typist, "abc")
        try peer.setMarked(composer, "x", 1, 0, 0, 0)
        let revision = try peer.revision(typist)
        _ = try peer.drainSignals()

        #expect(
            peer.errorName(typist, "ProcessKeyNames") { $0.append(strings: ["Home", "g"]) } == "org.inkstone.Error.Busy"
        )
        #expect(try peer.range(typist, "SelectedRange") == (4, 0))
        #expect(try peer.text(typist) == "xabc")
        #expect(try peer.revision(typist) == revision)
        #expect(try peer.drainSignals().isEmpty)
    }

    @Test func aKeyPastTheSizeLimitUndoesTheKeysBeforeIt() throws {
        let running = try RunningDaemon(arguments: ["--max-document-bytes", "5"])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=direct"])
        try peer.insert(context, "ab")
        let revision = try peer.revision(context)
        let canUndo = try peer.property(context, "CanUndo")?.boolValue
        _ = try peer.drainSignals()

        #expect(
            peer.errorName(context, "ProcessKeyNames") { $0.append(strings: ["x", "y", "BackSpace", "z", "w", "v"]) }
                == "org.inkstone.Error.LimitExceeded")
        #expect(try peer.text(context) == "ab")
        #expect(try peer.revision(context) == revision)
        #expect(try peer.range(context, "SelectedRange") == (2, 0))
        #expect(try peer.property(context, "CanUndo")?.boolValue == canUndo)
        #expect(try peer.drainSignals().isEmpty)
        // The context goes on from where it was before the call.
        #expect(try peer.keys(context, ["x", "y"]) == [true, true])
        #expect(try peer.text(context) == "abxy")
    }

    @Test func aFailedBatchKeepsAnOpenComposition() throws {
        let running = try RunningDaemon(arguments: ["--max-document-bytes", "9"])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=hangul"])
        #expect(try peer.keys(context, ["g"]) == [true])
        let marked = try peer.call(context, "MarkedRange")
        #expect(try peer.text(context) == "ㅎ")
        _ = try peer.drainSignals()

        // 하 + 나 + … passes 9 bytes on the way.
        #expect(
            peer.errorName(context, "ProcessKeyNames") { $0.append(strings: ["k", "s", "k", "s", "k", "s", "k"]) }
                == "org.inkstone.Error.LimitExceeded")
        #expect(try peer.text(context) == "ㅎ")
        #expect(try peer.call(context, "MarkedRange").map(\.compact) == marked.map(\.compact))
        #expect(try peer.drainSignals().isEmpty)
        // The engine state came back too: the next vowel joins the open syllable.
        #expect(try peer.keys(context, ["k"]) == [true])
        #expect(try peer.text(context) == "하")
    }

    @Test func tooManyKeyNamesAreRefusedUnprocessed() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        _ = try peer.drainSignals()
        let names = Array(repeating: "a", count: 1_025)
        #expect(
            peer.errorName(context, "ProcessKeyNames") { $0.append(strings: names) }
                == "org.inkstone.Error.LimitExceeded")
        #expect(try peer.text(context) == "")
        #expect(try peer.drainSignals().isEmpty)
        #expect(try peer.keys(context, Array(repeating: "a", count: 1_024)).count == 1_024)
    }
}
