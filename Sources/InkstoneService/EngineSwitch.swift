import InkstoneEngines
import InkstoneText

/// The desktop's Hangul / Latin toggle for contexts of the compatibility fronts: a key that
/// switches between ``toggle`` and the default engine (`Hangul`). Cycling through engines
/// (`Control+space`) is the cycle key of every context (``EngineSettings/cycleKey``).
public struct EngineSwitch: Sendable, Equatable {
    /// The key that toggles between ``toggle`` and the default engine (nil: none).
    public var toggleKey: KeyTrigger?
    /// The engine the toggle key switches to (and back from).
    public var toggle: String

    /// The stock switch: `Hangul` toggles `hangul`.
    public init() {
        toggleKey = try? KeyTrigger("Hangul")
        toggle = "hangul"
    }

    /// The engine `key` switches to from `current`, or nil when it is not the toggle key.
    public func engine(after key: KeyEvent, current: String, defaultEngine: String) -> String? {
        guard let toggleKey, toggleKey.matches(key) else { return nil }
        return current == toggle ? defaultEngine : toggle
    }
}
