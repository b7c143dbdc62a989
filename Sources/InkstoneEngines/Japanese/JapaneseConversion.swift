/// An open conversion: the segments, the focused one, and whether its candidate
/// window is open. Pure state; ``JapaneseEngine`` drives it with keys.
struct JapaneseConversion: Hashable, Sendable {
    /// The segments, in order.
    var segments: [JapaneseSegment]
    /// The focused segment's index.
    var focus = 0
    /// The focused segment's candidate window, when open.
    var list: CandidateList?
    /// How many times the focused segment was stepped to its next candidate.
    var steps = 0
    /// The romaji typed for the whole reading, when known (for the romaji forms).
    var romaji: String?
    /// When reconverting: the committed text the conversion replaces (Escape restores it).
    var original: String?

    /// The whole kana reading.
    var reading: String { segments.map(\.reading).joined() }

    /// The converted text.
    var text: String { segments.map(\.text).joined() }

    /// The preedit: every segment underlined, the focused one highlighted; the caret at its end.
    var preedit: Preedit {
        let styled = segments.enumerated().map { index, segment in
            PreeditSegment(segment.text, style: index == focus ? [.underline, .highlight] : .underline)
        }
        let caret = segments[...focus].reduce(0) { $0 + $1.text.utf16.count }
        return Preedit(segments: styled, cursorUTF16Offset: caret)
    }

    /// Steps the focused segment to the candidate `delta` away (wrapping), keeping an open list in step.
    mutating func stepCandidate(by delta: Int) {
        let count = segments[focus].candidates.count
        segments[focus].index = ((segments[focus].index + delta) % count + count) % count
        if list != nil { openList(pageSize: list?.pageSize ?? 9, labels: String(list?.labels ?? [])) }
    }

    /// Builds the focused segment's other candidates, when it has only its first
    /// (see ``JapaneseConverter/convertFirst(_:)``).
    mutating func completeFocus(using converter: JapaneseConverter) {
        segments[focus] = converter.completed(segments[focus])
    }

    /// Opens the focused segment's candidate window at its chosen candidate.
    mutating func openList(pageSize: Int, labels: String) {
        var opened = CandidateList(items: segments[focus].candidates, pageSize: pageSize, labels: labels)
        opened.moveCursor(by: segments[focus].index)
        list = opened
    }

    /// Moves the focus by `delta` segments (clamped); closes the list.
    mutating func moveFocus(by delta: Int) {
        focus = min(max(focus + delta, 0), segments.count - 1)
        list = nil
        steps = 0
    }

    /// Makes the focused segment `delta` characters longer or shorter (at least one,
    /// at most what is left) and converts it and everything after it again.
    /// Returns false when the size cannot change.
    mutating func resizeFocus(by delta: Int, converter: JapaneseConverter) -> Bool {
        let rest = Array(segments[focus...].map(\.reading).joined())
        let length = segments[focus].reading.count + delta
        guard length >= 1, length <= rest.count, delta != 0 else { return false }
        let focused = converter.segment(reading: String(rest[..<length]))
        let after = converter.convertFirst(String(rest[length...]))
        segments = Array(segments[..<focus]) + [focused] + after
        list = nil
        steps = 0
        return true
    }

    /// Shows the focused segment in `form` (F6–F10).
    mutating func render(focusedAs form: KanaForm) {
        let reading = segments[focus].reading
        let typed = segments.count == 1 ? romaji : nil
        segments[focus].choose(KanaForms.render(reading, as: form, romaji: typed))
        list = nil
    }
}
