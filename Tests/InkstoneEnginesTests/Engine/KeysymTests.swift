import InkstoneCore
import InkstoneEngines
import Testing

@Suite struct KeysymTests {
    @Test(arguments: [
        ("g", UInt32(0x67)), ("BackSpace", 0xff08), ("Return", 0xff0d), ("space", 0x20),
        ("Hangul_Hanja", 0xff34), ("dead_acute", 0xfe51), ("Multi_key", 0xff20),
    ])
    func namesResolve(_ name: String, _ keysym: UInt32) throws {
        #expect(try Keysym.named(name) == keysym)
        #expect(Keysym.name(of: keysym) == name)
    }

    @Test func keysymNamesFallBackToACaseInsensitiveMatch() throws {
        #expect(try Keysym.named("backspace") == 0xff08)
        #expect(try Keysym.named("A") == 0x41)  // exact match wins over folding
        #expect(try Keysym.named("a") == 0x61)
    }

    @Test func unknownNameIsInvalidArgumentNamingIt() {
        do {
            _ = try Keysym.named("NoSuchKey")
            Issue.record("NoSuchKey resolved")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("NoSuchKey"))
        }
    }

    @Test func printableKeysymsHaveTextAndControlKeysNone() {
        #expect(Keysym.text(of: 0x67) == "g")
        #expect(Keysym.text(of: 0x4b1) == "ア")  // kana_A
        #expect(Keysym.text(of: 0x20ac) == "€")  // EuroSign
        #expect(Keysym.text(of: Keysym.backSpace) == nil)
        #expect(Keysym.text(of: Keysym.returnKey) == nil)
        #expect(Keysym.text(of: 0xfe51) == nil)  // dead_acute
        #expect(Keysym.text(of: 0xffe1) == nil)  // Shift_L
    }

    @Test func keyEventFromNameKnowsShortcuts() throws {
        let event = try KeyEvent(name: "Return", modifiers: .control)
        #expect(event.keysym == Keysym.returnKey)
        #expect(event.isShortcut)
        #expect(!(try KeyEvent(name: "A", modifiers: .shift)).isShortcut)
    }
}

@Suite struct KeyStringTests {
    static let cases: [(String, UInt32, ModifierMask)] = [
        ("g", 0x67, []), ("Control+c", 0x63, .control),
        ("Control+Shift+U", 0x55, [.control, .shift]), ("ctrl+alt+Delete", 0xffff, [.control, .alt]),
        ("+", 0x2b, []), ("Control++", 0x2b, .control), ("Super+space", 0x20, .superKey),
    ]

    @Test(arguments: cases)
    func keyStringsParse(_ keyString: String, _ keysym: UInt32, _ modifiers: ModifierMask) throws {
        let event = try KeyEvent(keyString: keyString)
        #expect(event.keysym == keysym)
        #expect(event.modifiers == modifiers)
        #expect(!event.isRelease)
    }

    @Test(arguments: ["Hyperactive+g", "Control+NoSuchKey", "", "Control+"])
    func badKeyStringsAreInvalidArguments(_ keyString: String) {
        do {
            let event = try KeyEvent(keyString: keyString)
            Issue.record("'\(keyString)' parsed as \(event)")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func theStockUnicodeKeyIsTheParsedKeyString() throws {
        let stock = EngineSettings.stock.unicodeKey
        #expect(stock == (try KeyTrigger(stock.description)))
        #expect(stock.matches(try KeyEvent(keyString: "Control+Shift+U")))
        #expect(!stock.matches(try KeyEvent(keyString: "Control+u")))
    }
}
