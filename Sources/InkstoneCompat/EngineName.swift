import InkstoneService

/// How a compatibility front names an engine to its clients (fcitx5 `CurrentIM`, IBus engine names).
struct EngineName: Equatable {
    /// A display name (`Hangul`).
    let name: String
    /// The engine id (`hangul`).
    let id: String
    /// Its language code (`ko`; empty for none).
    let language: String

    init(engineID: String) {
        id = engineID
        let base = engineID.split(separator: ":").first.map(String.init) ?? engineID
        switch base {
        case "hangul": (name, language) = ("Hangul", "ko")
        case "compose": (name, language) = ("Compose", "")
        case "direct": (name, language) = ("Direct", "")
        case "unicode": (name, language) = ("Unicode", "")
        default: (name, language) = (base.prefix(1).uppercased() + base.dropFirst(), "")
        }
    }
}
