import InkstoneEngines
import Testing

@Suite struct UnicodeEngineTests {
    static let trigger = KeyEvent(keysym: 0x55, modifiers: [.control, .shift])

    /// Starts entry and types hex digits.
    func entering(_ digits: String) -> (UnicodeEngine, EngineOutput) {
        var engine = UnicodeEngine()
        _ = engine.handle(Self.trigger)
        let typed = type(digits, into: &engine)
        return (engine, typed.last)
    }

    @Test func hexDigitsThenSpaceCommitTheCodePointAndReturnToDirect() {
        var (engine, last) = entering("1f600")
        #expect(last.preedit?.text == "u1f600")
        let output = engine.handle(KeyEvent(keysym: Keysym.space))
        #expect(output.commit == "😀")
        #expect(output.preedit == nil)
        let afterEntry = engine.handle(KeyEvent(keysym: 0x61))
        #expect(afterEntry.commit == "a")  // back to direct
    }

    @Test func returnCommitsToo() {
        var (engine, _) = entering("E9")
        let returnCommit = engine.handle(KeyEvent(keysym: Keysym.returnKey))
        #expect(returnCommit.commit == "é")
    }

    @Test(arguments: ["110000", "d800", "dfff", "", "0", "00000000"])
    func invalidCodePointsAreRefused(_ digits: String) {
        var (engine, _) = entering(digits)
        let output = engine.handle(KeyEvent(keysym: Keysym.space))
        #expect(output.consumed)
        #expect(output.commit == nil)
        #expect(output.preedit?.text == "u" + digits.lowercased())
        #expect(output.notice != nil)
    }

    @Test func backspaceEditsAndEscapeCancels() {
        var (engine, _) = entering("1f6")
        let afterBackspace = engine.handle(KeyEvent(keysym: Keysym.backSpace))
        #expect(afterBackspace.preedit?.text == "u1f")
        let escape = engine.handle(KeyEvent(keysym: Keysym.escape))
        #expect(escape.consumed)
        #expect(escape.preedit == nil)
        #expect(escape.commit == nil)
        #expect(engine.preedit == nil)
    }

    @Test func nonHexKeysAreRefusedWhileEntering() {
        var (engine, _) = entering("4")
        let output = engine.handle(KeyEvent(keysym: 0x67))
        #expect(output.consumed)
        #expect(output.notice != nil)
        #expect(output.preedit?.text == "u4")
    }

    @Test func triggerNeedsControlAndShift() {
        var engine = UnicodeEngine()
        let plainU = engine.handle(KeyEvent(keysym: 0x55, modifiers: .shift))
        #expect(plainU.commit == "U")
        let triggerAgain = engine.handle(KeyEvent(keysym: 0x75, modifiers: [.control, .shift]))
        #expect(triggerAgain.preedit?.text == "u")
    }
}
