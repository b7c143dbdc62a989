import InkstoneCore

extension KeyEvent {
    /// Parses a key string as `ProcessKeyNames` receives it: a keysym name optionally
    /// preceded by `+`-joined modifiers, e.g. `g`, `BackSpace`, `Control+c`,
    /// `Control+Shift+U`, `Alt+plus`. Modifier names (case-insensitive): `Shift`, `Lock`
    /// (or `CapsLock`), `Control` (or `Ctrl`), `Alt` (or `Mod1`), `Super` (or `Mod4`),
    /// `Mod5`. A bare `+` is the `plus` key.
    /// - Throws: `InvalidArgument` naming an unknown modifier or key name.
    public init(keyString: String) throws(InkstoneError) {
        var parts = keyString.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 2, parts.suffix(2).allSatisfy(\.isEmpty) {  // "Control++" or "+": the key is `plus`
            parts.removeLast(2)
            parts.append("plus")
        }
        guard let name = parts.last, !name.isEmpty else {
            throw .invalidArgument("empty key name in '\(keyString)'")
        }
        var modifiers: ModifierMask = []
        for modifierName in parts.dropLast() {
            guard let modifier = Self.modifierNames[modifierName.lowercased()] else {
                throw .invalidArgument("unknown modifier '\(modifierName)' in '\(keyString)'")
            }
            modifiers.insert(modifier)
        }
        try self.init(name: name, modifiers: modifiers)
    }

    /// Modifier names accepted in key strings, lower-cased.
    static let modifierNames: [String: ModifierMask] = [
        "shift": .shift, "lock": .lock, "capslock": .lock, "control": .control, "ctrl": .control,
        "alt": .alt, "mod1": .alt, "super": .superKey, "mod4": .superKey, "mod5": .mod5,
    ]
}
