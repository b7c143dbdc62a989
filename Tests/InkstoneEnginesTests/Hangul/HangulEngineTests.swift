import InkstoneCore
import InkstoneEngines
import Testing

/// Key string → preedit/commit tables in libhangul's test style (`\u{8}` is BackSpace).
@Suite struct HangulEngineTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var keys: String
        var committed: String
        var preedit: String
        var testDescription: String { keys }
    }

    static let rows: [Row] = [
        Row(keys: "gksrmf", committed: "한", preedit: "글"),
        Row(keys: "gksrmf ", committed: "한글 ", preedit: ""),
        Row(keys: "ekfrl", committed: "달", preedit: "기"),
        Row(keys: "ekfr", committed: "", preedit: "닭"),
        Row(keys: "akfr", committed: "", preedit: "맑"),
        Row(keys: "akfrh", committed: "말", preedit: "고"),
        Row(keys: "rkW", committed: "가", preedit: "ㅉ"),
        Row(keys: "rt", committed: "", preedit: "ㄳ"),
        Row(keys: "rt\u{8}k", committed: "", preedit: "가"),
        Row(keys: "gks\u{8}", committed: "", preedit: "하"),
        Row(keys: "gks\u{8}\u{8}", committed: "", preedit: "ㅎ"),
        Row(keys: "gks\u{8}\u{8}\u{8}", committed: "", preedit: ""),
        Row(keys: "dhk", committed: "", preedit: "와"),
        Row(keys: "rr", committed: "ㄱ", preedit: "ㄱ"),
        Row(keys: "R", committed: "", preedit: "ㄲ"),
        Row(keys: "gks.", committed: "한.", preedit: ""),
        Row(keys: "gks1", committed: "한1", preedit: ""),
        Row(keys: "gks\n", committed: "한\n", preedit: ""),
    ]

    @Test(arguments: rows) func twoSetKeyStringsCommitAndComposeAsListed(_ row: Row) {
        var engine = HangulEngine()
        let typed = type(row.keys, into: &engine)
        #expect(typed.committed == row.committed)
        #expect(typed.preeditText == row.preedit)
    }

    @Test func backspaceWithoutPreeditFallsThroughToDirect() {
        var engine = HangulEngine()
        let output = engine.handle(KeyEvent(keysym: Keysym.backSpace))
        #expect(output.consumed)
        #expect(output.action == .deleteBackward)
        #expect(output.preedit == nil)
    }

    @Test func shortcutCommitsPreeditAndStaysUnhandled() {
        var engine = HangulEngine()
        _ = type("gks", into: &engine)
        let output = engine.handle(KeyEvent(keysym: 0x63, modifiers: .control))
        #expect(!output.consumed)
        #expect(output.commit == "한")
        #expect(output.preedit == nil)
    }

    @Test func capsLockDoesNotActAsShift() {
        var engine = HangulEngine()
        let output = engine.handle(KeyEvent(keysym: 0x52, modifiers: [.lock, .shift]))  // Caps+Shift+r → r
        #expect(output.preedit?.text == "ㄱ")
        var other = HangulEngine()
        let capsR = other.handle(KeyEvent(keysym: 0x72, modifiers: .lock))
        #expect(capsR.preedit?.text == "ㄲ")  // Caps+r → R
    }

    @Test func focusOutAndEngineSwitchCommitThePreedit() {
        var engine = HangulEngine()
        _ = type("gksrmf", into: &engine)
        let focusOutCommit = engine.focusOut()
        #expect(focusOutCommit.commit == "글")
        #expect(engine.preedit == nil)
        _ = type("gks", into: &engine)
        let resetCommit = engine.commitAndReset()
        #expect(resetCommit.commit == "한")
        _ = type("gks", into: &engine)
        engine.reset()
        let emptyFocusOut = engine.focusOut()
        #expect(emptyFocusOut.commit == nil)
    }

    @Test func releasesAreIgnored() {
        var engine = HangulEngine()
        let output = engine.handle(KeyEvent(keysym: 0x67, isRelease: true))
        #expect(!output.consumed)
        #expect(engine.preedit == nil)
    }

    @Test func ignoredKeysKeepThePreeditAndRepeatNoCommit() {
        var engine = HangulEngine()
        let typed = type("gksr", into: &engine)
        #expect(typed.last.commit == "한")
        let release = engine.handle(KeyEvent(keysym: 0x72, isRelease: true))
        #expect(!release.consumed)
        #expect(release.commit == nil)
        #expect(release.preedit?.text == "ㄱ")
        let shift = engine.handle(KeyEvent(keysym: 0xffe1))
        #expect(!shift.consumed)
        #expect(shift.commit == nil)
        #expect(shift.preedit?.text == "ㄱ")
    }

    @Test func threeSetKeyboardLoadsFromData() throws {
        let keyboard = try HangulKeyboard.load(id: "39")
        #expect(keyboard.kind == .jaso)
        var engine = HangulEngine(keyboard: keyboard, hanja: nil)
        #expect(type("mfs", into: &engine).preeditText == "한")
    }

    @Test func unknownKeyboardIsInvalidArgument() {
        #expect { try HangulKeyboard.load(id: "nope") } throws: { error in
            (error as? InkstoneError)?.code == .invalidArgument
        }
    }
}

@Suite struct HangulKeyboardChoiceTests {
    @Test func keyboardIDChoosesTheLayout() throws {
        var sebeolsik = try HangulEngine(keyboardID: "3f")
        #expect(type("mfs", into: &sebeolsik).preeditText == "한")
        var dubeolsik = try HangulEngine(keyboardID: "2")
        #expect(type("gks", into: &dubeolsik).preeditText == "한")
        var romaja = try HangulEngine(keyboardID: "ro")
        #expect(type("seoul", into: &romaja).preeditText == "울")
    }
}
