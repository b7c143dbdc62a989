/// How engines are made: the defaults a context gets when it names none, the
/// Hangul keyboard, candidate pages and trigger keys (from the configuration file).
public struct EngineSettings: Sendable, Equatable {
    /// The engine of a context created without an `engine` option.
    public var defaultEngine: String
    /// The engines the cycle key steps through, in order (empty: the key does nothing).
    public var cycle: [String]
    /// The key that switches a context to the next engine of ``cycle`` (nil: none).
    public var cycleKey: KeyTrigger?
    /// The libhangul keyboard id of the engine `hangul` (`hangul:<id>` names one explicitly).
    public var hangulKeyboard: String
    /// Where libhangul's keyboard files are.
    public var hangulKeyboardDirectory: String
    /// Keys that open Hanja candidates in the Hangul engine.
    public var hanjaKeys: [KeyTrigger]
    /// The key that starts code point entry in the Unicode engine.
    public var unicodeKey: KeyTrigger
    /// The character that opens an emoji query in every other engine (nil: none, the default).
    public var emojiTrigger: Character?
    /// Candidates per page (1…10, at most the number of labels).
    public var candidatePageSize: Int
    /// The selection label of each position on a candidate page, one printable ASCII character each.
    public var candidateLabels: String

    // MARK: learning (dictionary engines)
    /// How much each dictionary's learning store keeps.
    public var learning = LearningLimits()

    // MARK: pinyin
    /// How the pinyin engines behave (script, fuzzy pairs, punctuation).
    public var pinyin: PinyinOptions
    /// Where the pinyin table is (Debian rime-data-luna-pinyin).
    public var pinyinTablePath: String

    /// The settings of a stock daemon, made once.
    public static let stock = EngineSettings()

    /// The settings of a stock daemon.
    public init() {
        defaultEngine = "compose"
        cycle = ["compose", "hangul"]
        // The stock key string always parses.
        cycleKey = try? KeyTrigger("Control+space")
        hangulKeyboard = "2"
        hangulKeyboardDirectory = HangulKeyboard.defaultDirectory
        // The stock key strings always parse.
        hanjaKeys = (try? [KeyTrigger].parse(["Hangul_Hanja", "F9"])) ?? []
        unicodeKey = KeyTrigger(keyString: "Control+Shift+u", keysym: 0x75, modifiers: [.control, .shift])
        emojiTrigger = nil
        candidatePageSize = 9
        candidateLabels = CandidateList.digitLabels
        pinyin = PinyinOptions()
        pinyinTablePath = PinyinTableSource.defaultPath
    }
}
