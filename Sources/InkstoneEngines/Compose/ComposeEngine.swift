import CXKBCommon

/// `compose` (the default engine): dead keys and `Multi_key` sequences from the locale's
/// Compose table (``ComposeTable``), every other key as ``DirectEngine``.
///
/// - A pending sequence is shown as an underlined preedit: `Multi_key` as `·`, dead keys
///   by their spacing form (`dead_acute` → `´`), other keys by their text.
/// - A completed sequence commits its result.
/// - A sequence xkbcommon cancels (e.g. `dead_acute x`) is consumed and commits nothing.
/// - BackSpace removes the last key of a pending sequence; Escape cancels it.
/// - Focus out / engine switch drop a pending sequence but commit its plain characters
///   (`Multi_key o` commits `o`); dead keys and `Multi_key` produce nothing.
///
/// A final class because it owns an xkbcommon compose state; confine an instance to one
/// input context (it is not safe to use one instance from two threads at once).
public final class ComposeEngine: CompositionEngine, @unchecked Sendable {
    private let table: ComposeTable
    private let state: OpaquePointer?
    /// The keysyms of the pending sequence.
    private var pendingKeysyms: [UInt32] = []
    private let direct = DirectEngine()

    /// Creates an engine over the shared table.
    public init(table: ComposeTable = .shared) {
        self.table = table
        self.state = table.makeState()
    }

    deinit {
        if let state { table.releaseState(state) }
    }

    /// `compose`.
    public var id: String { "compose" }

    /// The pending sequence, or nil.
    public var preedit: Preedit? {
        Preedit.underlined(pendingKeysyms.map(Self.pendingDisplay).joined())
    }

    /// Handles one key (see the type's documentation).
    public func handle(_ key: KeyEvent) -> EngineOutput {
        guard let state else { return direct.handle(key) }
        guard !key.isRelease, !Keysym.isModifier(key.keysym) else {
            return EngineOutput(consumed: false, preedit: preedit)
        }
        if !pendingKeysyms.isEmpty {
            switch key.keysym {
            case Keysym.escape:
                cancel()
                return .swallowed
            case Keysym.backSpace:
                pendingKeysyms.removeLast()
                refeed()
                return EngineOutput(consumed: true, preedit: preedit)
            default: break
            }
        }
        if key.isShortcut {
            cancel()
            return direct.handle(key)
        }
        guard xkb_compose_state_feed(state, key.keysym) == XKB_COMPOSE_FEED_ACCEPTED else {
            return direct.handle(key)
        }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            pendingKeysyms.append(key.keysym)
            return EngineOutput(consumed: true, preedit: preedit)
        case XKB_COMPOSE_COMPOSED:
            let text = composedText(state)
            cancel()
            return EngineOutput(consumed: true, commit: text)
        case XKB_COMPOSE_CANCELLED:
            cancel()
            return .swallowed
        default:
            pendingKeysyms.removeAll()
            return direct.handle(key)
        }
    }

    /// The composed result: its UTF-8 string, else the text of its keysym.
    private func composedText(_ state: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_compose_state_get_utf8(state, &buffer, buffer.count)
        if length > 0, Int(length) < buffer.count { return Keysym.decodeUTF8(buffer, length: Int(length)) }
        return Keysym.text(of: xkb_compose_state_get_one_sym(state))
    }

    /// Resets the xkbcommon state and feeds the pending keys again (after a BackSpace).
    private func refeed() {
        guard let state else { return }
        xkb_compose_state_reset(state)
        for keysym in pendingKeysyms { _ = xkb_compose_state_feed(state, keysym) }
    }

    private func cancel() {
        pendingKeysyms.removeAll()
        if let state { xkb_compose_state_reset(state) }
    }

    /// Drops a pending sequence.
    public func reset() { cancel() }

    /// Commits the plain characters of a pending sequence and resets.
    public func focusOut() -> EngineOutput {
        let plain = pendingKeysyms.filter { $0 != Keysym.multiKey && !Keysym.isDeadKey($0) }
            .compactMap(Keysym.text(of:)).joined()
        cancel()
        return EngineOutput(consumed: true, commit: plain.isEmpty ? nil : plain)
    }

    /// How a pending keysym is shown in the preedit.
    static func pendingDisplay(_ keysym: UInt32) -> String {
        if keysym == Keysym.multiKey { return "·" }
        if let spacing = deadKeySpacingForms[keysym] { return spacing }
        return Keysym.text(of: keysym) ?? "·"
    }

    /// Spacing forms of the common dead keys.
    static let deadKeySpacingForms: [UInt32: String] = [
        UInt32(XKB_KEY_dead_grave): "`", UInt32(XKB_KEY_dead_acute): "´",
        UInt32(XKB_KEY_dead_circumflex): "^", UInt32(XKB_KEY_dead_tilde): "~",
        UInt32(XKB_KEY_dead_macron): "¯", UInt32(XKB_KEY_dead_breve): "˘",
        UInt32(XKB_KEY_dead_abovedot): "˙", UInt32(XKB_KEY_dead_diaeresis): "¨",
        UInt32(XKB_KEY_dead_abovering): "˚", UInt32(XKB_KEY_dead_doubleacute): "˝",
        UInt32(XKB_KEY_dead_caron): "ˇ", UInt32(XKB_KEY_dead_cedilla): "¸",
        UInt32(XKB_KEY_dead_ogonek): "˛", UInt32(XKB_KEY_dead_iota): "ͺ",
        UInt32(XKB_KEY_dead_belowdot): ".", UInt32(XKB_KEY_dead_stroke): "/",
        UInt32(XKB_KEY_dead_hook): "ˀ", UInt32(XKB_KEY_dead_horn): "̛",
    ]
}
