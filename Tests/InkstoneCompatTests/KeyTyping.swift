/// A display server that types real key events into the focused window.
protocol KeyTyping: AnyObject {
    /// Types key names (`g`, `space`, `Hangul`, `dead_acute`) one after the other, 40 ms
    /// apart, in one run of the same keyboard; ``keyPause`` waits 300 ms before the next.
    func type(_ keys: [String]) throws
}

/// In a list of keys to type: wait 300 ms before the next one (the daemon opens
/// candidates, the module shows them).
let keyPause = "(pause)"

extension DesktopSession: KeyTyping {}
extension WaylandSession: KeyTyping {}
