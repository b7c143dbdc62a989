import Glibc
import InkstoneCore

/// The engines the daemon offers, by id, and whether their data is installed.
///
/// Ids are `compose`, `direct`, `emoji`, `unicode`, `hangul` (on the configured keyboard),
/// `hangul:<keyboard>` for every libhangul keyboard (`hangul:39`, `hangul:3f`, …),
/// `japanese` (skkdic's SKK-JISYO.L) and `pinyin`, `pinyin:simplified`, `pinyin:traditional`.
public enum EngineRegistry {
    /// One registry entry.
    public struct Entry: Hashable, Sendable {
        /// The id clients pass (`direct`, `compose`, `hangul:39`, …).
        public let id: String
        /// A readable one-line description.
        public let description: String
    }

    /// An engine the daemon knows but cannot offer, and why.
    public struct Unavailable: Hashable, Sendable {
        /// The engine id.
        public let id: String
        /// Why, with the Debian package that provides the missing data.
        public let reason: String
    }

    /// The id used when a context names none and no configuration says otherwise.
    public static let defaultEngineID = "compose"

    /// libhangul-data's keyboards: id and name.
    public static let hangulKeyboards: [(id: String, name: String)] = [
        ("2", "Dubeolsik (2-set)"), ("2y", "Dubeolsik Yetgeul (2-set, old Hangul)"),
        ("32", "Sebeolsik Dubeolsik layout (3-set on a 2-set layout)"), ("39", "Sebeolsik 390 (3-set)"),
        ("3f", "Sebeolsik Final (3-set)"), ("3s", "Sebeolsik Noshift (3-set)"),
        ("3y", "Sebeolsik Yetgeul (3-set, old Hangul)"), ("ahn", "Ahnmatae"), ("ro", "Romaja"),
    ]

    /// Loads the data the engines share — the Compose table, the Dubeolsik
    /// and the configured keyboard, the Hanja dictionary — on the calling thread.
    ///
    /// The daemon calls it on a background thread at start, so no client's call
    /// pays for a first load on the loop thread. Each table is loaded once
    /// (a lazy static): a call that needs one while the background load is
    /// still running waits for that load to finish, then is answered as usual,
    /// so calls are still answered in the order they came.
    public static func loadSharedData(settings: EngineSettings = .stock) {
        _ = ComposeTable.shared
        _ = try? HangulKeyboardCache.keyboard(settings.hangulKeyboard, directory: settings.hangulKeyboardDirectory)
        _ = HanjaTable.shared.count
        // Emoji: only when a context is likely to search (its engine by default or in the cycle, or the trigger).
        let emojiUsed =
            settings.emojiTrigger != nil || settings.defaultEngine == "emoji" || settings.cycle.contains("emoji")
        if emojiUsed, EmojiIndex.unavailableReason() == nil {
            _ = EmojiIndex.shared.keyCount
            _ = SymbolNameIndex.shared.count
        }
    }

    /// Every engine id the daemon knows, available or not.
    public static let knownIDs: [String] =
        ["compose", "direct", "emoji", "hangul", "japanese", "unicode"] + hangulKeyboards.map { "hangul:\($0.id)" }
        + pinyinIDs

    /// All engines that can be made with `settings`, default first.
    public static func entries(settings: EngineSettings = .stock) -> [Entry] {
        let all =
            [
                Entry(
                    id: "compose",
                    description: "Latin text with dead keys and the Compose key (the locale's X11 Compose table)"),
                Entry(id: "direct", description: "Keys as typed, no composition"),
                Entry(
                    id: "emoji",
                    description: "Emoji and symbols by name or keyword (CLDR, in the user's language and English)"),
                Entry(
                    id: "hangul",
                    description:
                        "Korean Hangul, keyboard \(settings.hangulKeyboard) (configurable), with Hanja conversion"),
                // Japanese
                Entry(id: "japanese", description: "Japanese: romaji to kana to kanji conversion (SKK dictionary)"),
                Entry(
                    id: "unicode", description: "Unicode code point entry: \(settings.unicodeKey), hex digits, Space"),
            ]
            + hangulKeyboards.map {
                Entry(id: "hangul:\($0.id)", description: "Korean Hangul, \($0.name), with Hanja conversion")
            }
            + pinyinEntries(settings: settings)
        let available = all.filter { unavailableReason($0.id, settings: settings) == nil }
        return available.sorted {
            ($0.id == settings.defaultEngine ? 0 : 1, $0.id) < ($1.id == settings.defaultEngine ? 0 : 1, $1.id)
        }
    }

    /// The known engines that cannot be made with `settings`, with the reason.
    public static func unavailable(settings: EngineSettings = .stock) -> [Unavailable] {
        knownIDs.compactMap { id in unavailableReason(id, settings: settings).map { Unavailable(id: id, reason: $0) } }
    }

