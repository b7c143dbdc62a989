import InkstoneConfig
import InkstoneEngines
import Testing

@Suite struct ConfigurationFileTests {
    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try ConfigurationFile.parse("") == Configuration())
        #expect(try ConfigurationFile.parse("# nothing\n\n") == Configuration())
    }

    @Test func everyKeyIsRead() throws {
        let text = """
            default_engine = "hangul:39"
            engine_cycle = ["direct", "hangul"]
            log_level = "debug"

            [keys]
            cycle_engine = "Shift+space"
            hanja = ["F9"]
            unicode = "Control+Shift+e"

            [candidates]
            page_size = 5
            labels = "asdfg"

            [hangul]
            keyboard = "3f"
            keyboard_directory = "/usr/share/libhangul/keyboards"

            [emoji]
            trigger = ":"

            [limits]
            contexts_per_peer = 8
            documents_per_peer = 9
            document_bytes = 1000
            string_bytes = 100
            """
        let configuration = try ConfigurationFile.parse(text)
        #expect(configuration.engines.defaultEngine == "hangul:39")
        #expect(configuration.engines.cycle == ["direct", "hangul"])
        #expect(configuration.logLevel == "debug")
        #expect(configuration.engines.cycleKey?.description == "Shift+space")
        #expect(configuration.engines.emojiTrigger == ":")
        #expect(configuration.engines.hanjaKeys.map(\.description) == ["F9"])
        #expect(configuration.engines.unicodeKey.description == "Control+Shift+e")
        #expect(configuration.engines.candidatePageSize == 5)
        #expect(configuration.engines.candidateLabels == "asdfg")
        #expect(configuration.engines.hangulKeyboard == "3f")
        #expect(configuration.limits.contextsPerPeer == 8)
        #expect(configuration.limits.documentsPerPeer == 9)
        #expect(configuration.limits.documentUTF8Bytes == 1000)
        #expect(configuration.limits.stringUTF8Bytes == 100)
    }

    /// One engine cycle for every context: `[compat] cycle_key` and `cycle` are the old
    /// spellings of `keys.cycle_engine` and `engine_cycle`, read with a notice, never written.
    @Test func theOldCompatCycleSpellingsSetTheOneCycleWithANotice() throws {
        let old = try ConfigurationFile.parse(
            "[compat]\ncycle_key = \"Shift+space\"\ncycle = [\"direct\", \"hangul\"]\n")
        #expect(old.engines.cycleKey?.description == "Shift+space")
        #expect(old.engines.cycle == ["direct", "hangul"])
        #expect(
            old.notices == [
                "compat.cycle_key is deprecated; use keys.cycle_engine, which it sets",
                "compat.cycle is deprecated; use engine_cycle, which it sets",
            ])
        let new = try ConfigurationFile.parse(
            "engine_cycle = [\"direct\", \"hangul\"]\n[keys]\ncycle_engine = \"Shift+space\"\n")
        #expect(new.engines == old.engines)
        #expect(new.notices.isEmpty)
        let shown = ConfigurationFile.render(old)
        #expect(!shown.contains("cycle_key") && !shown.contains("\ncycle = "), "\(shown)")
        // A bad value under the old spelling is refused like under the new one.
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse("[compat]\ncycle = [\"nope\"]\n") }
        // The stock cycle: Control+space through compose and hangul.
        #expect(Configuration().engines.cycleKey?.description == "Control+space")
        #expect(Configuration().engines.cycle == ["compose", "hangul"])
    }

    /// `show` writes a file that reads back to the same configuration, with every key.
    @Test func pinyinKeysAreRead() throws {
        let configuration = try ConfigurationFile.parse(
            "[pinyin]\nscript = \"traditional\"\nfuzzy = [\"z-zh\", \"an-ang\"]\npunctuation = false\n")
        #expect(configuration.engines.pinyin.script == .traditional)
        #expect(configuration.engines.pinyin.fuzzy == [.zZh, .anAng])
        #expect(configuration.engines.pinyin.chinesePunctuation == false)
        #expect(Configuration().engines.pinyin == PinyinOptions())
    }

    @Test func renderedConfigurationReadsBack() throws {
        var configuration = Configuration()
        configuration.engines.defaultEngine = "hangul"
        configuration.limits.contextsPerPeer = 3
        let text = ConfigurationFile.render(configuration)
        #expect(try ConfigurationFile.parse(text) == configuration)
        for key in [
            "default_engine", "engine_cycle", "log_level", "cycle_engine", "hanja", "unicode", "page_size",
            "labels", "keyboard", "keyboard_directory", "contexts_per_peer", "documents_per_peer", "document_bytes",
            "string_bytes",
        ] {
            #expect(text.contains("\n\(key) = "), "\(key) missing from:\n\(text)")
        }
        #expect(try ConfigurationFile.parse(ConfigurationFile.render(Configuration())) == Configuration())
    }

    @Test(arguments: [
        ("a = 1\nb = \n", 2, "expected"),
        ("\n\n[limits]\ncontexts_per_peer = -5\n", 4, "limits.contexts_per_peer is -5"),
        ("log_level = \"info\"\ndefault_engine = \"hangl\"\n", 2, "did you mean 'hangul'?"),
        (
            "[candidates]\npage_sise = 4\n", 2,
            "unknown key 'candidates.page_sise' (did you mean 'candidates.page_size'?)"
        ),
        ("[candidates]\npage_size = 11\n", 2, "1 to 10"),
        ("[candidates]\npage_size = \"9\"\n", 2, "must be an integer, not a string"),
        ("[keys]\nhanja = [\"F9\", \"Nosuchkey\"]\n", 2, "keys.hanja"),
        ("\n[hangul]\nkeyboard = \"99\"\n", 3, "hangul.keyboard '99'"),
        ("limits.string_bytes = 0\n", 1, "limits.string_bytes is 0"),
        ("[candidates]\nlabels = \"aa\"\n", 2, "distinct printable ASCII"),
        ("[candidates]\nlabels = \"asdf\"\npage_size = 9\n", 3, "only 4 labels"),
        ("[pinyin]\nscript = \"hans\"\n", 2, "pinyin.script 'hans'"),
        ("[pinyin]\nfuzzy = [\"z-zh\", \"zh-z\"]\n", 2, "'zh-z' is no fuzzy pair"),
        ("[pinyin]\npunctuation = \"yes\"\n", 2, "must be a boolean"),
        ("[emoji]\ntrigger = \"::\"\n", 2, "emoji.trigger '::' must be one character"),
        ("[emoji]\ntrigger = \"e\"\n", 2, "not a letter, digit, space or control"),
    ])
    func errorsNameTheLine(text: String, line: Int, fragment: String) {
        do {
            _ = try ConfigurationFile.parse(text, file: "/x/config.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.hasPrefix("/x/config.toml:\(line): "), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test func aMissingDefaultFileIsTheDefaultsButAMissingNamedFileIsAnError() throws {
        let (configuration, source) = try ConfigurationFile.load(
            path: "/nonexistent/inkstone/config.toml", required: false)
        #expect(configuration == Configuration())
        #expect(source == "")
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile.load(path: "/nonexistent/inkstone/config.toml", required: true)
        }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            ConfigurationFile.defaultPath { ["XDG_CONFIG_HOME": "/c", "HOME": "/h"][$0] } == "/c/inkstone/config.toml")
        #expect(ConfigurationFile.defaultPath { ["HOME": "/h"][$0] } == "/h/.config/inkstone/config.toml")
    }

    @Test func flagsOverrideTheFileAndAreChecked() throws {
        let file = try ConfigurationFile.parse("[limits]\ncontexts_per_peer = 8\n")
        var overrides = ConfigurationOverrides()
        overrides.contextsPerPeer = 2
        #expect(try file.applying(overrides).limits.contextsPerPeer == 2)
        overrides.contextsPerPeer = -5
        do {
            _ = try file.applying(overrides)
            Issue.record("--max-contexts=-5 accepted")
        } catch {
            #expect(error.description.contains("--max-contexts"))
        }
    }
}
