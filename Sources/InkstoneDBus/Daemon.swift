import DBusKit
import Glibc
import InkstoneEngines
import InkstoneService
import Logging
import Synchronization

/// The `inkstoned` process: one loop, one bus connection, the exported objects and the name.
///
/// Objects are exported before the name is requested, so a client that sees
/// the name appear can call at once.
public final class Daemon: @unchecked Sendable {
    /// How the daemon ended; the raw value is the process exit code.
    public enum ExitStatus: Int32, Sendable {
        /// Stopped by SIGTERM/SIGINT, or replaced by another daemon (`--replace`).
        case stopped = 0
        /// Could not connect, export or request the name.
        case failure = 1
        /// The bus went away.
        case busLost = 2
        /// Another connection owns the name and `--replace` was not given.
        case nameTaken = 3
    }

    /// The loop every connection of the daemon runs on (run by ``run(replace:)`` on the calling thread).
    public let loop: EventLoop
    /// The bus connection; export further objects on it before ``run(replace:)`` requests the name.
    public let connection: Connection
    /// The service core every object adapts.
    public let service: InkstoneService
    private let logger: Logger
    private let outcome = StatusBox()
    let notifier: SignalNotifier
    /// What `GetStatus` reports (uptime counts from `init`).
    public let status = DaemonStatus()
    private let peers = PeerSlot()
    private let vanishHooks = PeerVanishHooks()

    /// Connects to `address`, exports every object and attaches to a new loop.
    ///
    /// Call on the main thread before any other thread starts (signals are blocked here).
    ///
    /// With `directTransport`, it also listens for peer-to-peer connections
    /// (see `GetPeerAddress`); when that socket cannot be made, it logs a
    /// warning and serves the bus only.
    ///
    /// `reload` reads the settings again for `SIGHUP` and the `Reload` method; a failure
    /// keeps the settings in force (and `Reload` answers the error).
    public init(
        address: String, logger: Logger, settings: DaemonSettings = DaemonSettings(), directTransport: Bool = true,
        reload: SettingsLoader? = nil
    ) throws {
        self.logger = logger
        loop = try EventLoop()
        connection = try Connection(address: address)
        service = InkstoneService(limits: settings.limits, engineSettings: settings.engines)
        service.userDictionaries = UserDictionaries(limits: settings.engines.learning) { logger.warning("\($0)") }
        DaemonLogHandler.level = settings.logLevel
        let peers = self.peers
        let router = PeerRouter(bus: connection, logger: logger) { identity in peers.connection(for: identity) }
        notifier = SignalNotifier(router: router)
        service.sink = notifier
        service.durable.folder = DurableDocuments.defaultFolder()
        service.durable.log = { logger.notice("\($0)") }
        service.collectJournals()
        // Journals of durable documents are written, and coalesced notifications
        // of a call go out, after its handler, before its reply.
        let flush: @Sendable () -> Void = { [service, notifier] in
            service.commitJournals()
            notifier.flush()
        }
        let observe = CallLog.observer(logger)
        var applyReload: (@Sendable () throws -> String)?
        if let reload {
            let service = self.service
            applyReload = { try Daemon.reload(service: service, load: reload, logger: logger) }
        }
        let objects: [(path: String, object: ExportedObject, subtree: Bool)] = [
            (
                ServiceObject.path,
                ServiceObject.make(
                    service: service, status: status, afterHandler: flush, reload: applyReload, observe: observe),
                false
            ),
            (
                ObjectPaths.contexts,
                InputContextObject.make(service: service, router: router, afterHandler: flush, observe: observe), true
            ),
            (ObjectPaths.documents, DocumentObject.make(service: service, afterHandler: flush, observe: observe), true),
        ]
        for entry in objects {
            if entry.subtree {
                try connection.exportSubtree(entry.object, under: entry.path)
            } else {
                try connection.export(entry.object, at: entry.path)
            }
        }
        if directTransport {
            do {
                let transport = try PeerTransport(loop: loop, service: service, objects: objects, logger: logger)
                peers.transport.withLock { $0 = transport }
                status.setPeerTransport(address: transport.address) { transport.connectionCount }
                logger.debug("direct transport on \(transport.address)")
            } catch {
                logger.warning("no direct transport (serving the bus only): \(error)")
            }
        }
        let service = self.service
        let vanishHooks = self.vanishHooks
        try connection.watchNameOwnerChanges()
        connection.onNameOwnerChanged { name, _, newOwner in
            guard name.hasPrefix(":"), newOwner.isEmpty else { return }
            service.peerVanished(name)
            vanishHooks.run(name)
        }
        let loop = self.loop
        let connection = self.connection
        let outcome = self.outcome
        // The loop keeps its signal handlers for good: one holding the loop would keep it, the
        // connection and the service alive after `run` (their sd-bus objects never freed).
        try loop.handleSignals([SIGTERM, SIGINT]) { [weak loop] signal in
            logger.info("signal \(signal): releasing \(ServiceObject.busName) and exiting")
            outcome.status.withLock { $0 = .stopped }
            outcome.releasing.withLock { $0 = true }
            _ = try? connection.releaseName(ServiceObject.busName)
            loop?.stop()
        }
        if let applyReload {
            try loop.handleSignals([SIGHUP]) { _ in
                logger.info("SIGHUP: reloading the configuration")
                _ = try? applyReload()
            }
        }
        // After the signal mask is set (threads inherit it): engine data loads off the loop thread.
        let engineSettings = settings.engines
        PosixThread.spawn { EngineRegistry.loadSharedData(settings: engineSettings) }?.detach()
        connection.onNameLost { name in
            guard name == ServiceObject.busName, !outcome.releasing.withLock({ $0 }) else { return }
            logger.notice("\(name) was taken over by another daemon; exiting")
            outcome.status.withLock { $0 = .stopped }
            loop.stop()
        }
        connection.onDisconnected {
            logger.error("the bus connection was lost; exiting")
            outcome.status.withLock { $0 = .busLost }
            loop.stop()
        }
        // The bus daemon reads eagerly; our queue to it only grows when the bus stalls.
        connection.limitOutgoing(to: service.limits.listenerBacklogBytes) { queued in
            logger.warning("the bus stopped reading (\(queued) bytes queued): dropping signals until it catches up")
        } onRecovery: { dropped in
            logger.notice("the bus reads again; \(dropped) signals were dropped")
        }
        loop.attach(connection)
        logger.debug("connected to \(address) as \(connection.uniqueName ?? "?")")
    }

