import InkstoneService

/// The `[compat]` table: which other client protocols the daemon serves (fcitx5, the
/// IBus portal) and the toggle key of their input contexts (the cycle key and its engines
/// are `keys.cycle_engine` and `engine_cycle`, shared by every context).
public struct CompatConfiguration: Sendable, Equatable {
    /// The fronts served besides Inkstone's own protocol (applied when the daemon starts).
    public var fronts: [String] = []
    /// The toggle key of compatibility contexts.
    public var switcher = EngineSwitch()

    /// The stock `[compat]` table.
    public init() {}

    /// The front names `fronts` accepts.
    public static let knownFronts = ["fcitx5", "ibus"]
}
