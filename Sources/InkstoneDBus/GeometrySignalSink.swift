import DBusKit
import InkstoneLayout
import InkstoneService

/// Sends a context's geometry notifications as signals, unicast to its
/// current listener through the ``PeerRouter`` (whichever peer set the layout).
final class GeometrySignalSink: GeometrySink {
    let router: PeerRouter

    init(router: PeerRouter) {
        self.router = router
    }

    func invalidateCharacterCoordinates(of context: InputContext) {
        router.emit(
            to: context.listener, path: ObjectPaths.context(context.id), interface: InputContextObject.interface,
            member: "InvalidateCharacterCoordinates")
    }

    func candidateAnchorChanged(_ rect: LayoutRect, of context: InputContext) {
        let value = DBusValue.structure([.double(rect.x), .double(rect.y), .double(rect.width), .double(rect.height)])
        router.emit(
            to: context.listener, path: ObjectPaths.context(context.id),
            interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged"
        ) { writer in
            writer.append(InputContextObject.interface)
            writer.append(vardict: ["CandidateAnchor": value])
            writer.append(strings: [])
        }
    }
}