    /// Reads the settings with `load` and puts them in force; contexts and engines already
    /// made keep theirs. On failure nothing changes and the error is logged and thrown.
    static func reload(service: InkstoneService, load: SettingsLoader, logger: Logger) throws -> String {
        let settings: DaemonSettings
        do {
            settings = try load()
        } catch {
            logger.warning("configuration not reloaded, the previous one stays in force: \(error)")
            throw error
        }
        service.limits = settings.limits
        service.engineSettings = settings.engines
        DaemonLogHandler.level = settings.logLevel
        logger.info("configuration reloaded from \(settings.source.isEmpty ? "built-in defaults" : settings.source)")
        for notice in settings.notices { logger.warning("\(settings.source): \(notice)") }
        return settings.source
    }

    /// Requests the name (taking it over when `replace`), then each of `alsoOwn` (fronts of
    /// other protocols exported on ``connection``; one owned by another program is logged and
    /// skipped), then runs the loop until stopped.
    public func run(replace: Bool, alsoOwn: [String] = []) -> ExitStatus {
        defer {
            // Taken out of its slot: the service (which a SIGHUP handler the loop keeps holds)
            // reaches the slot, and the transport's server holds the loop.
            let transport = peers.transport.withLock { slot in
                defer { slot = nil }
                return slot
            }
            transport?.close()
            connection.close()
        }
        var flags: NameFlags = [.allowReplacement, .doNotQueue]
        if replace { flags.insert(.replaceExisting) }
        do {
            switch try connection.requestName(ServiceObject.busName, flags: flags) {
            case .primaryOwner, .alreadyOwner:
                break
            case .exists, .inQueue:
                let owner = (try? connection.nameOwner(ServiceObject.busName)) ?? nil
                logger.critical(
                    """
                    \(ServiceObject.busName) is already owned by \(owner ?? "another connection"); \
                    use --replace to take it over
                    """)
                return .nameTaken
            }
        } catch {
            logger.critical("could not request \(ServiceObject.busName): \(error)")
            return .failure
        }
        logger.info("ready: \(ServiceObject.busName) owned by \(connection.uniqueName ?? "?")")
        requestFrontNames(alsoOwn, replace: replace)
        loop.run()
        return outcome.status.withLock { $0 }
    }
}

// MARK: fronts of other protocols on the same connection

extension Daemon {
    /// Runs `handler` with the unique name of every peer that leaves the bus, after the
    /// service dropped its contexts (fronts drop their own state of those contexts).
    public func onPeerVanished(_ handler: @escaping @Sendable (String) -> Void) {
        vanishHooks.handlers.withLock { $0.append(handler) }
    }

    /// Sends the notifications a call held back (coalesced signals to other views of a
    /// document); further fronts run it after each handler, before the reply, as the
    /// daemon's own objects do.
    public func flushNotifications() {
        notifier.flush()
    }

    /// Requests each name of another protocol's front; a name another program owns is
    /// logged and left to it (taken over with `replace`).
    private func requestFrontNames(_ names: [String], replace: Bool) {
        var flags: NameFlags = [.allowReplacement, .doNotQueue]
        if replace { flags.insert(.replaceExisting) }
        for name in names {
            do {
                switch try connection.requestName(name, flags: flags) {
                case .primaryOwner, .alreadyOwner:
                    logger.info("ready: \(name) owned by \(connection.uniqueName ?? "?")")
                case .exists, .inQueue:
                    logger.warning("\(name) is owned by another program; that front is not served (use --replace)")
                }
            } catch {
                logger.warning("could not request \(name): \(error)")
            }
        }
    }
}

/// Handlers run when a peer leaves the bus.
private final class PeerVanishHooks: Sendable {
    let handlers = Mutex<[@Sendable (String) -> Void]>([])

    func run(_ peer: String) {
        for handler in handlers.withLock({ $0 }) { handler(peer) }
    }
}

/// The exit status chosen by whichever event stopped the loop.
private final class StatusBox: Sendable {
    let status = Mutex(Daemon.ExitStatus.stopped)
    /// Set while the daemon gives its name back (its own NameLost is expected).
    let releasing = Mutex(false)
}
