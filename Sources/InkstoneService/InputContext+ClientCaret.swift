import InkstoneLayout
import InkstoneText

/// The caret rectangle a client reports itself: toolkits that speak the fcitx5 or IBus
/// protocols know where their caret is on screen, not how their text is laid out.
///
/// It stands for the candidate anchor's position only (the start of the marked text, else
/// of the selection) and only while the context has no layout (cell grid or line
/// fragments): `CaretRect` at that position, `FirstRectForRange` starting there (covering
/// none of the range) and so `CandidateAnchor` answer it; other positions need a layout.
/// It keeps standing for that position as the text changes, until the client reports again.
extension InputContext {
    /// Sets the client's caret rectangle. `rect` is in device pixels, already multiplied by
    /// `scale` as toolkits send it (X11: screen coordinates; Wayland: relative to the
    /// toplevel window). The context's window geometry becomes origin (0, 0) at `scale`, so
    /// rects are answered in those same pixels. A rect that is not finite or has a negative
    /// size, or a scale that is not a finite number above 0, is `InvalidArgument`, and then
    /// nothing changes.
    public func setClientCaretRect(_ rect: LayoutRect, scale: Double) throws(InkstoneError) {
        guard rect.isValid else {
            throw .invalidArgument("cursor rectangle \(rect) must be finite, with a width and height of at least 0")
        }
        let window = try Self.mapLayoutError { () throws(LayoutError) in
            try WindowGeometry(originX: 0, originY: 0, scale: scale)
        }
        let caret = LayoutRect(
            x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale)
        guard caret != geometry.clientCaret || window != geometry.window else { return }
        geometry.window = window
        geometry.clientCaret = caret
        layoutDidChange()
    }

    /// The client's caret rectangle (in the answer space) when it stands for `position`.
    func clientCaretRect(at position: Int) -> LayoutRect? {
        guard let caret = geometry.clientCaret, geometry.grid == nil, geometry.fragments == nil,
            position == (view.markedStart ?? view.selectedRange?.start ?? 0)
        else { return nil }
        return toScreen(caret)
    }
}
