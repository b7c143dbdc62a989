import InkstoneCore

/// X11 modifier masks, as fcitx5 and IBus send them in `ProcessKeyEvent`'s `state`.
public struct ModifierMask: OptionSet, Hashable, Sendable {
    /// The raw X11 state bits.
    public let rawValue: UInt32
    /// Creates a mask from raw X11 state bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shift (1 << 0).
    public static let shift = ModifierMask(rawValue: 1 << 0)
    /// Caps Lock (1 << 1).
    public static let lock = ModifierMask(rawValue: 1 << 1)
    /// Control (1 << 2).
    public static let control = ModifierMask(rawValue: 1 << 2)
    /// Mod1, usually Alt (1 << 3).
    public static let alt = ModifierMask(rawValue: 1 << 3)
    /// Mod2, usually Num Lock (1 << 4).
    public static let numLock = ModifierMask(rawValue: 1 << 4)
    /// Mod3 (1 << 5).
    public static let mod3 = ModifierMask(rawValue: 1 << 5)
    /// Mod4, usually Super (1 << 6).
    public static let superKey = ModifierMask(rawValue: 1 << 6)
    /// Mod5, usually AltGr / ISO_Level3_Shift (1 << 7).
    public static let mod5 = ModifierMask(rawValue: 1 << 7)

    /// The modifiers that turn a key into a shortcut no composition engine acts on.
    public static let shortcutModifiers: ModifierMask = [.control, .alt, .superKey]
}

/// One key press or release, as the service receives it from `ProcessKeyEvent`.
public struct KeyEvent: Hashable, Sendable {
    /// The X keysym (e.g. `0x67` for `g`, `0xff08` for `BackSpace`).
    public var keysym: UInt32
    /// The hardware keycode (X11 keycode = evdev + 8); engines here do not use it.
    public var keycode: UInt32
    /// The modifier state at the time of the event.
    public var modifiers: ModifierMask
    /// Whether this is a release rather than a press.
    public var isRelease: Bool
    /// The toolkit's event time in milliseconds.
    public var time: UInt32

    /// Creates a key event.
    public init(
        keysym: UInt32, keycode: UInt32 = 0, modifiers: ModifierMask = [], isRelease: Bool = false, time: UInt32 = 0
    ) {
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRelease = isRelease
        self.time = time
    }

    /// A press of the key with this keysym name (see ``Keysym/named(_:)``).
    public init(name: String, modifiers: ModifierMask = []) throws(InkstoneError) {
        self.init(keysym: try Keysym.named(name), modifiers: modifiers)
    }

    /// Whether Control, Alt or Super is held (the key is a shortcut, not text).
    public var isShortcut: Bool { !modifiers.isDisjoint(with: .shortcutModifiers) }

    /// The text this key types (nil for control keys, function keys and modifiers).
    public var text: String? { Keysym.text(of: keysym) }
}
