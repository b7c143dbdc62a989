import InkstoneEngines
import InkstoneText

/// The engine fuzz target: bytes choose an engine (every Hangul keyboard
/// included) and a sequence of keys, surrounding texts, resets and focus
/// changes; every output is checked.
///
/// Checked after every key: commit, preedit and candidates carry no U+0000 and
/// no empty candidate, the preedit cursor lies inside the preedit, the output's
/// preedit is the engine's, candidate cursors lie inside their lists,
/// surrounding deletions are not negative, and `focusOut`/`reset` leave no preedit.
public enum EngineFuzzer {
    /// The engines under test: the registry's, then Hangul on each keyboard.
    static let engineChoices: [String] =
        ["direct", "compose", "unicode", "hangul"]
        + ["2", "2y", "32", "39", "3f", "3s", "3y", "ahn", "ro"].map { "hangul:" + $0 } + ["emoji"]

    /// Keysyms that engines act on, plus printable ASCII and Latin-1 around them.
    static let keysyms: [UInt32] = [
        Keysym.backSpace, Keysym.tab, Keysym.isoLeftTab, Keysym.returnKey, Keysym.kpEnter, Keysym.escape,
        Keysym.delete, Keysym.kpDelete, Keysym.space, Keysym.left, Keysym.right, Keysym.up, Keysym.down,
        Keysym.home, Keysym.end, Keysym.pageUp, Keysym.pageDown, Keysym.kp0, Keysym.kp9, Keysym.multiKey,
        Keysym.hangulHanja, Keysym.f9, Keysym.modifierFirst, Keysym.modifierLast, 0x55, 0x75, 0x30, 0x20,
        0xfe50, 0xfe51, 0xfe52, 0xfe53, 0xfe57, 0xfe58, 0xfe8c, 0x1000000, 0x1000041, 0x100ac00, 0x110ffff, 0xffffff,
    ]

    /// Runs one input; throws the first broken invariant.
    public static func run(_ bytes: [UInt8], tolerance: FuzzTolerance = .fromEnvironment) throws(FuzzFailure) {
        var input = FuzzInput(bytes)
        let choice = input.pick(engineChoices)
        var engine = makeEngine(choice)
        var steps = 0
        while !input.isAtEnd, steps < 500 {
            steps += 1
            switch input.choose(32) {
            case 0:
                engine.reset()
                try check(
                    engine.preedit == nil,
                    "\(choice): a preedit \((engine.preedit?.text ?? "").debugDescription) survived reset()")
            case 1, 2:
                let output = input.flag() ? engine.focusOut() : engine.commitAndReset()
                try checkOutput(output, of: engine, engineID: choice, key: "focusOut", tolerance: tolerance)
                try check(engine.preedit == nil && output.preedit == nil, "\(choice): a preedit survived focusOut()")
            case 3:
                let surrounding = String(decoding: input.bytes(upTo: 16), as: UTF8.self)
                engine.setSurroundingText(input.flag() ? surrounding : input.pick(["한", "韓國", "", "abc 한자"]))
            default:
                let key = makeKey(&input)
                let output = engine.handle(key)
                try checkOutput(output, of: engine, engineID: choice, key: "\(key)", tolerance: tolerance)
            }
        }
    }

    /// Hangul keyboards by id, loaded once (parsing the XML per input would dominate a run).
    nonisolated(unsafe) static var keyboards: [String: HangulKeyboard] = [:]

    static func makeEngine(_ choice: String) -> any CompositionEngine {
        if choice.hasPrefix("hangul:") {
            let id = String(choice.dropFirst(7))
            if keyboards[id] == nil { keyboards[id] = try? HangulKeyboard.load(id: id) }
            if let keyboard = keyboards[id] { return HangulEngine(keyboard: keyboard, hanja: .shared) }
        }
        return (try? EngineRegistry.makeEngine(id: choice)) ?? DirectEngine()
    }

    static func makeKey(_ input: inout FuzzInput) -> KeyEvent {
        let keysym: UInt32
        switch input.choose(8) {
        case 0: keysym = input.pick(keysyms)
        case 1: keysym = input.uint32()
        case 2: keysym = 0xa0 + UInt32(input.choose(0x60))
        case 3: keysym = 0x1000000 + UInt32(input.uint32() % 0x110000)
        default: keysym = 0x20 + UInt32(input.choose(0x5f))
        }
        var modifiers: ModifierMask = []
        switch input.choose(8) {
        case 0: modifiers = ModifierMask(rawValue: UInt32(input.byte()))
        case 1: modifiers = [.control, .shift]
        case 2: modifiers = .shift
        default: break
        }
        return KeyEvent(
            keysym: keysym, keycode: UInt32(input.byte()), modifiers: modifiers,
            isRelease: input.choose(10) == 0, time: 0)
    }

    static func checkOutput(
        _ output: EngineOutput, of engine: any CompositionEngine, engineID: String, key: String,
        tolerance: FuzzTolerance
    ) throws(FuzzFailure) {
        let place = "\(engineID) after \(key)"
        let allowsNUL = tolerance.contains(.nul)
        if let commit = output.commit {
            try check(
                allowsNUL || !commit.unicodeScalars.contains("\0"),
                "\(place): commit \(commit.debugDescription) holds U+0000")
        }
        try check(
            output.preedit == engine.preedit,
            "\(place): output preedit \(output.preedit?.text.debugDescription ?? "nil") but the engine's is \(engine.preedit?.text.debugDescription ?? "nil")"
        )
        if let preedit = output.preedit {
            let text = preedit.text
            try check(!text.unicodeScalars.contains("\0"), "\(place): preedit \(text.debugDescription) holds U+0000")
            try check(
                preedit.cursorUTF16Offset >= 0 && preedit.cursorUTF16Offset <= text.utf16.count,
                "\(place): preedit cursor \(preedit.cursorUTF16Offset) outside \(text.debugDescription)")
        }
        if let list = output.candidates {
            try check(list.pageSize > 0, "\(place): candidate page size \(list.pageSize)")
            try check(
                list.items.isEmpty || list.items.indices.contains(list.cursorIndex),
                "\(place): candidate cursor \(list.cursorIndex) outside \(list.items.count) items")
            try check(list.page.count <= list.pageSize, "\(place): a page of \(list.page.count) > \(list.pageSize)")
            for item in list.items {
                try check(
                    !item.text.isEmpty && !item.text.unicodeScalars.contains("\0"),
                    "\(place): candidate \(item.text.debugDescription) is empty or holds U+0000")
            }
        }
        if let deletion = output.deleteSurrounding {
            try check(deletion.before >= 0 && deletion.after >= 0, "\(place): deletion \(deletion)")
        }
    }
}
