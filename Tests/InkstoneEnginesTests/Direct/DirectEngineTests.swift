import InkstoneEngines
import Testing

@Suite struct DirectEngineTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var key: String
        var modifiers: ModifierMask = []
        var consumed: Bool
        var commit: String? = nil
        var action: EditAction? = nil
        var testDescription: String { "\(key) \(modifiers.rawValue)" }
    }

    static let rows: [Row] = [
        Row(key: "g", consumed: true, commit: "g"),
        Row(key: "G", modifiers: .shift, consumed: true, commit: "G"),
        Row(key: "space", consumed: true, commit: " "),
        Row(key: "eacute", consumed: true, commit: "é"),
        Row(key: "Return", consumed: true, commit: "\n"),
        Row(key: "KP_Enter", consumed: true, commit: "\n"),
        Row(key: "Tab", consumed: true, commit: "\t"),
        Row(key: "BackSpace", consumed: true, action: .deleteBackward),
        Row(key: "Delete", consumed: true, action: .deleteForward),
        Row(key: "Left", consumed: true, action: .move(.left, extendSelection: false)),
        Row(key: "Right", modifiers: .shift, consumed: true, action: .move(.right, extendSelection: true)),
        Row(key: "Home", consumed: true, action: .move(.lineStart, extendSelection: false)),
        Row(key: "End", consumed: true, action: .move(.lineEnd, extendSelection: false)),
        Row(key: "Left", modifiers: .control, consumed: true, action: .move(.wordLeft, extendSelection: false)),
        Row(key: "End", modifiers: .control, consumed: true, action: .move(.documentEnd, extendSelection: false)),
        Row(key: "c", modifiers: .control, consumed: false),
        Row(key: "x", modifiers: .alt, consumed: false),
        Row(key: "Return", modifiers: .control, consumed: false),
        Row(key: "F5", consumed: false),
        Row(key: "Escape", consumed: false),
        Row(key: "Shift_L", modifiers: .shift, consumed: false),
    ]

    @Test(arguments: rows) func eachKeyCommitsActsOrFallsThroughAsListed(_ row: Row) throws {
        let engine = DirectEngine()
        let output = engine.handle(try KeyEvent(name: row.key, modifiers: row.modifiers))
        #expect(output.consumed == row.consumed)
        #expect(output.commit == row.commit)
        #expect(output.action == row.action)
        #expect(output.preedit == nil)
    }

    @Test func releasesAreNotConsumed() {
        let engine = DirectEngine()
        let release = engine.handle(KeyEvent(keysym: 0x67, isRelease: true))
        #expect(release == .unhandled)
    }
}
