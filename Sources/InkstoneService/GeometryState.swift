import InkstoneLayout

/// Receives a context's geometry notifications (kind ``NotificationKind/geometry``).
/// A sink of its own, so that ``Notification`` and its transport switch stay as they are.
public protocol GeometrySink: AnyObject {
    /// The layout changed (new layout pushed, window moved, text reflowed):
    /// rectangles answered before are out of date.
    func invalidateCharacterCoordinates(of context: InputContext)
    /// The candidate anchor moved to `rect`.
    func candidateAnchorChanged(_ rect: LayoutRect, of context: InputContext)
}

/// Where a context's text is on screen: the layout sources the client set
/// up and what was last announced about them.
public final class GeometryState {
    /// The cell grid, if the client set one.
    public internal(set) var grid: CellGrid?
    /// The grid laid out for `gridLayoutRevision` (rebuilt lazily after an edit).
    var gridLayout: CellGridLayout?
    var gridLayoutRevision: UInt64 = 0
    /// The line fragments the client pushed, and the revision they describe.
    var fragments: FragmentLayout?
    var fragmentsRevision: UInt64 = 0
    /// The window's place on screen, if the client set it.
    public internal(set) var window: WindowGeometry?
    /// The peer and object path of the client's `org.inkstone.GeometryProvider1`.
    public internal(set) var provider: (peer: String, path: String)?
    /// Where geometry notifications go (set by the transport).
    public var sink: (any GeometrySink)?
    /// The revision the last `InvalidateCharacterCoordinates` was sent for.
    var announcedRevision: UInt64?
    /// The candidate anchor last announced.
    var announcedAnchor: LayoutRect?

    init() {}

    /// Whether the client set up any geometry at all.
    var isConfigured: Bool { grid != nil || fragments != nil || window != nil || provider != nil }
}
