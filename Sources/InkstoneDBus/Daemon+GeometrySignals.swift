import InkstoneService

extension Daemon {
    /// Sends `context`'s geometry notifications (`InvalidateCharacterCoordinates`, the
    /// `CandidateAnchor` property) to its listener as for a context whose layout was set over
    /// Inkstone's own protocol: for contexts whose geometry comes from another protocol
    /// (the cursor rectangles of the compatibility fronts). They go out once the listener
    /// subscribes to the geometry kind.
    public func routeGeometrySignals(of context: InputContext) {
        if context.geometry.sink == nil { context.geometry.sink = GeometrySignalSink(router: notifier.router) }
    }
}
