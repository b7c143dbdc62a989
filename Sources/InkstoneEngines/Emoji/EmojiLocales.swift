/// The CLDR locales whose emoji names are searched: the user's language from the
/// environment, its parents, and English, which is always last.
public enum EmojiLocales {
    /// The first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty, as POSIX
    /// reads them; nil when none is.
    public static func environmentLocale(_ environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// The fallback chain for a POSIX locale name (`de_CH.UTF-8` → `de_CH`, `de`, `en`;
    /// `en_GB` → `en_GB`, `en_001`, `en`; `zh_TW` → `zh_Hant`, `zh`, `en`). `C`, `POSIX`
    /// and nil give `en` alone. Locales CLDR has no file for are left to the loader.
    public static func chain(for posixLocale: String?) -> [String] {
        guard let posixLocale else { return ["en"] }
        let base = posixLocale.prefix { $0 != "." && $0 != "@" }
        let parts = base.split(separator: "_").map(String.init)
        guard let language = parts.first?.lowercased(), !language.isEmpty,
            language.allSatisfy({ $0.isASCII && $0.isLetter }), language != "c", language != "posix"
        else { return ["en"] }
        var chain: [String] = []
        if parts.count > 1, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            let region = parts[1].uppercased()
            if language == "zh", ["TW", "HK", "MO"].contains(region) {
                if region != "TW" { chain.append("zh_Hant_\(region)") }
                chain.append("zh_Hant")
            } else {
                chain.append("\(language)_\(region)")
                if language == "en", region != "US" { chain.append("en_001") }
            }
        }
        chain.append(language)
        if language != "en" { chain.append("en") }
        return chain
    }
}
