import InkstoneEngines
import InkstoneService
import InkstoneText

/// What a compatibility client must be told after a call, in the order it must apply it.
/// Positions are in code points; each front turns them into its wire units.
enum ClientEvent: Equatable {
    /// Delete `count` code points starting `offset` code points from the caret (negative: before).
    case deleteSurrounding(offset: Int, count: Int)
    /// Insert committed text at the caret.
    case commit(String)
    /// Replace the preedit (empty: none).
    case preedit(PreeditState)
    /// Deliver this key to the widget as if the input method had not seen it.
    case forwardKey(KeyEvent)
    /// The visible candidate page changed (no items: closed).
    case candidates(CandidatesSnapshot)
    /// The context's engine changed.
    case engine(EngineName)
}

/// A preedit as a compatibility client shows it.
struct PreeditState: Equatable {
    /// One styled run of the preedit.
    struct Segment: Equatable {
        var text: String
        var style: MarkedStyle
    }

    /// The runs, in order; empty for no preedit.
    let segments: [Segment]
    /// The caret inside the preedit, in code points.
    let cursor: Int
    /// The whole preedit text.
    let text: String
    /// The preedit's length in code points.
    let length: Int

    /// No preedit.
    static let none = PreeditState(segments: [], cursor: 0)

    /// The caret in UTF-8 bytes (fcitx5's unit).
    var cursorUTF8: Int {
        if cursor >= length { return text.utf8.count }
        var bytes = 0
        for scalar in text.unicodeScalars.prefix(cursor) { bytes += UTF8.width(scalar) }
        return bytes
    }

    /// The preedit of a context whose offsets are code points (`unit=scalars`).
    init(view: DocumentView) {
        guard let text = view.markedText, !text.isEmpty else {
            self = .none
            return
        }
        let length = text.unicodeScalars.count
        let segments = view.markedSegments
        self.text = text
        self.length = length
        cursor = min(max(view.markedSelection?.start ?? length, 0), length)
        // The usual preedit: one run over the whole marked text (underlined when unstyled),
        // which needs no cutting into runs.
        guard let first = segments.first, segments.count > 1 || first.start != 0 || first.length != length else {
            self.segments = [Segment(text: text, style: segments.first?.style ?? .underline)]
            return
        }
        let scalars = Array(text.unicodeScalars)
        var runs: [Segment] = []
        var position = 0
        func run(_ range: Range<Int>, _ style: MarkedStyle) {
            guard !range.isEmpty else { return }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[range])
            runs.append(Segment(text: String(piece), style: style))
        }
        for segment in segments.sorted(by: { $0.start < $1.start }) {
            let start = min(max(segment.start, position), length)
            let end = min(segment.start + segment.length, length)
            run(position..<start, .underline)
            run(start..<max(start, end), segment.style)
            position = max(start, end)
        }
        run(position..<length, .underline)
        self.segments = runs
    }

    init(segments: [Segment], cursor: Int) {
        self.segments = segments
        self.cursor = cursor
        text = segments.map(\.text).joined()
        length = text.unicodeScalars.count
    }
}