    /// Why `id` (a known id) cannot be made, or nil when it can.
    public static func unavailableReason(_ id: String, settings: EngineSettings = .stock) -> String? {
        switch id {
        case "compose":
            return ComposeTable.shared.locale == nil
                ? "no X11 Compose table could be loaded (install the Debian package libx11-data)" : nil
        case "direct", "unicode":
            return nil
        case "japanese":
            return access(SKKDictionary.defaultPath, R_OK) == 0
                ? nil : "\(SKKDictionary.defaultPath) is missing (install the Debian package \(SKKDictionary.package))"
        case _ where pinyinIDs.contains(id):
            return pinyinUnavailableReason(settings: settings)
        case "emoji":
            return EmojiIndex.unavailableReason()
        default:
            guard let keyboard = hangulKeyboardID(of: id, settings: settings) else { return nil }
            let path = "\(settings.hangulKeyboardDirectory)/hangul-keyboard-\(keyboard).xml"
            guard access(path, R_OK) == 0 else {
                return "\(path) is missing (install the Debian package libhangul-data)"
            }
            return nil
        }
    }

    /// The libhangul keyboard of a Hangul engine id (`hangul` → the configured one), or nil for other engines.
    static func hangulKeyboardID(of id: String, settings: EngineSettings) -> String? {
        if id == "hangul" { return settings.hangulKeyboard }
        guard id.hasPrefix("hangul:") else { return nil }
        return String(id.dropFirst("hangul:".count))
    }

    /// Checks that `id` names an engine that can be made.
    /// - Throws: `InvalidArgument` for an unknown id (with a suggestion), `InvalidState`
    ///   for a known engine whose data is missing (with the package to install).
    public static func validate(_ id: String, settings: EngineSettings = .stock) throws(InkstoneError) {
        guard knownIDs.contains(id) else {
            throw .invalidArgument(
                "no engine with id '\(id)'\(Suggestion.didYouMean(id, in: knownIDs)); known: \(knownIDs.joined(separator: ", "))"
            )
        }
        if let reason = unavailableReason(id, settings: settings) {
            throw .invalidState("engine '\(id)' is unavailable: \(reason)")
        }
    }

    /// A fresh engine instance for `id`, made with `settings`; dictionary engines
    /// get their learning store from `learning`.
    /// - Throws: as ``validate(_:settings:)``, or `InvalidState` when the keyboard file cannot be read.
    public static func makeEngine(
        id: String, settings: EngineSettings = .stock, learning: LearningProvider = .none
    ) throws(InkstoneError) -> any CompositionEngine {
        let engine = try makeBaseEngine(id: id, settings: settings, learning: learning)
        // The emoji trigger (`emoji.trigger`) wraps every other engine when set and the data is there.
        guard let trigger = settings.emojiTrigger, id != "emoji", EmojiIndex.unavailableReason() == nil else {
            return engine
        }
        return EmojiTriggerEngine(
            base: engine, trigger: trigger, index: .shared, learning: learning.store(for: "emoji"),
            pageSize: settings.candidatePageSize, labels: settings.candidateLabels)
    }

    /// The engine `id` itself, without the emoji trigger.
    private static func makeBaseEngine(
        id: String, settings: EngineSettings, learning: LearningProvider
    ) throws(InkstoneError) -> any CompositionEngine {
        try validate(id, settings: settings)
        switch id {
        case "direct": return DirectEngine()
        case "emoji":
            return EmojiEngine(
                index: .shared, learning: learning.store(for: "emoji"),
                pageSize: settings.candidatePageSize, labels: settings.candidateLabels)
        case "compose": return ComposeEngine()
        case "unicode": return UnicodeEngine(trigger: settings.unicodeKey)
        case "japanese":
            // The dictionary loads in the background; the engine composes kana meanwhile.
            JapaneseDictionary.loadInBackground()
            return JapaneseEngine(
                table: JapaneseDictionary.deferred, learning: learning.store(for: "japanese"),
                model: KkcLanguageModel.shared, candidatePageSize: settings.candidatePageSize,
                candidateLabels: settings.candidateLabels)
        case _ where pinyinIDs.contains(id): return try makePinyinEngine(id: id, settings: settings, learning: learning)
        default:
            guard let keyboardID = hangulKeyboardID(of: id, settings: settings) else {
                throw .invalidArgument("no engine with id '\(id)'")
            }
            let keyboard: HangulKeyboard
            do {
                keyboard = try HangulKeyboardCache.keyboard(keyboardID, directory: settings.hangulKeyboardDirectory)
            } catch {
                throw .invalidState("engine '\(id)' is unavailable: \(error.message)")
            }
            return HangulEngine(
                keyboard: keyboard, hanja: .shared, candidatePageSize: settings.candidatePageSize, id: id,
                hanjaKeys: settings.hanjaKeys, candidateLabels: settings.candidateLabels)
        }
    }
}
