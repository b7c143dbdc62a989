import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// Every method taking integers, sent extreme values over the bus: each call
/// fails with a named `org.inkstone.Error.*`, the daemon lives, nothing changes.
@Suite struct ExtremeArgumentTests {
    /// Values that are never valid offsets or lengths of a short text.
    static let extremes: [Int64] = [
        .max, .min, .max - 1, .min + 1, Int64(Int32.max), Int64(Int32.min), Int64(UInt32.max), -1, 1 << 62, -(1 << 62),
    ]

    /// What a failed call must leave as it was.
    private struct State: Equatable {
        let text: String
        let revision: UInt64
        let selection: (Int, Int)
        let marked: (Int, Int)

        static func == (a: State, b: State) -> Bool {
            a.text == b.text && a.revision == b.revision && a.selection == b.selection && a.marked == b.marked
        }
    }

    private func state(_ peer: InkstonePeer, _ context: String) throws -> State {
        State(
            text: try peer.text(context), revision: try peer.revision(context),
            selection: try peer.range(context, "SelectedRange"), marked: try peer.range(context, "MarkedRange"))
    }

    /// `member` fails with an Inkstone error name.
    private func expectRefused(
        _ peer: InkstonePeer, _ context: String, _ member: String, _ arguments: [Int64],
        _ body: (inout MessageWriter) -> Void
    ) {
        let name = peer.errorName(context, member) { body(&$0) }
        #expect(
            name?.hasPrefix("org.inkstone.Error.") == true,
            "\(member)(\(arguments.map(String.init).joined(separator: ", "))): \(name ?? "succeeded")")
    }

    @Test func extremeIntegersAreRefusedWithNamedErrors() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=hangul"])
        try peer.insert(context, "ab한c")
        try peer.call(context, "SetSelectedRange") { writer in
            writer.append(Int64(1))
            writer.append(Int64(1))
        }
        try peer.call(context, "SetCellGrid") { writer in
            for value in [0.0, 0, 8, 16] { writer.append(value) }
            writer.append(UInt32(10))
            writer.append(UInt32(4))
        }
        let before = try state(peer, context)

        let pairs = [
            "TextInRange", "PositionFromPosition", "OffsetFromPosition", "ComparePositions",
            "SetSelectedRange", "FirstRectForRange", "SelectionRects",
        ]
        for a in Self.extremes {
            for b in Self.extremes {
                for member in pairs {
                    expectRefused(peer, context, member, [a, b]) { writer in
                        writer.append(a)
                        writer.append(b)
                    }
                }
                expectRefused(peer, context, "ReplaceRange", [a, b]) { writer in
                    writer.append(a)
                    writer.append(b)
                    writer.append("x")
                    writer.append(UInt64(0))
                }
                expectRefused(peer, context, "ClosestPositionInRange", [a, b]) { writer in
                    writer.append(0.0)
                    writer.append(0.0)
                    writer.append(a)
                    writer.append(b)
                }
                expectRefused(peer, context, "SetMarkedText", [a, b]) { writer in
                    writer.append("x")
                    writer.append(a)
                    writer.append(b)
                    writer.append(Int64(-1))
                    writer.append(Int64(0))
                }
                if a != -1 {  // start −1 asks for the default replacement range, whatever the length
                    expectRefused(peer, context, "SetMarkedText", [0, 0, a, b]) { writer in
                        writer.append("x")
                        writer.append(Int64(0))
                        writer.append(Int64(0))
                        writer.append(a)
                        writer.append(b)
                    }
                }
                expectRefused(peer, context, "SetLineFragments", [a, b]) { writer in
                    writer.appendArray(of: "(xxddddad)") { array in
                        array.appendStruct { fields in
                            fields.append(a)
                            fields.append(b)
                            for value in [0.0, 0, 10, 10] { fields.append(value) }
                            fields.appendArray(of: "d") { $0.append(0.0) }
                        }
                    }
                }
                expectRefused(peer, context, "SetMarkedTextSegments", [a, b]) { writer in
                    writer.appendArray(of: "(xxa{sv})") { array in
                        array.appendStruct { fields in
                            fields.append(a)
                            fields.append(b)
                            fields.append(vardict: [:])
                        }
                    }
                }
            }
            expectRefused(peer, context, "CaretRect", [a]) { $0.append(a) }
            for member in [
                "RangeEnclosingPosition", "IsPositionAtBoundary", "IsPositionWithinUnit", "PositionToBoundary",
            ] {
                for granularity in ["grapheme", "word", "line"] {
                    expectRefused(peer, context, member, [a]) { writer in
                        writer.append(a)
                        writer.append(granularity)
                        writer.append("forward")
                    }
                }
            }
        }
        for index in [Int32.max, Int32.min, -1, 10] {
            expectRefused(peer, context, "SelectCandidate", [Int64(index)]) { $0.append(index) }
        }
        #expect(running.daemon.termination == nil, "\(running.daemon.stderr)")
        #expect(try state(peer, context) == before)
    }

    /// Key events with extreme fields (keysyms that type nothing, every
    /// modifier bit, the largest time) are answered and type nothing.
    @Test func extremeKeyEventsTypeNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=unicode"])
        try peer.insert(context, "ab")
        let before = try state(peer, context)
        let keysyms: [UInt32] = [.max, UInt32(Int32.max), 0x0100_0000, 0x0100_D800, 0x0111_0000, 0]
        for keysym in keysyms {
            for (keycode, modifiers) in [(UInt32.max, UInt32.max), (0, 0), (UInt32.max, 0)] {
                for member in ["ProcessKeyEvent", "ProcessKeyEventReporting"] {
                    let name = peer.errorName(context, member) { writer in
                        writer.append(keysym)
                        writer.append(keycode)
                        writer.append(modifiers)
                        writer.append(false)
                        writer.append(UInt32.max)
                    }
                    #expect(
                        name == nil || name?.hasPrefix("org.inkstone.Error.") == true,
                        "\(member) \(keysym): \(name ?? "")")
                }
            }
        }
        #expect(running.daemon.termination == nil, "\(running.daemon.stderr)")
        #expect(try state(peer, context) == before)
    }

    /// A cell grid with the largest column count and tab width is a grid like any other.
    @Test func theLargestGridAnswersQueries() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext([])
        try peer.insert(context, "a\tb")
        try peer.call(context, "SetCellGrid") { writer in
            for value in [0.0, 0, 8, 16] { writer.append(value) }
            writer.append(UInt32.max)
            writer.append(UInt32.max)
        }
        let caret = try peer.call(context, "CaretRect") { $0.append(Int64(3)) }
        #expect(caret.count == 1, "\(caret)")
        let first = try peer.call(context, "FirstRectForRange") { writer in
            writer.append(Int64(0))
            writer.append(Int64(3))
        }
        #expect(first.count == 3, "\(first)")
        #expect(running.daemon.termination == nil, "\(running.daemon.stderr)")
    }

    /// Control+Shift+U 0 Space types nothing: U+0000 is refused like a surrogate.
    @Test func unicodeEntryOfCodePointZeroTypesNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext(["engine=unicode"])
        _ = try peer.keys(context, ["Control+Shift+U", "0", "space", "Escape", "Control+Shift+U", "4", "1", "space"])
        #expect(try peer.text(context) == "A")
        let length = try peer.call(context, "Length")
        #expect(length.first?.int == 1)
    }
}
