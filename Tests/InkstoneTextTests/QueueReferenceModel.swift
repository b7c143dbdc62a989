import InkstoneText

/// A plain model of a shared document for queued-edit tests: characters in an
/// array, positions held by anchors with the document's bias rules, and the
/// queue as a list of operations applied one after the other, each against
/// the text its predecessors produced. Positions are grapheme offsets (the
/// tests use pieces that never join their neighbours).
final class QueueReferenceModel {
    final class Anchor {
        var offset: Int
        let bias: AnchorBias
        init(_ offset: Int, _ bias: AnchorBias) {
            self.offset = offset
            self.bias = bias
        }
    }

    /// A selection: for a caret one left-biased anchor, for a range a right-biased start and left-biased end.
    struct Selection {
        let start: Anchor
        let end: Anchor
        /// As the document reads a selection or queued range: edges that crossed are put in order.
        var range: Range<Int> { min(start.offset, end.offset)..<max(start.offset, end.offset) }
        /// As the document reads marked text: an end that fell before the start makes it empty.
        var markedRange: Range<Int> { start.offset..<max(start.offset, end.offset) }
    }

    enum Operation {
        case type(String)
        case backspace
        case select(Selection)
        case replace(Selection, String)
    }

    private(set) var text: [Character]
    private var anchors: [Anchor] = []
    var selections: [Selection?]
    /// The composing view's marked range and what it replaced.
    private(set) var marked: (view: Int, range: Selection, original: [Character])?
    private(set) var queue: [(view: Int, operation: Operation)] = []

    init(text: String, views: Int) {
        self.text = Array(text)
        selections = Array(repeating: nil, count: views)
    }

    func makeSelection(_ lower: Int, _ upper: Int) -> Selection {
        if lower == upper {
            let point = track(Anchor(lower, .left))
            return Selection(start: point, end: point)
        }
        return Selection(start: track(Anchor(lower, .right)), end: track(Anchor(upper, .left)))
    }

    private func track(_ anchor: Anchor) -> Anchor {
        anchors.append(anchor)
        return anchor
    }

    /// Replaces a range and moves every anchor as the document does.
    private func replace(_ range: Range<Int>, with new: [Character]) {
        text.replaceSubrange(range, with: new)
        for anchor in anchors {
            if anchor.offset < range.lowerBound { continue }
            if anchor.offset > range.upperBound {
                anchor.offset += new.count - range.count
            } else if anchor.offset == range.upperBound, !range.isEmpty {
                anchor.offset = range.lowerBound + new.count
            } else {
                anchor.offset = anchor.bias == .left ? range.lowerBound : range.lowerBound + new.count
            }
        }
    }

    private func hasQueued(_ view: Int) -> Bool { queue.contains { $0.view == view } }
    private func mustQueue(_ view: Int) -> Bool { marked != nil && marked?.view != view }

    // MARK: Operations of a view

    func type(_ view: Int, _ piece: String) {
        if mustQueue(view) { queue.append((view, .type(piece))) } else { apply(view, .type(piece)) }
    }

    func backspace(_ view: Int) {
        if mustQueue(view) { queue.append((view, .backspace)) } else { apply(view, .backspace) }
    }

    func select(_ view: Int, _ lower: Int, _ upper: Int) {
        let selection = makeSelection(lower, upper)
        if mustQueue(view), hasQueued(view) {
            queue.append((view, .select(selection)))
        } else {
            apply(view, .select(selection))
        }
    }

    func replace(_ view: Int, _ lower: Int, _ upper: Int, with piece: String) {
        let range = makeSelection(lower, upper)
        if mustQueue(view) { queue.append((view, .replace(range, piece))) } else { apply(view, .replace(range, piece)) }
    }

    /// Sets marked text over the marked range, else the selection; the caret goes after it.
    func setMarked(_ view: Int, _ piece: String) {
        let new = Array(piece)
        let range = marked?.range.markedRange ?? selections[view]!.range
        let original = marked?.original ?? Array(text[range])
        if let marked, Array(text[marked.range.markedRange]) == new { return }
        if Array(text[range]) != new { replace(range, with: new) }
        // The document holds marked text by a left-biased start and a right-biased end.
        let markedRange = Selection(
            start: track(Anchor(range.lowerBound, .left)), end: track(Anchor(range.lowerBound + new.count, .right)))
        marked = (view, markedRange, original)
        selections[view] = makeSelection(range.lowerBound + new.count, range.lowerBound + new.count)
    }

    func commit() {
        marked = nil
        flush()
    }

    /// Puts back what the composition replaced (the composer's selection is set by the caller afterwards).
    func discard() {
        guard let current = marked else { return }
        marked = nil
        if Array(text[current.range.markedRange]) != current.original {
            replace(current.range.markedRange, with: current.original)
        }
        flush()
    }

    private func flush() {
        let pending = queue
        queue = []
        for (view, operation) in pending { apply(view, operation) }
    }

    private func apply(_ view: Int, _ operation: Operation) {
        switch operation {
        case .type(let piece):
            guard let range = selections[view]?.range else { return }
            replace(range, with: Array(piece))
            let caret = range.lowerBound + piece.count
            selections[view] = makeSelection(caret, caret)
        case .backspace:
            guard var range = selections[view]?.range else { return }
            if range.isEmpty {
                guard range.lowerBound > 0 else { return }
                range = (range.lowerBound - 1)..<range.lowerBound
            }
            replace(range, with: [])
            selections[view] = makeSelection(range.lowerBound, range.lowerBound)
        case .select(let selection):
            // Applied as a fresh selection over where its anchors are now.
            selections[view] = makeSelection(selection.range.lowerBound, selection.range.upperBound)
        case .replace(let target, let piece):
            replace(target.range, with: Array(piece))
        }
    }
}
