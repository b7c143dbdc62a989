import ArgumentParser
import Glibc
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

            Exit codes: 0 stopped by SIGTERM/SIGINT or replaced by another daemon; \
            1 start-up failure; 2 the bus went away; 3 the name is owned by someone \
            else and --replace was not given.
            """,
        version: InkstoneVersion.current
    )

    @Option(help: "Bus address to connect to instead of the session bus.")
    var address: String?

    @Flag(help: "Take org.inkstone.Inkstone1 over from a running daemon.")
    var replace = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Flag(inversion: .prefixedNo, help: "Listen for direct peer-to-peer connections (GetPeerAddress).")
    var directTransport = true

    @Option(help: "Input contexts one client may hold at once.")
    var maxContexts = ServiceLimits().contextsPerPeer

    @Option(help: "Input contexts all clients of one user may hold at once.")
    var maxContextsPerUser = ServiceLimits().contextsPerUser

    @Option(help: "Persistent contexts (persist=true) the daemon holds at once.")
    var maxPersistentContexts = ServiceLimits().persistentContexts

    @Option(help: "Peers one document may be shared with at once.")
    var maxShares = ServiceLimits().sharesPerDocument

    @Option(help: "The largest document, in UTF-8 bytes.")
    var maxDocumentBytes = ServiceLimits().documentUTF8Bytes

    @Option(help: "The longest string one call may carry, in UTF-8 bytes.")
    var maxStringBytes = ServiceLimits().stringUTF8Bytes

    @Option(help: "Bytes queued for a listener that does not read before its signals are dropped (and a direct peer is disconnected).")
    var maxListenerBacklog = ServiceLimits().listenerBacklogBytes

    @Flag(help: "Print every exported (interface, member, kind, signature, detail) and exit.")
    var printInterfaces = false

    func run() throws {
        if printInterfaces {
            print(ServiceObject.interfaceListing(), terminator: "")
            return
        }
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "inkstoned")
        var limits = ServiceLimits()
        limits.contextsPerPeer = maxContexts
        limits.contextsPerUser = maxContextsPerUser
        limits.persistentContexts = maxPersistentContexts
        limits.sharesPerDocument = maxShares
        limits.documentUTF8Bytes = maxDocumentBytes
        limits.stringUTF8Bytes = maxStringBytes
        limits.listenerBacklogBytes = maxListenerBacklog
        do {
            try limits.validate()
        } catch {
            logger.critical("\(error.message)")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        guard let busAddress = BusAddress.resolve(explicit: address) else {
            logger.critical("no bus: pass --address or set DBUS_SESSION_BUS_ADDRESS")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        let status: Daemon.ExitStatus
        do {
            status = try Daemon(address: busAddress, logger: logger, limits: limits, directTransport: directTransport)
                .run(replace: replace)
        } catch {
            logger.critical("could not start: \(error)")
            throw ExitCode(Daemon.ExitStatus.failure.rawValue)
        }
        logger.info("exiting with status \(status.rawValue)")
        if status != .stopped { throw ExitCode(status.rawValue) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

InkstoneDaemonCommand.main()
