import ArgumentParser
import CGatheredWrites
import DBusKit
import Glibc
import InkstoneCompat
import InkstoneConfig
import InkstoneDBus
import InkstoneService
import Logging

/// `inkstoned`: the Inkstone daemon on the D-Bus session bus.
struct InkstoneDaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstoned",
        abstract: "The Inkstone input-method composition daemon (D-Bus name org.inkstone.Inkstone1).",
        discussion: """
            Connects to --address, else DBUS_STARTER_ADDRESS (bus activation), else \
            DBUS_SESSION_BUS_ADDRESS, exports /org/inkstone/Inkstone1, then owns \
            org.inkstone.Inkstone1 (allowing replacement).

            Reads --config, else $XDG_CONFIG_HOME/inkstone/config.toml (~/.config/inkstone/config.toml) \
            when it exists; flags override the file. SIGHUP or the Reload method read it again; \
            a file with an error is refused (with its line) and the previous configuration stays.

            Logs one line per event on stderr: `<N>message` with the syslog priority when stderr \
            is the journal (JOURNAL_STREAM set), else `level: message`.

            Exit codes: 0 stopped by SIGTERM/SIGINT or replaced by another daemon; \
            1 start-up failure (including a bad configuration file or flag value); 2 the bus went away; \
            3 the name is owned by someone else and --replace was not given.
            """,
        version: InkstoneVersion.current
    )

    @Option(help: "Bus address to connect to instead of the session bus.")
    var address: String?

    @Flag(help: "Take org.inkstone.Inkstone1 over from a running daemon.")
    var replace = false

    @Option(help: "The configuration file (default: $XDG_CONFIG_HOME/inkstone/config.toml; must exist when given).")
    var config: String?

    @Option(
        help: "Log level: trace, debug, info, notice, warning, error, critical (default: the file's log_level, info).")
    var logLevel: String?

    @Flag(inversion: .prefixedNo, help: "Listen for direct peer-to-peer connections (GetPeerAddress).")
    var directTransport = true

    @Option(help: "Input contexts one client may hold at once (limits.contexts_per_peer).")
    var maxContexts: Int?

    @Option(help: "Input contexts all clients of one user may hold at once (limits.contexts_per_user).")
    var maxContextsPerUser: Int?

    @Option(help: "Persistent contexts (persist=true) the daemon holds at once (limits.persistent_contexts).")
    var maxPersistentContexts: Int?

    @Option(help: "Peers one document may be shared with at once (limits.shares_per_document).")
    var maxShares: Int?

    @Option(help: "Documents one client may hold at once (limits.documents_per_peer).")
    var maxDocuments: Int?

    @Option(help: "The largest document, in UTF-8 bytes (limits.document_bytes).")
    var maxDocumentBytes: Int?

    @Option(help: "The longest string one call may carry, in UTF-8 bytes (limits.string_bytes).")
    var maxStringBytes: Int?

    @Option(help: "Engine of a context created without one (default_engine).")
    var defaultEngine: String?

    @Option(
        help:
            "Bytes queued for a listener that does not read before its signals are dropped (and a direct peer is disconnected) (limits.listener_backlog_bytes)."
    )
    var maxListenerBacklog: Int?

    @Option(
        help: ArgumentHelp(
            "Also serve these client protocols, comma-separated: fcitx5 (org.fcitx.Fcitx5, org.freedesktop.portal.Fcitx), ibus (org.freedesktop.portal.IBus) (compat.fronts).",
            valueName: "fronts"))
    var compat: String?

    @Flag(help: "Print every exported (interface, member, kind, signature, detail) and exit.")
    var printInterfaces = false

    func run() throws {
        if printInterfaces {
            print(ServiceObject.interfaceListing(), terminator: "")
            return
        }
        LoggingSystem.bootstrap { _ in DaemonLogHandler() }
        // A call's signals and answer leave in one write (see Connection's "Writes").
        WriteGatherer.install(
            WriteGatherer(
                begin: inkstone_gather_writes, release: inkstone_release_gathered_writes,
                capacity: Int(INKSTONE_GATHER_CAPACITY)))
        let logger = Logger(label: "inkstoned")
        let load = settingsLoader()
        let settings: DaemonSettings
        do {
            settings = try load()
        } catch {
            logger.critical("\(error)")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        for notice in settings.notices { logger.warning("\(settings.source): \(notice)") }
        guard let busAddress = BusAddress.resolve(explicit: address) else {
            logger.critical("no bus: pass --address or set DBUS_SESSION_BUS_ADDRESS")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        let status: Daemon.ExitStatus
        do {
            let daemon = try Daemon(
                address: busAddress, logger: logger, settings: settings, directTransport: directTransport, reload: load)
            let fronts = try CompatFronts(
                daemon: daemon, address: busAddress,
                fronts: try CompatFront.parse(compat.map { [$0] } ?? settings.compatFronts),
                switcher: settings.compatSwitch, logger: logger, replace: replace)
            status = daemon.run(replace: replace, alsoOwn: fronts.busNames)
            fronts.close()
        } catch {
            logger.critical("could not start: \(error)")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        logger.info("exiting with status \(status.rawValue)")
        if status != .stopped { throw ExitCode(status.rawValue) }
    }

    /// Reads the configuration file and applies the flags; a failure is `InvalidArgument` with file and line.
    private func settingsLoader() -> SettingsLoader {
        let path = config ?? ConfigurationFile.defaultPath()
        let required = config != nil
        var overrides = ConfigurationOverrides()
        overrides.contextsPerPeer = maxContexts
        overrides.documentsPerPeer = maxDocuments
        overrides.documentBytes = maxDocumentBytes
        overrides.stringBytes = maxStringBytes
        overrides.contextsPerUser = maxContextsPerUser
        overrides.persistentContexts = maxPersistentContexts
        overrides.sharesPerDocument = maxShares
        overrides.listenerBacklogBytes = maxListenerBacklog
        overrides.logLevel = logLevel
        overrides.defaultEngine = defaultEngine
        return { [overrides] () throws -> DaemonSettings in
            do {
                let (file, source) = try ConfigurationFile.load(path: path, required: required)
                let configuration = try file.applying(overrides)
                var settings = DaemonSettings(
                    limits: configuration.limits, engines: configuration.engines,
                    logLevel: Logger.Level(rawValue: configuration.logLevel) ?? .info, source: source,
                    compatFronts: configuration.compat.fronts, compatSwitch: configuration.compat.switcher)
                settings.notices = configuration.notices
                return settings
            } catch let error as ConfigurationError {
                throw error.inkstoneError
            }
        }
    }
}

InkstoneDaemonCommand.main()
