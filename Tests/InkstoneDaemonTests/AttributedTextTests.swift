import DBusKit
import InkstoneTestSupport
import Testing

/// Attributed text over a private bus: runs, typed values, attributed
/// replacement, typing attributes and selection-aware formatting.
@Suite struct AttributedTextTests {
    private static let bold: [String: DBusValue] = ["bold": .bool(true)]

    /// A UTF-16 context and a UTF-8 context of one document holding `text`.
    private static func sharedPair(_ peer: InkstonePeer, text: String) throws -> (utf16: String, utf8: String) {
        let first = try peer.createContext()
        guard case .objectPath(let document)? = try peer.property(first, "Document") else {
            throw TestSupportError("no document path")
        }
        let second = try peer.createContext(["document": .objectPath(document), "unit": .string("utf8")])
        try peer.replace(first, 0, 0, text)
        return (first, second)
    }

    @Test func runsAreSetAndReadInEachContextsUnit() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (utf16, utf8) = try Self.sharedPair(peer, text: "a😀bc")
        let revision = try peer.revision(utf16)
        let red: DBusValue = .structure([.double(1), .double(0), .double(0), .double(1)])
        try peer.setAttributes(utf16, 1, 3, ["bold": .bool(true), "foreground": red, "org.example.note": .int32(7)])
        try peer.setAttributes(utf16, 3, 1, [:], remove: ["foreground"])
        #expect(try peer.revision(utf16) == revision)  // not a text edit
        let all: [String: DBusValue] = ["bold": .bool(true), "foreground": red, "org.example.note": .int64(7)]
        let inUTF16 = try peer.attributedText(utf16, 0, 5)
        #expect(inUTF16.text == "a😀bc")
        #expect(sameRuns(inUTF16.runs, [(1, 2, all), (3, 1, ["bold": .bool(true), "org.example.note": .int64(7)])]))
        let inUTF8 = try peer.attributedText(utf8, 1, 6)
        #expect(inUTF8.text == "😀bc")
        #expect(sameRuns(inUTF8.runs, [(0, 4, all), (4, 1, ["bold": .bool(true), "org.example.note": .int64(7)])]))
        #expect(try peer.attributes(utf8, at: 5) == ["bold": .bool(true), "org.example.note": .int64(7)])
        #expect(try peer.attributes(utf8, at: 7).isEmpty)
    }

    @Test func badKeysValuesAndRangesAreNamedErrorsAndChangeNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext(["unit": .string("scalars")])
        try peer.replace(context, 0, 0, "e\u{301}x")
        try peer.setAttributes(context, 2, 1, Self.bold)
        let before = try peer.attributedText(context, 0, 3)
        let cases: [(Int, Int, [String: DBusValue], String)] = [
            (0, 1, Self.bold, "org.inkstone.Error.InvalidRange"),  // inside e + U+0301
            (0, 9, Self.bold, "org.inkstone.Error.InvalidRange"),
            (0, 2, ["bold": .string("yes")], "org.inkstone.Error.InvalidArgument"),
            (0, 2, ["underline": .string("wavy-ish")], "org.inkstone.Error.InvalidArgument"),
            (0, 2, ["font_size": .double(-3)], "org.inkstone.Error.InvalidArgument"),
            (0, 2, ["x": .objectPath("/a")], "org.inkstone.Error.InvalidArgument"),
            (0, 2, ["x": .array(elementSignature: "y", [.byte(1)])], "org.inkstone.Error.InvalidArgument"),
            (0, 2, ["x": .double(.nan)], "org.inkstone.Error.InvalidArgument"),
            (
                0, 2, ["foreground": .structure([.double(2), .double(0), .double(0), .double(1)])],
                "org.inkstone.Error.InvalidArgument"
            ),
            (0, 2, ["bad key": .bool(true)], "org.inkstone.Error.InvalidArgument"),
            (
                0, 2, Dictionary(uniqueKeysWithValues: (0..<65).map { ("k\($0)", DBusValue.bool(true)) }),
                "org.inkstone.Error.LimitExceeded"
            ),
        ]
        for (start, length, set, expected) in cases {
            #expect(peer.setAttributesError(context, start, length, set) == expected, "\(set.keys.sorted().prefix(2))")
        }
        #expect(
            peer.setAttributesError(context, 0, 2, ["italic": .bool(true)], remove: ["no way"])
                == "org.inkstone.Error.InvalidArgument")
        #expect(peer.errorName(context, "AttributesAt") { $0.append(Int64(4)) } == "org.inkstone.Error.InvalidRange")
        let after = try peer.attributedText(context, 0, 3)
        #expect(after.text == before.text && sameRuns(after.runs, before.runs))
        #expect(sameRuns(after.runs, [(2, 1, Self.bold)]))
    }

    @Test func attributedTextRoundTripsAsOneUndoStep() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.replace(context, 0, 0, "Hello wörld 😀!")
        try peer.setAttributes(context, 0, 5, Self.bold)
        try peer.setAttributes(context, 6, 5, ["link": .string("https://x.org"), "italic": .bool(true)])
        try peer.setAttributes(context, 12, 2, ["font_size": .int32(14)])  // stored as a double
        let copied = try peer.attributedText(context, 0, 15)
        #expect(copied.runs.last { !$0.attributes.isEmpty }?.attributes == ["font_size": .double(14)])
        // The runs cover the text: plain stretches are runs without attributes.
        #expect(copied.runs.reduce(0) { $0 + $1.length } == 15)
        #expect(copied.runs.last.map { $0.start == 14 && $0.length == 1 && $0.attributes.isEmpty } == true)
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(15))
            $0.append(Int64(0))
        }
        let reply = try peer.call(
            context, "ReplaceRangeWithAttributed",
            InkstonePeer.attributedReplacement(15, 0, copied.text, copied.runs))
        #expect(reply.count == 2 && reply[1].uint64 == 0)
        #expect(try peer.text(context) == "Hello wörld 😀!Hello wörld 😀!")
        let pasted = try peer.attributedText(context, 15, 15)
        #expect(pasted.text == copied.text && sameRuns(pasted.runs, copied.runs))
        // Stretches no run covers are plain, whatever precedes them (here the sized emoji).
        try peer.call(context, "ReplaceRangeWithAttributed", InkstonePeer.attributedReplacement(29, 0, "++", []))
        #expect(try peer.attributes(context, at: 29).isEmpty)
        try peer.call(context, "Undo")
        try peer.call(context, "Undo")
        #expect(try peer.text(context) == "Hello wörld 😀!")
        #expect(sameRuns(try peer.attributedText(context, 0, 15).runs, copied.runs))
    }

    @Test func aBadAttributedReplacementChangesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.replace(context, 0, 0, "abc")
        let revision = try peer.revision(context)
        let bad: [(String, [InkstonePeer.Run], UInt64, String)] = [
            ("x😀", [(0, 2, Self.bold)], 0, "org.inkstone.Error.InvalidRange"),  // ends inside the emoji
            ("xy", [(0, 3, Self.bold)], 0, "org.inkstone.Error.InvalidRange"),  // past the text
            ("xy", [(1, 1, Self.bold), (0, 1, Self.bold)], 0, "org.inkstone.Error.InvalidRange"),  // out of order
            ("xy", [(0, 1, ["bold": .int32(1)])], 0, "org.inkstone.Error.InvalidArgument"),
            ("xy", [(0, 1, Self.bold)], revision + 5, "org.inkstone.Error.Stale"),
        ]
        for (text, runs, expected, error) in bad {
            #expect(
                peer.errorName(
                    context, "ReplaceRangeWithAttributed",
                    InkstonePeer.attributedReplacement(1, 1, text, runs, expected: expected)) == error)
        }
        #expect(try peer.text(context) == "abc")
        #expect(try peer.revision(context) == revision)
        #expect(sameRuns(try peer.attributedText(context, 0, 3).runs, [(0, 3, [:])]))
        // While a context composes, attributed text is refused rather than queued.
        try peer.setMarked(context, "ㅎ", 1, 0)
        #expect(
            peer.errorName(
                context, "ReplaceRangeWithAttributed",
                InkstonePeer.attributedReplacement(0, 0, "x", [])) == "org.inkstone.Error.Busy")
    }

    @Test func typingAttributesApplyToTypedAndComposedTextUntilTheCaretMoves() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.insert(context, "ab")
        try peer.call(context, "SetTypingAttributes") { $0.append(vardict: ["italic": .bool(true)]) }
        #expect(
            InkstonePeer.attributeSet(try peer.property(context, "TypingAttributes") ?? .bool(false)) == [
                "italic": .bool(true)
            ])
        try peer.insert(context, "c")
        _ = try peer.keys(context, ["d"])
        try peer.setMarked(context, "e", 1, 0)
        try peer.call(context, "UnmarkText")
        #expect(try peer.text(context) == "abcde")
        #expect(sameRuns(try peer.attributedText(context, 0, 5).runs, [(2, 3, ["italic": .bool(true)])]))
        // Moving the caret resets them to what typing there inherits.
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(1))
            $0.append(Int64(0))
        }
        #expect(InkstonePeer.attributeSet(try peer.property(context, "TypingAttributes") ?? .bool(false)).isEmpty)
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(5))
            $0.append(Int64(0))
        }
        #expect(
            InkstonePeer.attributeSet(try peer.property(context, "TypingAttributes") ?? .bool(false)) == [
                "italic": .bool(true)
            ])
        try peer.call(context, "SetTypingAttributes") { $0.append(vardict: [:]) }
        try peer.insert(context, "f")
        #expect(try peer.attributes(context, at: 5).isEmpty)
        #expect(
            peer.errorName(context, "SetTypingAttributes") { $0.append(vardict: ["bold": .double(1)]) }
                == "org.inkstone.Error.InvalidArgument")
    }

    @Test func toggleOverAMixedSelectionSetsAllThenClearsAll() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.insert(context, "abcdef")
        try peer.setAttributes(context, 1, 2, Self.bold)
        try peer.setAttributes(context, 0, 6, ["font_family": .string("Serif")])
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(0))
            $0.append(Int64(4))
        }
        var state = try peer.selectionAttributes(context)
        #expect(state["bold"].map { $0.0 == .bool(true) && !$0.1 } == true)  // partly bold
        #expect(state["font_family"].map { $0.0 == .string("Serif") && $0.1 } == true)
        // Mixed: bold everywhere.
        #expect(try peer.toggle(context, "bold", .bool(true)))
        #expect(
            sameRuns(
                try peer.attributedText(context, 0, 6).runs,
                [
                    (0, 4, ["bold": .bool(true), "font_family": .string("Serif")]),
                    (4, 2, ["font_family": .string("Serif")]),
                ]))
        state = try peer.selectionAttributes(context)
        #expect(state["bold"].map { $0.1 } == true)
        // Uniform: bold nowhere.
        #expect(try !peer.toggle(context, "bold", .bool(true)))
        #expect(sameRuns(try peer.attributedText(context, 0, 6).runs, [(0, 6, ["font_family": .string("Serif")])]))
        // An empty selection toggles the typing attributes.
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(6))
            $0.append(Int64(0))
        }
        #expect(try peer.toggle(context, "underline", .string("single")))
        #expect(try peer.selectionAttributes(context)["underline"].map { $0.0 == .string("single") && $0.1 } == true)
        try peer.insert(context, "g")
        #expect(
            try peer.attributes(context, at: 6) == ["font_family": .string("Serif"), "underline": .string("single")])
        #expect(
            peer.errorName(context, "ToggleAttribute") {
                $0.append("bold")
                $0.append(DBusValue.variant(.string("x")))
            }
                == "org.inkstone.Error.InvalidArgument")
    }

    @Test func runsSurviveQueuedEditsAndCompositionInEveryView() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let (utf16, utf8) = try Self.sharedPair(peer, text: "😀 bold plain")
        try peer.setAttributes(utf16, 3, 4, Self.bold)
        // The UTF-8 context composes; the other's edit before the run waits behind it.
        try peer.call(utf8, "SetSelectedRange") {
            $0.append(Int64(15))
            $0.append(Int64(0))
        }
        try peer.setMarked(utf8, "한", 3, 0)
        let (_, ticket) = try peer.replace(utf16, 0, 0, "¡")
        #expect(ticket != 0)
        try peer.call(utf8, "UnmarkText")
        #expect(try peer.text(utf16) == "¡😀 bold plain한")
        #expect(sameRuns(try peer.attributedText(utf16, 0, 15).runs, [(4, 4, Self.bold)]))
        #expect(sameRuns(try peer.attributedText(utf8, 0, 20).runs, [(7, 4, Self.bold)]))
    }
}
