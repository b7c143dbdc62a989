/// The fcitx5 capability bits (`SetCapability`) the front acts on.
struct Fcitx5Capability: OptionSet, Sendable {
    let rawValue: UInt64

    /// The client shows the preedit inline.
    static let preedit = Fcitx5Capability(rawValue: 1 << 1)
    /// The client honours segment format flags.
    static let formattedPreedit = Fcitx5Capability(rawValue: 1 << 4)
    /// The client commits its own preedit copy on focus-out, so the daemon must not.
    static let clientUnfocusCommit = Fcitx5Capability(rawValue: 1 << 5)
    /// The client sends surrounding text.
    static let surroundingText = Fcitx5Capability(rawValue: 1 << 6)
    /// The client wants `CurrentIM` on focus-in.
    static let getIMInfoOnFocus = Fcitx5Capability(rawValue: 1 << 23)
    /// An unconsumed key with events pending is answered handled and sent back with `ForwardKey`.
    static let keyEventOrderFix = Fcitx5Capability(rawValue: 1 << 37)
    /// The client draws the candidate window (`UpdateClientSideUI`).
    static let clientSideInputPanel = Fcitx5Capability(rawValue: 1 << 39)

    /// The mask applied when the client declared none with `SetSupportedCapability`: with any
    /// bit at or above 40 set, only the low 32 bits are kept (clients that send garbage).
    static func sanitized(_ raw: UInt64, supported: UInt64?) -> Fcitx5Capability {
        if let supported { return Fcitx5Capability(rawValue: raw & supported) }
        return Fcitx5Capability(rawValue: raw >> 40 != 0 ? raw & 0xffff_ffff : raw)
    }
}

/// Format flags of a preedit segment (`a(si)`).
enum Fcitx5TextFormat {
    static let none: Int32 = 0
    static let underline: Int32 = 8
    static let highlight: Int32 = 16
}
