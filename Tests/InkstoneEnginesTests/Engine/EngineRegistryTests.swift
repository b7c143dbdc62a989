import InkstoneCore
import InkstoneEngines
import Testing

@Suite struct EngineRegistryTests {
    @Test func listsTheEnginesWithTheDefaultFirst() throws {
        let ids = EngineRegistry.entries().map(\.id)
        #expect(ids.first == "compose")
        #expect(Set(["direct", "compose", "hangul", "unicode"]).isSubset(of: Set(ids)))
        #expect(EngineRegistry.defaultEngineID == "compose")
        for entry in EngineRegistry.entries() {
            #expect(try EngineRegistry.makeEngine(id: entry.id).id == entry.id)
            #expect(!entry.description.isEmpty)
        }
        var settings = EngineSettings()
        settings.defaultEngine = "hangul:39"
        #expect(EngineRegistry.entries(settings: settings).first?.id == "hangul:39")
    }

    /// Every libhangul-data keyboard, romaja included, is an available engine.
    @Test func everyHangulKeyboardIsAnEngine() throws {
        for keyboard in ["2", "2y", "32", "39", "3f", "3s", "3y", "ahn", "ro"] {
            #expect(try EngineRegistry.makeEngine(id: "hangul:\(keyboard)").id == "hangul:\(keyboard)")
            #expect(EngineRegistry.entries().map(\.id).contains("hangul:\(keyboard)"))
        }
        #expect(EngineRegistry.unavailable().isEmpty, "\(EngineRegistry.unavailable())")
    }

    /// `hangul:ro` and `hangul` with `hangul.keyboard = "ro"` spell Hangul from Latin letters.
    @Test func romajaComposesFromLatinLetters() throws {
        var settings = EngineSettings()
        settings.hangulKeyboard = "ro"
        let engines = [
            try EngineRegistry.makeEngine(id: "hangul:ro"),
            try EngineRegistry.makeEngine(id: "hangul", settings: settings),
        ]
        for var engine in engines {
            let commits = "hanGug".unicodeScalars.compactMap { engine.handle(KeyEvent(keysym: $0.value)).commit }
            #expect(commits == ["한"])
            #expect(engine.focusOut().commit == "국")
        }
    }

    /// `hangul:39` composes on Sebeolsik 390: `k` is ㄱ choseong, `f` is ㅏ jungseong.
    @Test func aThreeSetKeyboardComposesByItsOwnLayout() throws {
        var engine = try EngineRegistry.makeEngine(id: "hangul:39")
        _ = engine.handle(KeyEvent(keysym: 0x6b))
        let output = engine.handle(KeyEvent(keysym: 0x66))
        #expect(output.preedit?.text == "가")
        var settings = EngineSettings()
        settings.hangulKeyboard = "39"
        var configured = try EngineRegistry.makeEngine(id: "hangul", settings: settings)
        _ = configured.handle(KeyEvent(keysym: 0x6b))
        #expect(configured.handle(KeyEvent(keysym: 0x66)).preedit?.text == "가")
    }

    @Test func unknownEngineIsInvalidArgumentWithASuggestion() {
        do {
            _ = try EngineRegistry.makeEngine(id: "hangl")
            Issue.record("hangl resolved")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("did you mean 'hangul'?"), "\(error.message)")
        }
    }

    /// Missing keyboard data: the engine is not advertised, making it is a named error with the package.
    @Test func missingKeyboardDataMakesTheEngineUnavailable() {
        var settings = EngineSettings()
        settings.hangulKeyboardDirectory = "/nonexistent/keyboards"
        #expect(!EngineRegistry.entries(settings: settings).contains { $0.id.hasPrefix("hangul") })
        let reason = EngineRegistry.unavailable(settings: settings).first { $0.id == "hangul" }?.reason ?? ""
        #expect(reason.contains("libhangul-data"))
        do {
            _ = try EngineRegistry.makeEngine(id: "hangul", settings: settings)
            Issue.record("an engine without its keyboard was made")
        } catch {
            #expect(error.code == .invalidState)
            #expect(error.message.contains("libhangul-data"))
        }
    }

    @Test func triggersMatchExactModifiers() throws {
        let trigger = try KeyTrigger("Control+Shift+u")
        #expect(trigger.matches(try KeyEvent(keyString: "Control+Shift+U")))
        #expect(trigger.matches(try KeyEvent(keyString: "Control+Shift+Lock+u")))
        #expect(!trigger.matches(try KeyEvent(keyString: "Control+u")))
        #expect(!trigger.matches(try KeyEvent(keyString: "Control+Shift+Alt+u")))
    }

    /// A configured Hanja key opens candidates; the stock F9 then does not.
    @Test func hanjaKeysAreConfigurable() throws {
        var settings = EngineSettings()
        settings.hanjaKeys = [try KeyTrigger("Control+Return")]
        var engine = try EngineRegistry.makeEngine(id: "hangul", settings: settings)
        for key in ["g", "k", "s"] { _ = engine.handle(try KeyEvent(keyString: key)) }
        #expect(engine.handle(try KeyEvent(keyString: "F9")).candidates == nil)
        for key in ["g", "k", "s"] { _ = engine.handle(try KeyEvent(keyString: key)) }
        #expect(engine.handle(try KeyEvent(keyString: "Control+Return")).candidates?.items.isEmpty == false)
    }

    @Test func suggestionsFindTheClosestName() {
        #expect(Suggestion.closest(to: "tpye", in: ["type", "monitor", "engines"]) == "type")
        #expect(Suggestion.closest(to: "xyzzy", in: ["type", "monitor"]) == nil)
    }
}
