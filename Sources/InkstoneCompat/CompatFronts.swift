import DBusKit
import InkstoneDBus
import InkstoneService
import Logging

/// The compatibility fronts a daemon serves besides its own protocol: each exports its
/// objects at once (before any name is owned) and names the bus names the daemon then
/// requests on its connection (``busNames``). As stock fcitx5 does, the fcitx5 portal name
/// (`org.freedesktop.portal.Fcitx`) is owned by a second connection of its own, with its
/// own unique name, serving the same objects; contexts created through it send their
/// signals from it.
public final class CompatFronts: @unchecked Sendable {
    /// The fronts served.
    public let fronts: [CompatFront]
    private let fcitx5: Fcitx5Front?
    private let ibus: IBusPortalFront?
    /// The connection that owns the fcitx5 portal name (nil without the fcitx5 front).
    private let portalConnection: Connection?

    /// Exports `fronts` on `daemon`'s connection (and the fcitx5 portal's own connection to
    /// `address`, the daemon's bus, whose name it requests at once, taking it over with
    /// `replace`), over the daemon's service; `switcher` decides the toggle key of their
    /// contexts; `logger` gets one debug line per context event.
    public init(
        daemon: Daemon, address: String, fronts: [CompatFront], switcher: EngineSwitch, logger: Logger,
        replace: Bool = false
    ) throws {
        self.fronts = fronts
        let environment = FrontEnvironment(
            service: daemon.service, switcher: switcher, logger: logger,
            afterHandler: { [daemon] in daemon.flushNotifications() },
            contextCreated: { [daemon] context in daemon.routeGeometrySignals(of: context) })
        fcitx5 = fronts.contains(.fcitx5) ? Fcitx5Front(environment) : nil
        ibus = fronts.contains(.ibus) ? IBusPortalFront(environment) : nil
        try fcitx5?.export(on: daemon.connection)
        try ibus?.export(on: daemon.connection)
        if let fcitx5 {
            let portal = try Connection(address: address)
            try fcitx5.export(on: portal)
            portal.onDisconnected {
                logger.error("the fcitx5 portal connection was lost: sandboxed clients go unserved")
            }
            portal.onNameLost { name in logger.notice("\(name) was taken over by another program") }
            daemon.loop.attach(portal)
            Self.request(Fcitx5Front.portalName, on: portal, replace: replace, logger: logger)
            portalConnection = portal
        } else {
            portalConnection = nil
        }
        let fcitx5 = self.fcitx5
        let ibus = self.ibus
        daemon.onPeerVanished { peer in
            fcitx5?.clients.peerVanished(peer)
            ibus?.clients.peerVanished(peer)
        }
    }

    /// The bus names the fronts answer on the daemon's connection, to request after its own.
    public var busNames: [String] {
        (fcitx5 == nil ? [] : [Fcitx5Front.busName]) + (ibus == nil ? [] : IBusPortalFront.busNames)
    }

    /// Requests `name` on `connection`; a name another program owns is logged and left to it.
    private static func request(_ name: String, on connection: Connection, replace: Bool, logger: Logger) {
        var flags: NameFlags = [.allowReplacement, .doNotQueue]
        if replace { flags.insert(.replaceExisting) }
        do {
            switch try connection.requestName(name, flags: flags) {
            case .primaryOwner, .alreadyOwner:
                logger.info("ready: \(name) owned by \(connection.uniqueName ?? "?")")
            case .exists, .inQueue:
                logger.warning("\(name) is owned by another program; it is not served (use --replace)")
            }
        } catch {
            logger.warning("could not request \(name): \(error)")
        }
    }
}
