import InkstoneLayout
import InkstoneText

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
    /// The text edits since `gridLayoutRevision`, merged into one UTF-8
    /// range of the current text and its length change, up to `pendingRevision`.
    var pendingEdit: (utf8Range: Range<Int>, utf8Delta: Int)?
    var pendingRevision: UInt64 = 0
    /// The line fragments the client pushed, and the revision they describe.
    var fragments: FragmentLayout?
    var fragmentsRevision: UInt64 = 0
    /// The window's place on screen, if the client set it.
    public internal(set) var window: WindowGeometry?
    /// The caret rectangle the client reported itself, in window coordinates (see
    /// ``InputContext/setClientCaretRect(_:scale:)``).
    public internal(set) var clientCaret: LayoutRect?
    /// The peer and object path of the client's `org.inkstone.GeometryProvider1`.
    public internal(set) var provider: (peer: String, path: String)?
    /// Where geometry notifications go (set by the transport).
    public var sink: (any GeometrySink)?
    /// The revision the last `InvalidateCharacterCoordinates` was sent for.
    var announcedRevision: UInt64?
    /// The candidate anchor last announced.
    var announcedAnchor: LayoutRect?

    init() {}

    /// Notes a text change, so the grid layout can be updated instead of rebuilt.
    func noteTextChange(_ record: ChangeRecord) {
        guard gridLayout != nil else { return }
        let expected = pendingEdit == nil ? gridLayoutRevision : pendingRevision
        guard record.revision == expected + 1 else {
            gridLayout = nil
            pendingEdit = nil
            return
        }
        let start = record.start.utf8
        let oldEnd = start + record.oldLength.utf8
        let change = record.newLength.utf8 - record.oldLength.utf8
        if let (range, delta) = pendingEdit {
            let lower = min(range.lowerBound, start)
            pendingEdit = (lower..<(max(range.upperBound, oldEnd) + change), delta + change)
        } else {
            pendingEdit = (start..<(oldEnd + change), change)
        }
        pendingRevision = record.revision
    }

    /// Forgets the laid-out grid (after a rollback reused revision numbers); it is laid out again on demand.
    func dropLayoutCache() {
        gridLayout = nil
        pendingEdit = nil
        announcedRevision = nil
    }

    /// Whether the client set up any geometry at all.
    var isConfigured: Bool {
        grid != nil || fragments != nil || window != nil || provider != nil || clientCaret != nil
    }
}
