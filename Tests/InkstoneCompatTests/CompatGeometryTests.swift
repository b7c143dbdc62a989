import DBusKit
import InkstoneTestSupport
import Testing

let inkstoneContextInterface = "org.inkstone.InputContext1"

extension CompatPeer {
    /// The Inkstone object of a compatibility context (same id, on Inkstone's own connection
    /// `org.inkstone.Inkstone1`; its creator may call it).
    static func inkstonePath(of path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return "/org/inkstone/Inkstone1/context/" + last.filter(\.isNumber)
    }

    /// A `(dddd)` as four numbers.
    static func readRect(_ reader: inout MessageReader) throws -> [Double] {
        try reader.readStruct { [try $0.readDouble(), try $0.readDouble(), try $0.readDouble(), try $0.readDouble()] }
    }

    /// The context's `CandidateAnchor` property, read through Inkstone's protocol.
    func candidateAnchor(of path: String) throws -> [Double] {
        let reply = try call(
            CompatPeer.inkstonePath(of: path), "org.freedesktop.DBus.Properties", "Get", destination: inkstoneName
        ) {
            $0.append(inkstoneContextInterface)
            $0.append("CandidateAnchor")
        }.reply
        var reader = try MessageReader(reply, expecting: "v")
        return try reader.readVariant { _, inner in try CompatPeer.readRect(&inner) }
    }

    /// `CaretRect(position)` through Inkstone's protocol.
    func caretRect(of path: String, at position: Int64) throws -> [Double] {
        let reply = try call(
            CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "CaretRect", destination: inkstoneName
        ) {
            $0.append(position)
        }.reply
        var reader = try MessageReader(reply, expecting: "(dddd)")
        return try CompatPeer.readRect(&reader)
    }

    /// The document's text through Inkstone's protocol.
    func documentText(of path: String) throws -> String {
        let reply = try call(
            CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "GetText", destination: inkstoneName
        ).reply
        var reader = try MessageReader(reply, expecting: "st")
        return try reader.readString()
    }
}

/// The error name a throwing call ends with ("" when it succeeds).
func errorName(_ body: () throws -> Void) -> String {
    do {
        try body()
        return ""
    } catch let error as DBusKitError {
        return error.name
    } catch {
        return "\(error)"
    }
}

/// The cursor rectangles of the compatibility protocols become the context's geometry:
/// Inkstone's candidate anchor, caret queries and geometry signals place a candidate
/// window at the client's caret.
@Suite(.serialized) struct CompatGeometryTests {
    private func setCursorRectV2(
        _ peer: CompatPeer, _ path: String, _ rect: [Int32], scale: Double
    ) throws -> CompatPeer.Exchange {
        try peer.call(path, fcitxContextInterface, "SetCursorRectV2") { writer in
            for value in rect { writer.append(value) }
            writer.append(scale)
        }
    }

