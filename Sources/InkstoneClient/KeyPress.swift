import DBusKit

/// A key as X11 and the fcitx5/IBus protocols give it.
public struct KeyPress: Sendable, Equatable {
    /// The X11 keysym.
    public var keysym: UInt32
    /// The hardware keycode (0 when unknown).
    public var keycode: UInt32
    /// The modifier state (Shift 1, Lock 2, Control 4, Mod1 8, Mod4 64).
    public var state: UInt32
    /// Whether this is the release.
    public var isRelease: Bool
    /// The event time (0 when unknown).
    public var time: UInt32

    /// A key event; everything but the keysym defaults to 0 / press.
    public init(keysym: UInt32, keycode: UInt32 = 0, state: UInt32 = 0, isRelease: Bool = false, time: UInt32 = 0) {
        self.keysym = keysym
        self.keycode = keycode
        self.state = state
        self.isRelease = isRelease
        self.time = time
    }

    /// Writes `u u u b u`.
    func write(_ writer: inout MessageWriter) {
        writer.append(keysym)
        writer.append(keycode)
        writer.append(state)
        writer.append(isRelease)
        writer.append(time)
    }
}
