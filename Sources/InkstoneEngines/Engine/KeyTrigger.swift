import InkstoneCore

/// A key that triggers an action (Hanja conversion, Unicode entry, engine cycling),
/// written as `ProcessKeyNames` takes keys: `F9`, `Hangul_Hanja`, `Control+Shift+u`.
///
/// A key matches when its keysym is the trigger's (letters in either case) and its Shift,
/// Control, Alt and Super modifiers are exactly the trigger's (Caps Lock and Num Lock are ignored).
public struct KeyTrigger: Hashable, Sendable, CustomStringConvertible {
    /// The key string it was parsed from.
    public let description: String
    private let keysym: UInt32
    private let modifiers: ModifierMask

    private static let significant: ModifierMask = [.shift, .control, .alt, .superKey]

    /// Parses a key string.
    /// - Throws: `InvalidArgument` naming an unknown key or modifier.
    public init(_ keyString: String) throws(InkstoneError) {
        let key = try KeyEvent(keyString: keyString)
        description = keyString
        keysym = Self.folded(key.keysym)
        modifiers = key.modifiers.intersection(Self.significant)
    }

    /// A trigger for a keysym known in advance, written as `keyString` (which
    /// must parse to the same key: a test checks the stock ones).
    init(keyString: String, keysym: UInt32, modifiers: ModifierMask) {
        description = keyString
        self.keysym = Self.folded(keysym)
        self.modifiers = modifiers.intersection(Self.significant)
    }

    /// Whether `key` (a press) is this trigger.
    public func matches(_ key: KeyEvent) -> Bool {
        !key.isRelease && Self.folded(key.keysym) == keysym && key.modifiers.intersection(Self.significant) == modifiers
    }

    /// Lower-case Latin letters stand for both cases.
    private static func folded(_ keysym: UInt32) -> UInt32 {
        (0x41...0x5a).contains(keysym) ? keysym + 0x20 : keysym
    }
}

extension Array where Element == KeyTrigger {
    /// Whether any trigger matches `key`.
    public func matches(_ key: KeyEvent) -> Bool { contains { $0.matches(key) } }

    /// Parses key strings.
    public static func parse(_ keyStrings: [String]) throws(InkstoneError) -> [KeyTrigger] {
        var triggers: [KeyTrigger] = []
        for keyString in keyStrings { triggers.append(try KeyTrigger(keyString)) }
        return triggers
    }
}
