import Glibc
import InkstoneCore

extension EngineRegistry {
    /// The pinyin engine ids: `pinyin` writes the configured script, the others name one.
    public static let pinyinIDs = ["pinyin", "pinyin:simplified", "pinyin:traditional"]

    /// The registry entries of the pinyin engines.
    static func pinyinEntries(settings: EngineSettings) -> [Entry] {
        [
            Entry(
                id: "pinyin",
                description:
                    "Chinese pinyin with sentence composition, \(settings.pinyin.script.rawValue) (configurable)"),
            Entry(
                id: "pinyin:simplified", description: "Chinese pinyin with sentence composition, Simplified characters"),
            Entry(
                id: "pinyin:traditional",
                description: "Chinese pinyin with sentence composition, Traditional characters"),
        ]
    }

    /// Why the pinyin engines cannot be made (the table is missing), or nil.
    static func pinyinUnavailableReason(settings: EngineSettings) -> String? {
        access(settings.pinyinTablePath, R_OK) == 0
            ? nil : "\(settings.pinyinTablePath) is missing (install the Debian package \(PinyinTableSource.package))"
    }

    /// A pinyin engine for `id` with its learning store from `learning`.
    static func makePinyinEngine(id: String, settings: EngineSettings, learning: LearningProvider) throws(InkstoneError)
        -> PinyinEngine
    {
        guard let dictionary = PinyinDictionary.shared(path: settings.pinyinTablePath) else {
            throw .invalidState("engine '\(id)' is unavailable: \(settings.pinyinTablePath) has no pinyin rows")
        }
        var options = settings.pinyin
        if let script = PinyinScript(rawValue: String(id.dropFirst("pinyin:".count))), id.hasPrefix("pinyin:") {
            options.script = script
        }
        return PinyinEngine(
            dictionary: dictionary, options: options, learning: learning.store(for: "pinyin"), id: id,
            candidatePageSize: settings.candidatePageSize, candidateLabels: settings.candidateLabels)
    }
}
