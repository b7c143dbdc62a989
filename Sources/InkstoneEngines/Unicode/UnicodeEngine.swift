/// `unicode`: type a character by its code point.
///
/// Ctrl+Shift+U (keysym `U` or `u` with Control and Shift, as GTK; another key when
/// configured) starts entry; there is no other trigger. The preedit shows `u` and the hex digits typed so far. Then:
/// - `0`–`9`, `a`–`f` (either case, keypad digits too) append a digit (at most 8);
/// - Space, Return or KP_Enter commit the character; an empty entry, U+0000 (which a
///   D-Bus string cannot carry), a surrogate
///   (D800–DFFF) or a value above 10FFFF is refused: the key is consumed, the preedit kept,
///   and ``EngineOutput/notice`` says why;
/// - BackSpace removes a digit (with no digit left it cancels); Escape cancels;
/// - other keys are consumed and ignored (with a notice) while entry is active.
/// Outside entry every key acts as in ``DirectEngine``.
public struct UnicodeEngine: CompositionEngine {
    /// The hex digits typed, nil when entry is not active.
    private var digits: String?
    private let direct = DirectEngine()
    /// The most digits accepted.
    static let maximumDigits = 8

    /// The key that starts entry.
    private let trigger: KeyTrigger

    /// Creates the engine; `trigger` starts entry (default Ctrl+Shift+U).
    public init(trigger: KeyTrigger = EngineSettings.stock.unicodeKey) {
        self.trigger = trigger
    }

    /// `unicode`.
    public var id: String { "unicode" }

    /// `u` plus the digits while entry is active.
    public var preedit: Preedit? { digits.flatMap { Preedit.underlined("u" + $0) } }

    /// Handles one key (see the type's documentation).
    public mutating func handle(_ key: KeyEvent) -> EngineOutput {
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else {
            return EngineOutput(consumed: false, preedit: preedit)
        }
        let isTrigger = trigger.matches(key)
        guard let typed = digits else {
            guard isTrigger else { return direct.handle(key) }
            digits = ""
            return state()
        }
        if isTrigger { return state() }
        switch key.keysym {
        case Keysym.escape:
            digits = nil
            return .swallowed
        case Keysym.backSpace:
            digits = typed.isEmpty ? nil : String(typed.dropLast())
            return state()
        case Keysym.space, Keysym.returnKey, Keysym.kpEnter:
            return commit(typed)
        default: break
        }
        guard !key.isShortcut, let digit = Self.hexDigit(key) else {
            return state(notice: "not a hexadecimal digit")
        }
        guard typed.count < Self.maximumDigits else { return state(notice: "too many digits") }
        digits = typed + digit
        return state()
    }

    /// The lower-case hex digit a key types, or nil.
    static func hexDigit(_ key: KeyEvent) -> String? {
        if let value = Keysym.digit(of: key.keysym) { return String(value) }
        guard let text = key.text, text.count == 1, let scalar = text.unicodeScalars.first,
            scalar.properties.isASCIIHexDigit
        else { return nil }
        return text.lowercased()
    }

    /// Commits the character of `typed`, or refuses it with a notice.
    private mutating func commit(_ typed: String) -> EngineOutput {
        guard let value = UInt32(typed, radix: 16) else {
            return state(notice: typed.isEmpty ? "no code point typed" : "not a hexadecimal number")
        }
        if value == 0 {
            return state(notice: "U+0000 cannot be typed: D-Bus strings cannot carry it")
        }
        if (0xd800...0xdfff).contains(value) {
            return state(notice: "U+\(typed.uppercased()) is a surrogate, not a character")
        }
        guard let scalar = Unicode.Scalar(value) else {
            return state(notice: "U+\(typed.uppercased()) is beyond U+10FFFF")
        }
        digits = nil
        return EngineOutput(consumed: true, commit: String(Character(scalar)))
    }

    /// Consumed, with the current preedit and an optional notice.
    private func state(notice: String? = nil) -> EngineOutput {
        EngineOutput(consumed: true, preedit: preedit, notice: notice)
    }

    /// Cancels entry.
    public mutating func reset() { digits = nil }

    /// Cancels entry; an unfinished code point commits nothing (it is not text yet).
    public mutating func focusOut() -> EngineOutput {
        digits = nil
        return .swallowed
    }
}
