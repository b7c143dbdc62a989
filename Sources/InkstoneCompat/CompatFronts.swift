import DBusKit
import InkstoneDBus
import InkstoneService
import Logging

/// The compatibility fronts a daemon serves besides its own protocol: each exports its
/// objects at once (before any name is owned) and names the bus names the daemon then
/// requests on its connection (``busNames``). The portal names (`org.freedesktop.portal.Fcitx`,
/// `org.freedesktop.portal.IBus`) are owned by a second connection of their own, with its own
/// unique name, serving the fronts' objects and nothing else: a sandbox lets an application
/// call the owner of a portal name, so Inkstone's own objects must not be there. Contexts
/// created through it send their signals from it.
public final class CompatFronts: @unchecked Sendable {
    /// The fronts served.
    public let fronts: [CompatFront]
    private let fcitx5: Fcitx5Front?
    private let ibus: IBusPortalFront?
    /// The connection that owns the portal names (nil without a front).
    private let portalConnection: Connection?

    /// Exports `fronts` on `daemon`'s connection (fcitx5) and the portals' own connection to
    /// `address`, the daemon's bus (fcitx5 and IBus), whose names it requests at once, taking
    /// them over with `replace`, over the daemon's service; `switcher` decides the toggle key of their
    /// contexts; `logger` gets one debug line per context event.
    public init(
        daemon: Daemon, address: String, fronts: [CompatFront], switcher: EngineSwitch, logger: Logger,
        replace: Bool = false
    ) throws {
        self.fronts = fronts
        // The daemon keeps the fronts (its peer-vanished handler below): they hold it weakly.
        let environment = FrontEnvironment(
            service: daemon.service, switcher: switcher, logger: logger,
            afterHandler: { [weak daemon] in daemon?.flushNotifications() },
            contextCreated: { [weak daemon] context in daemon?.routeGeometrySignals(of: context) })
        fcitx5 = fronts.contains(.fcitx5) ? Fcitx5Front(environment) : nil
        ibus = fronts.contains(.ibus) ? IBusPortalFront(environment) : nil
        try fcitx5?.export(on: daemon.connection)
        if fcitx5 != nil || ibus != nil {
            let portal = try Connection(address: address)
            try fcitx5?.export(on: portal)
            try ibus?.export(on: portal)
            portal.onDisconnected {
                logger.error("the portal connection was lost: sandboxed clients go unserved")
            }
            portal.onNameLost { name in logger.notice("\(name) was taken over by another program") }
            daemon.loop.attach(portal)
            let names = (fcitx5 == nil ? [] : [Fcitx5Front.portalName]) + (ibus == nil ? [] : IBusPortalFront.busNames)
            for name in names { Self.request(name, on: portal, replace: replace, logger: logger) }
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

    /// Closes the portals' connection (after the daemon's loop stopped): attached to the loop,
    /// it would otherwise keep the loop, and the loop it, alive for good.
    public func close() {
        portalConnection?.close()
    }

    /// The bus names the fronts answer on the daemon's connection, to request after its own.
    public var busNames: [String] { fcitx5 == nil ? [] : [Fcitx5Front.busName] }

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
