import InkstoneEngines
import Testing

/// On the real en_US.UTF-8 Compose table.
@Suite struct ComposeEngineTests {
    func keys(_ names: [String]) throws -> [KeyEvent] { try names.map { try KeyEvent(name: $0) } }

    @Test(arguments: [
        (["dead_acute", "e"], "é"),
        (["Multi_key", "o", "e"], "œ"),
        (["Multi_key", "minus", "minus", "minus"], "—"),
        (["Multi_key", "C", "equal"], "€"),
        (["dead_circumflex", "a"], "â"),
    ])
    func sequencesCompose(_ names: [String], _ expected: String) throws {
        #expect(ComposeTable.shared.locale != nil)
        var engine = ComposeEngine()
        let typed = type(try keys(names), into: &engine)
        #expect(typed.committed == expected)
        #expect(typed.last.consumed)
        #expect(engine.preedit == nil)
    }

    @Test func pendingSequenceShowsPreedit() throws {
        let engine = ComposeEngine()
        let first = engine.handle(try KeyEvent(name: "Multi_key"))
        #expect(first.consumed)
        #expect(first.preedit?.text == "·")
        #expect(first.commit == nil)
        let second = engine.handle(try KeyEvent(name: "o"))
        #expect(second.preedit?.text == "·o")
        #expect(second.preedit?.cursorUTF16Offset == 2)
        let dead = ComposeEngine()
        let deadAcute = dead.handle(try KeyEvent(name: "dead_acute"))
        #expect(deadAcute.preedit?.text == "´")
    }

    @Test func modifiersAndReleasesKeepThePendingSequence() throws {
        var engine = ComposeEngine()
        _ = engine.handle(try KeyEvent(name: "Multi_key"))
        let shift = engine.handle(try KeyEvent(name: "Shift_L"))
        #expect(!shift.consumed)
        #expect(shift.preedit?.text == "·")
        let release = engine.handle(KeyEvent(keysym: Keysym.multiKey, isRelease: true))
        #expect(release.preedit?.text == "·")
        let composed = type(try keys(["C", "equal"]), into: &engine)
        #expect(composed.committed == "€")
    }

    @Test func cancelledSequenceCommitsNothing() throws {
        var engine = ComposeEngine()
        let typed = type(try keys(["dead_acute", "x"]), into: &engine)
        #expect(typed.committed == "")
        #expect(typed.last.consumed)
        #expect(engine.preedit == nil)
        let afterCancel = engine.handle(try KeyEvent(name: "x"))
        #expect(afterCancel.commit == "x")  // the state is usable again
    }

    @Test func backspaceAndEscapeEditPendingSequence() throws {
        var engine = ComposeEngine()
        _ = type(try keys(["Multi_key", "o", "BackSpace"]), into: &engine)
        #expect(engine.preedit?.text == "·")
        #expect(type(try keys(["minus", "minus", "minus"]), into: &engine).committed == "—")
        _ = type(try keys(["dead_acute"]), into: &engine)
        let escape = engine.handle(try KeyEvent(name: "Escape"))
        #expect(escape.consumed)
        #expect(engine.preedit == nil)
    }

    @Test func otherKeysActAsDirect() throws {
        let engine = ComposeEngine()
        let plainA = engine.handle(try KeyEvent(name: "a"))
        #expect(plainA.commit == "a")
        let backspaceKey = engine.handle(try KeyEvent(name: "BackSpace"))
        #expect(backspaceKey.action == .deleteBackward)
        let controlC = engine.handle(try KeyEvent(name: "c", modifiers: .control))
        #expect(!controlC.consumed)
        let shiftKey = engine.handle(try KeyEvent(name: "Shift_L"))
        #expect(!shiftKey.consumed)
    }

    @Test func focusOutCommitsPlainPendingKeys() throws {
        var engine = ComposeEngine()
        _ = type(try keys(["Multi_key", "o"]), into: &engine)
        let focusOutCommit = engine.focusOut()
        #expect(focusOutCommit.commit == "o")
        #expect(engine.preedit == nil)
    }
}
