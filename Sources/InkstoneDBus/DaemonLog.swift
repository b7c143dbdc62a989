import DBusKit
import Glibc
import Logging
import Synchronization

/// The daemon's log: one line per event on stderr.
///
/// When stderr is the journal (`JOURNAL_STREAM` set, as systemd does for
/// `StandardError=journal`), each line starts with the syslog priority journald reads,
/// as sd-daemon(3) describes: `<7>` debug and trace, `<6>` info, `<5>` notice,
/// `<4>` warning, `<3>` error, `<2>` critical. Otherwise lines read `level: message`.
/// Metadata follows the message as ` key=value`.
public struct DaemonLogHandler: LogHandler {
    /// The level every handler of the process logs at (an index into `Logger.Level.allCases`,
    /// atomic: every log call reads it); a configuration reload changes it.
    private static let levelIndex = Atomic<Int>(Logger.Level.allCases.firstIndex(of: .info) ?? 2)

    /// The level every handler of the process logs at.
    public static var level: Logger.Level {
        get { Logger.Level.allCases[levelIndex.load(ordering: .relaxed)] }
        set { levelIndex.store(Logger.Level.allCases.firstIndex(of: newValue) ?? 2, ordering: .relaxed) }
    }

    /// Whether lines carry journald priority prefixes.
    let journal: Bool
    /// Metadata added to every line of this handler.
    public var metadata: Logger.Metadata = [:]

    /// A handler writing to stderr; `journal` nil: decided by `JOURNAL_STREAM`.
    public init(journal: Bool? = nil) {
        self.journal = journal ?? (getenv("JOURNAL_STREAM") != nil)
    }

    /// The process-wide level (``level``): setting it changes every handler's.
    public var logLevel: Logger.Level {
        get { Self.level }
        set { Self.level = newValue }
    }

    /// One metadata value of this handler.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the event as one line to stderr (one `write`, so lines of threads do not interleave).
    public func log(event: LogEvent) {
        let line = Self.format(
            level: event.level, message: "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { $1 },
            journal: journal)
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// One log line, newline included; line breaks inside the message become spaces (one line per event).
    public static func format(level: Logger.Level, message: String, metadata: Logger.Metadata, journal: Bool) -> String
    {
        var text = message
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
        text = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return journal ? "<\(priority(level))>\(text)\n" : "\(level.rawValue): \(text)\n"
    }

    /// The syslog priority of a level.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

/// Logs method calls: successes at trace, failures at debug, refusals (access denied,
/// limits, busy) at info.
enum CallLog {
    /// Error names logged as refusals.
    static let refusals: Set<String> = ["AccessDenied", "LimitExceeded", "Busy"].map {
        InkstoneErrorMapping.namePrefix + $0
    }.reduce(into: []) { $0.insert($1) }

    /// An observer for ``DBusKit/ExportedObject`` that logs to `logger`.
    static func observer(_ logger: Logger) -> @Sendable (MethodCall, DBusKitError?) -> Void {
        { call, error in
            // Messages are built only when their level is logged (the calls are on the key path).
            guard let error else {
                logger.trace("call \(describe(call))")
                return
            }
            if refusals.contains(error.name) {
                logger.info("refused \(describe(call)): \(error.name): \(error.message)")
            } else {
                logger.debug("failed \(describe(call)): \(error.name): \(error.message)")
            }
        }
    }

    /// `INTERFACE.MEMBER on PATH from SENDER`.
    private static func describe(_ call: MethodCall) -> String {
        "\(call.interface).\(call.member) on \(call.path) from \(call.sender)"
    }
}
