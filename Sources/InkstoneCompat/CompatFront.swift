import InkstoneText

/// A client protocol the daemon can serve besides its own, so that stock toolkit
/// input-method modules type through Inkstone unchanged.
public enum CompatFront: String, CaseIterable, Sendable {
    /// The fcitx5 D-Bus frontend (`org.fcitx.Fcitx5`, `org.freedesktop.portal.Fcitx`):
    /// fcitx5-gtk (GTK3, GTK4) and fcitx5-qt modules.
    case fcitx5
    /// The IBus portal (`org.freedesktop.portal.IBus`): libibus clients with
    /// `IBUS_USE_PORTAL=1` and every Flatpak app.
    case ibus

    /// Parses a list such as `fcitx5,ibus` (or the array of the configuration file);
    /// an unknown name is `InvalidArgument`.
    public static func parse(_ names: [String]) throws(InkstoneError) -> [CompatFront] {
        var fronts: [CompatFront] = []
        for name in names.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let trimmed = String(name.filter { $0 != " " })
            if trimmed.isEmpty { continue }
            guard let front = CompatFront(rawValue: trimmed) else {
                let valid = allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidArgument("unknown compatibility front '\(trimmed)'; valid: \(valid)")
            }
            if !fronts.contains(front) { fronts.append(front) }
        }
        return fronts
    }
}
