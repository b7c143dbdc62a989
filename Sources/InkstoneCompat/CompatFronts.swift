import DBusKit
import InkstoneDBus
import InkstoneService
import Logging

/// The compatibility fronts a daemon serves besides its own protocol, on its own bus
/// connection: each exports its objects at once (before any name is owned) and names
/// the bus names the daemon then requests (``busNames``).
public final class CompatFronts: @unchecked Sendable {
    /// The fronts served.
    public let fronts: [CompatFront]
    private let fcitx5: Fcitx5Front?
    private let ibus: IBusPortalFront?

    /// Exports `fronts` on `daemon`'s connection, over its service; `switcher` decides the
    /// engine switch keys of their contexts; `logger` gets one debug line per context event.
    public init(daemon: Daemon, fronts: [CompatFront], switcher: EngineSwitch, logger: Logger) throws {
        self.fronts = fronts
        let environment = FrontEnvironment(
            service: daemon.service, switcher: switcher, logger: logger,
            afterHandler: { [daemon] in daemon.flushNotifications() },
            contextCreated: { [daemon] context in daemon.routeGeometrySignals(of: context) })
        fcitx5 = fronts.contains(.fcitx5) ? Fcitx5Front(environment) : nil
        ibus = fronts.contains(.ibus) ? IBusPortalFront(environment) : nil
        try fcitx5?.export(on: daemon.connection)
        try ibus?.export(on: daemon.connection)
        let fcitx5 = self.fcitx5
        let ibus = self.ibus
        daemon.onPeerVanished { peer in
            fcitx5?.clients.peerVanished(peer)
            ibus?.clients.peerVanished(peer)
        }
    }

    /// The bus names the fronts answer on, to request after the daemon's own.
    public var busNames: [String] {
        (fcitx5 == nil ? [] : Fcitx5Front.busNames) + (ibus == nil ? [] : IBusPortalFront.busNames)
    }
}
