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
    var segments: [Segment]
    /// The caret inside the preedit, in code points.
    var cursor: Int

    /// No preedit.
    static let none = PreeditState(segments: [], cursor: 0)

    /// The whole preedit text.
    var text: String { segments.map(\.text).joined() }

    /// The caret in UTF-8 bytes (fcitx5's unit).
    var cursorUTF8: Int {
        text.unicodeScalars.prefix(cursor).reduce(0) { $0 + String($1).utf8.count }
    }

    /// The preedit of a context whose offsets are code points (`unit=scalars`).
    init(view: DocumentView) {
        guard let text = view.markedText, !text.isEmpty else {
            self = .none
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
        for segment in view.markedSegments.sorted(by: { $0.start < $1.start }) {
            let start = min(max(segment.start, position), scalars.count)
            let end = min(segment.start + segment.length, scalars.count)
            run(position..<start, .underline)
            run(start..<max(start, end), segment.style)
            position = max(start, end)
        }
        run(position..<scalars.count, .underline)
        segments = runs
        cursor = min(max(view.markedSelection?.start ?? scalars.count, 0), scalars.count)
    }

    init(segments: [Segment], cursor: Int) {
        self.segments = segments
        self.cursor = cursor
    }
}
