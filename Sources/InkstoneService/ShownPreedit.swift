import InkstoneEngines
import InkstoneText

/// An engine's preedit as a context last made it its marked text, and the marked text
/// that came of it. While the view still holds exactly that marked text, the same
/// preedit again would change nothing (most key releases hand it back), so it is not
/// converted and applied again.
struct ShownPreedit {
    let preedit: Preedit
    private let text: String?
    private let selection: TextRange?
    private let segments: [MarkedSegment]

    /// `preedit`, just applied to `view`.
    init(preedit: Preedit, view: DocumentView) {
        self.preedit = preedit
        text = view.markedText
        selection = view.markedSelection
        segments = view.markedSegments
    }

    /// Whether `view`'s marked text is still the one `preedit` made.
    func isShown(in view: DocumentView) -> Bool {
        text != nil && view.markedText == text && view.markedSelection == selection && view.markedSegments == segments
    }
}
