import InkstoneEngines
import InkstoneService

/// Everything `config.toml` can set, as plain typed values. The service takes
/// ``limits`` and ``engines``; the daemon takes ``logLevel``.
public struct Configuration: Sendable, Equatable {
    /// Limits of the service.
    public var limits = ServiceLimits()
    /// Default engine, cycle, Hangul keyboard, candidate page size, trigger keys.
    public var engines = EngineSettings.stock
    /// `trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical`.
    public var logLevel = "info"
    /// The compatibility fronts and their engine-switch keys.
    public var compat = CompatConfiguration()
    /// What the daemon should log about the file once read: one line per deprecated key
    /// spelling it used (never written back).
    public var notices: [String] = []

    /// The built-in defaults (a daemon with no configuration file).
    public init() {}

    /// The log levels `log_level` accepts, most verbose first.
    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// The largest value a limit may have.
    public static let maximumLimit = 1 << 40
}
