import InkstoneEngines
import InkstoneService
import Logging

/// Everything the configuration decides, as plain values (the daemon knows no file format).
public struct DaemonSettings: Sendable {
    /// Limits of the service.
    public var limits: ServiceLimits
    /// How engines are made.
    public var engines: EngineSettings
    /// The log level.
    public var logLevel: Logger.Level
    /// The client protocols served besides Inkstone's own (`fcitx5`, `ibus`; `compat.fronts`).
    public var compatFronts: [String]
    /// The toggle key of the compatibility fronts' contexts (`compat.toggle_key`).
    public var compatSwitch: EngineSwitch
    /// The file these were read from ("" for built-in defaults), for logs and `Reload`.
    public var source: String
    /// Lines to log each time these settings are read (deprecated key spellings the file used).
    public var notices: [String] = []

    /// Settings; the defaults are those of a stock daemon with no configuration file.
    public init(
        limits: ServiceLimits = ServiceLimits(), engines: EngineSettings = .stock, logLevel: Logger.Level = .info,
        source: String = "", compatFronts: [String] = [], compatSwitch: EngineSwitch = EngineSwitch()
    ) {
        self.compatFronts = compatFronts
        self.compatSwitch = compatSwitch
        self.limits = limits
        self.engines = engines
        self.logLevel = logLevel
        self.source = source
    }
}

/// Reads the settings again (the configuration file and the command line's overrides);
/// throws `InvalidArgument` naming the file and line when the file is wrong.
public typealias SettingsLoader = @Sendable () throws -> DaemonSettings
