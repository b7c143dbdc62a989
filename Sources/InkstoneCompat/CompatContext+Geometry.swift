import InkstoneLayout
import InkstoneService
import InkstoneText

/// Cursor rectangles: where the client's caret is on screen becomes the context's geometry,
/// so that candidate windows placed by Inkstone's geometry (`CandidateAnchor`, `CaretRect`)
/// sit next to the caret.
extension CompatContext {
    /// Sets the client's caret rectangle (device pixels, `scale` the window's); returns the
    /// candidate anchor when it moved. A bad rectangle is `InvalidArgument` and changes nothing.
    func setCursorRect(_ rect: LayoutRect, scale: Double) throws(InkstoneError) -> LayoutRect? {
        let before = try? context.candidateAnchor()
        try context.setClientCaretRect(rect, scale: scale)
        let after = try? context.candidateAnchor()
        return after == before ? nil : after
    }
}