    @Test func fcitx5CursorRectanglesBecomeTheCandidateAnchorWithSignals() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        #expect(try peer.candidateAnchor(of: path) == [0, 0, 0, 0])
        try peer.call(CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "Subscribe") {
            $0.append(strings: ["geometry"])
        }
        // Wayland-style: pixels at scale 2, answered in the same pixels.
        let set = try setCursorRectV2(peer, path, [120, 300, 0, 34], scale: 2)
        #expect(set.signals("InvalidateCharacterCoordinates").count == 1)
        let changed = try #require(set.signals("PropertiesChanged").first)
        var reader = changed.reader()
        #expect(try reader.readString() == inkstoneContextInterface)
        let properties = try reader.readVardict()
        #expect(
            properties["CandidateAnchor"]
                == .structure([.double(120), .double(300), .double(0), .double(34)]))
        #expect(try peer.candidateAnchor(of: path) == [120, 300, 0, 34])
        // The same rectangle again: nothing moved, nothing is announced.
        #expect(try setCursorRectV2(peer, path, [120, 300, 0, 34], scale: 2).signals.isEmpty)
        // X11-style: screen pixels, no scale.
        try peer.call(path, fcitxContextInterface, "SetCursorRect") { writer in
            for value: Int32 in [54, 7, 0, 17] { writer.append(value) }
        }
        #expect(try peer.candidateAnchor(of: path) == [54, 7, 0, 17])
    }

    @Test func theRectangleStandsForTheCaretOnlyAndBadOnesChangeNothing() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        _ = try peer.type(Key.ascii("gksr"), on: path)  // 한 committed, ㄱ composing at 1
        _ = try setCursorRectV2(peer, path, [40, 60, 2, 20], scale: 1)
        #expect(try peer.caretRect(of: path, at: 1) == [40, 60, 2, 20])
        #expect(try peer.candidateAnchor(of: path) == [40, 60, 2, 20])
        // Other positions have no layout to answer from.
        #expect(errorName { _ = try peer.caretRect(of: path, at: 0) } == "org.inkstone.Error.InvalidState")
        // A scale of 0 or a negative size is refused, and the anchor stays.
        #expect(
            errorName { _ = try setCursorRectV2(peer, path, [1, 2, 3, 4], scale: 0) }
                == "org.inkstone.Error.InvalidArgument")
        #expect(
            errorName { _ = try setCursorRectV2(peer, path, [1, 2, -3, 4], scale: 1) }
                == "org.inkstone.Error.InvalidArgument")
        #expect(try peer.candidateAnchor(of: path) == [40, 60, 2, 20])
    }

    @Test func ibusCursorLocationsBecomeTheCandidateAnchor() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon, destination: ibusPortalName)
        let created = try peer.call("/org/freedesktop/IBus", "org.freedesktop.IBus.Portal", "CreateInputContext") {
            $0.append("gtk3-im:compat-tests")
        }
        var reader = try MessageReader(created.reply, expecting: "o")
        let path = try reader.readObjectPath()
        try peer.call(
            CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "Subscribe", destination: inkstoneName
        ) {
            $0.append(strings: ["geometry"])
        }
        /// Sets the location through the portal; the geometry signals of Inkstone's own
        /// connection (not the portal's) are in by the reply of a round trip to it.
        func setLocation(_ member: String, _ rect: [Int32]) throws -> [Message] {
            let set = try peer.call(path, ibusContextInterface, member) { writer in
                for value in rect { writer.append(value) }
            }
            let ping = try peer.call(
                "/org/inkstone/Inkstone1", "org.freedesktop.DBus.Peer", "Ping", destination: inkstoneName)
            return set.signals + ping.signals
        }
        for (member, rect): (String, [Int32]) in [
            ("SetCursorLocation", [10, 20, 1, 15]), ("SetCursorLocationRelative", [5, 6, 0, 18]),
        ] {
            // Each move is announced to the geometry subscriber, as for the fcitx5 front.
            let signals = try setLocation(member, rect)
            #expect(signals.filter { $0.member == "InvalidateCharacterCoordinates" }.count == 1, "\(member)")
            let changed = try #require(signals.first { $0.member == "PropertiesChanged" })
            var changedReader = changed.reader()
            #expect(try changedReader.readString() == inkstoneContextInterface)
            #expect(
                try changedReader.readVardict()["CandidateAnchor"]
                    == .structure(rect.map { .double(Double($0)) }))
            #expect(try peer.candidateAnchor(of: path) == rect.map(Double.init))
            // The caret (position 0 of the empty document) has the rectangle as its own.
            #expect(try peer.caretRect(of: path, at: 0) == rect.map(Double.init))
            // The same rectangle again: nothing moved, nothing is announced.
            #expect(try setLocation(member, rect).isEmpty, "\(member)")
        }
        // A negative size is refused and changes nothing.
        #expect(
            errorName { _ = try setLocation("SetCursorLocation", [1, 2, -3, 4]) }
                == "org.inkstone.Error.InvalidArgument")
        #expect(try peer.candidateAnchor(of: path) == [5, 6, 0, 18])
    }
}

/// A client that never sends surrounding text only ever adds to its context's document:
/// text far behind the caret is dropped.
@Suite(.serialized) struct CompatBufferTests {
    @Test func withoutSurroundingTextOnly4KiBBeforeTheCaretStay() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        let filler = String(repeating: "가", count: 3000)  // 9,000 bytes
        try peer.call(CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "InsertText") { $0.append(filler) }
        try peer.press(Key.hangul, on: path)
        let typed = try peer.type(Key.ascii("gks") + [Key.space], on: path)
        #expect(committedText(typed) == "한 ")
        // The Hangul key already found 9,000 bytes before the caret: whole 3-byte syllables
        // went until at most 4,096 were left (1,365 of them); then 한 and the space came.
        let text = try peer.documentText(of: path)
        #expect(text == String(repeating: "가", count: 1365) + "한 ", "\(text.utf8.count) bytes kept")
    }

    @Test func theMirroredDocumentRegistersNoUndoSteps() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.press(Key.hangul, on: path)
        #expect(committedText(try peer.type(Key.ascii("gksrmf") + [Key.space], on: path)) == "한글 ")
        // The application undoes its own text; the daemon's copy has nothing to undo.
        let inkstonePath = CompatPeer.inkstonePath(of: path)
        let canUndo = try peer.call(inkstonePath, "org.freedesktop.DBus.Properties", "Get") {
            $0.append(inkstoneContextInterface)
            $0.append("CanUndo")
        }.reply
        var reader = try MessageReader(canUndo, expecting: "v")
        #expect(try reader.readVariant { _, inner in try inner.readBool() } == false)
        #expect(
            errorName { try peer.call(inkstonePath, inkstoneContextInterface, "Undo") }
                == "org.inkstone.Error.InvalidState")
        #expect(try peer.documentText(of: path) == "한글 ")
    }

    @Test func withSurroundingTextTheClientsTextIsKeptWhole() throws {
        let daemon = try CompatDaemon()
        let peer = try CompatPeer(daemon)
        let path = try peer.createFcitxContext()
        try peer.call(path, fcitxContextInterface, "SetSurroundingText") {
            $0.append("x")
            $0.append(UInt32(1))
            $0.append(UInt32(1))
        }
        let filler = String(repeating: "가", count: 3000)
        try peer.call(CompatPeer.inkstonePath(of: path), inkstoneContextInterface, "InsertText") { $0.append(filler) }
        try peer.press(Key.hangul, on: path)
        _ = try peer.type(Key.ascii("gks") + [Key.space], on: path)
        #expect(try peer.documentText(of: path) == "x" + filler + "한 ")
    }
}
