import InkstoneEngines
import InkstoneText

/// The desktop's engine switching for contexts of the compatibility fronts: a toggle key
/// between ``toggle`` and the default engine (`Hangul`: Hangul / Latin) and a cycle key
/// through a list (`Control+space`).
public struct EngineSwitch: Sendable, Equatable {
    /// The key that toggles between ``toggle`` and the default engine (nil: none).
    public var toggleKey: KeyTrigger?
    /// The engine the toggle key switches to (and back from).
    public var toggle: String
    /// The key that steps through ``cycle`` (nil: none).
    public var cycleKey: KeyTrigger?
    /// The engines the cycle key steps through, in order.
    public var cycle: [String]

    /// The stock switch: `Hangul` toggles `hangul`, `Control+space` cycles `compose`, `hangul`.
    public init() {
        toggleKey = try? KeyTrigger("Hangul")
        toggle = "hangul"
        cycleKey = try? KeyTrigger("Control+space")
        cycle = ["compose", "hangul"]
    }

    /// The engine `key` switches to from `current`, or nil when it is no trigger.
    public func engine(after key: KeyEvent, current: String, defaultEngine: String) -> String? {
        if let toggleKey, toggleKey.matches(key) {
            return current == toggle ? defaultEngine : toggle
        }
        if let cycleKey, cycleKey.matches(key), !cycle.isEmpty {
            let position = cycle.firstIndex(of: current) ?? -1
            return cycle[(position + 1) % cycle.count]
        }
        return nil
    }
}
