/// `direct`: no composition. Printable keys commit their text, editing keys become
/// ``EditAction``s, Control/Alt/Super shortcuts are left to the application.
///
/// | key | output |
/// | --- | --- |
/// | printable (with or without Shift) | commit its text |
/// | Return, KP_Enter | commit `"\n"` |
/// | Tab | commit `"\t"` |
/// | BackSpace / Delete | ``EditAction/deleteBackward`` / ``EditAction/deleteForward`` |
/// | Left, Right, Home, End (+KP) | move; Shift extends; Ctrl moves by word / to document ends |
/// | Ctrl/Alt/Super + other, F-keys, Escape, modifiers, releases | unhandled |
public struct DirectEngine: CompositionEngine {
    /// Creates the engine.
    public init() {}

    /// `direct`.
    public var id: String { "direct" }
    /// Always nil: `direct` never composes.
    public var preedit: Preedit? { nil }

    /// Handles one key as described in the type's table.
    public func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else { return .unhandled }
        if let action = Self.editAction(for: key) {
            return EngineOutput(consumed: true, action: action)
        }
        guard !key.isShortcut else { return .unhandled }
        switch key.keysym {
        case Keysym.returnKey, Keysym.kpEnter: return EngineOutput(consumed: true, commit: "\n")
        case Keysym.tab: return EngineOutput(consumed: true, commit: "\t")
        default: break
        }
        guard let text = key.text else { return .unhandled }
        return EngineOutput(consumed: true, commit: text)
    }

    /// The edit action of an editing key, or nil.
    static func editAction(for key: KeyEvent) -> EditAction? {
        let control = key.modifiers.contains(.control)
        if key.modifiers.contains(.alt) || key.modifiers.contains(.superKey) { return nil }
        let extend = key.modifiers.contains(.shift)
        switch key.keysym {
        case Keysym.backSpace where !control: return .deleteBackward
        case Keysym.delete, Keysym.kpDelete:
            return control ? nil : .deleteForward
        case Keysym.left, Keysym.kpLeft: return .move(control ? .wordLeft : .left, extendSelection: extend)
        case Keysym.right, Keysym.kpRight: return .move(control ? .wordRight : .right, extendSelection: extend)
        case Keysym.home, Keysym.kpHome: return .move(control ? .documentStart : .lineStart, extendSelection: extend)
        case Keysym.end, Keysym.kpEnd: return .move(control ? .documentEnd : .lineEnd, extendSelection: extend)
        default: return nil
        }
    }

    /// Nothing to reset.
    public mutating func reset() {}
    /// Nothing to commit.
    public mutating func focusOut() -> EngineOutput { .swallowed }
}
