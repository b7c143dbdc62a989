import InkstoneText

/// The buffer-model fuzz target: bytes become a script of edits, selections,
/// marked text, undo and document-level edits on one ``Document`` with several
/// views in different units; every invariant is checked after each step.
///
/// Checked after every step: each view's length equals the text measured in its
/// unit, reading the whole text back gives the text, selection and marked range
/// lie inside the text, marked text matches the text under its range, at most one
/// view composes and only then are edits queued, the revision never goes back
/// and moves whenever the text does, `position(from:offset:)` inverts
/// `offset(from:to:)`; and a call that throws changes nothing.
public enum TextFuzzer {
    /// Pieces of text that stress units and grapheme clusters.
    static let pieces: [String] = [
        "a", "b", "xyz", " ", "é", "e\u{301}", "\u{301}", "한", "\u{1100}\u{1161}\u{11A8}", "世界",
        "👩\u{200D}👩\u{200D}👧", "🇰🇷", "🇰", "\r\n", "\r", "\n", "𝄞", "\u{200D}", "\u{FEFF}",
        "Hello, world. Next sentence!", "", "ǅ", "ﬁ", "\u{0E01}\u{0E33}", "a\u{20DD}",
    ]

    /// Runs one input; throws the first broken invariant.
    public static func run(_ bytes: [UInt8], tolerance: FuzzTolerance = .fromEnvironment) throws(FuzzFailure) {
        var input = FuzzInput(bytes)
        var script = TextScript(tolerance: tolerance)
        var steps = 0
        while !input.isAtEnd, steps < 400 {
            steps += 1
            try script.step(&input)
        }
    }
}

/// The state of one buffer-model script.
struct TextScript {
    let document = Document(text: "")
    var views: [DocumentView]
    let tolerance: FuzzTolerance
    var lastRevision: UInt64 = 0
    var lastText = ""

    init(tolerance: FuzzTolerance) {
        self.tolerance = tolerance
        views = [
            document.makeView(unit: .utf16), document.makeView(unit: .utf8),
            document.makeView(unit: .scalars), document.makeView(unit: .graphemes),
        ]
        for view in views { _ = try? view.setSelectedRange(start: 0, length: 0) }
    }

    mutating func text(_ input: inout FuzzInput) -> String {
        switch input.choose(16) {
        case 0, 1: return String(decoding: input.bytes(upTo: 12), as: UTF8.self).replacingNUL()
        case 2: return String(repeating: input.pick(TextFuzzer.pieces), count: 1 + input.choose(16) * 64)
        default: return (0..<(1 + input.choose(3))).map { _ in input.pick(TextFuzzer.pieces) }.joined()
        }
    }

    /// Runs one operation, then checks the invariants.
    mutating func step(_ input: inout FuzzInput) throws(FuzzFailure) {
        let view = views[input.choose(views.count)]
        let length = view.length
        let before = Snapshot(document: document, views: views)
        var operation = ""
        var expectUnchangedOnError = true
        var roundTripFailure: String?
        do throws(InkstoneError) {
            switch input.choose(20) {
            case 0:
                let piece = text(&input)
                operation = "insertText(\(piece.debugDescription))"
                try view.insertText(piece, policy: input.flag() ? .queue : .failIfBusy)
            case 1:
                operation = "deleteBackward"
                try view.deleteBackward(policy: input.flag() ? .queue : .failIfBusy)
            case 2:
                let (start, count, piece) = (input.offset(near: length), input.offset(near: length), text(&input))
                let revision = input.flag() ? 0 : (input.flag() ? document.revision : UInt64(input.choose(8)))
                operation = "replace(\(start), \(count), \(piece.debugDescription), revision \(revision))"
                try view.replace(
                    start: start, length: count, with: piece, expectedRevision: revision,
                    registersUndo: input.flag(), policy: input.flag() ? .queue : .failIfBusy)
            case 3:
                let (start, count) = (input.offset(near: length), input.offset(near: length))
                operation = "setSelectedRange(\(start), \(count))"
                if tolerance.contains(.selectionOverflow), start.addingReportingOverflow(count).overflow { return }
                try view.setSelectedRange(start: start, length: count)
            case 4:
                let (anchor, head) = (input.offset(near: length), input.offset(near: length))
                operation = "setSelection(\(anchor), \(head))"
                try view.setSelection(anchor: anchor, head: head)
            case 5:
                operation = "clearSelection"
                try view.clearSelection()
            case 6:
                let piece = text(&input)
                let count = UnitCounts(of: piece)[view.unit]
                let (start, selected) = (input.offset(near: count), input.offset(near: count))
                let replacement: (Int?, Int?) =
                    input.flag() ? (nil, nil) : (input.offset(near: length), input.offset(near: length))
                var segments: [MarkedSegment] = []
                if input.flag() {
                    let range = UnitRange(
                        start: input.offset(near: count), length: input.offset(near: count), unit: view.unit)
                    segments.append(MarkedSegment(range: range, style: .underline))
                }
                operation =
                    "setMarkedText(\(piece.debugDescription), \(start), \(selected), \(replacement), \(segments.count) segments)"
                try view.setMarkedText(
                    piece, selectedStart: start, selectedLength: selected,
                    replacementStart: replacement.0, replacementLength: replacement.1, segments: segments)
            case 7:
                operation = "unmarkText"
                view.unmarkText()
            case 8:
                operation = "discardMarkedText"
                view.discardMarkedText()
            case 9:
                operation = "undo"
                expectUnchangedOnError = !tolerance.contains(.failedCallState)
                try view.undo()
            case 10:
                operation = "redo"
                expectUnchangedOnError = !tolerance.contains(.failedCallState)
                try view.redo()
            case 11:
                operation = "beginUndoGroup"
                view.beginUndoGroup()
            case 12:
                operation = "endUndoGroup"
                try view.endUndoGroup()
            case 13:
                let unit = input.pick(OffsetUnit.allCases)
                let documentLength = document.storage.count(in: unit)
                let (start, count, piece) = (
                    input.offset(near: documentLength), input.offset(near: documentLength), text(&input)
                )
                operation = "document.replace(\(start), \(count), \(unit), \(piece.debugDescription))"
                try document.replace(
                    start: start, length: count, in: unit, with: piece,
                    policy: input.flag() ? .queue : .failIfBusy)
            case 14:
                let (start, count) = (input.offset(near: length), input.offset(near: length))
                operation = "setAttribute(\(start), \(count))"
                try document.setAttribute(
                    input.pick(["lang", "link", "spell"]),
                    value: input.flag() ? nil : input.pick([.string("v\(input.choose(3))"), .bool(true), .int(7)]),
                    start: start, length: count, in: view.unit)
                _ = try document.attributes(at: input.offset(near: length), in: view.unit)
            case 15 where views.count < 6:
                operation = "makeView"
                let added = document.makeView(unit: input.pick(OffsetUnit.allCases))
                if input.flag() { _ = try? added.setSelectedRange(start: 0, length: 0) }
                views.append(added)
            case 16 where views.count > 1:
                operation = "dropView"
                views.remove(at: input.choose(views.count))
            case 17:
                let ranges = (0..<input.choose(4)).map { _ in
                    TextRange(start: input.offset(near: length), length: input.choose(4), unit: view.unit)
                }
                let piece = text(&input)
                operation = "replaceAll(\(ranges), \(piece.debugDescription))"
                try view.replaceAll(ranges, with: piece, policy: input.flag() ? .queue : .failIfBusy)
            case 18:
                operation = "graphemes"
                let position = input.offset(near: length)
                _ = try view.graphemeRange(at: position)
                _ = try view.graphemeBoundary(after: position)
                _ = try view.graphemeBoundary(before: position)
            default:
                operation = "round trip"
                let a = view.snap(
                    input.offset(near: length), direction: input.flag() ? .up : .down, toGraphemeBoundary: input.flag())
                let b = view.snap(
                    input.offset(near: length), direction: input.flag() ? .up : .down, toGraphemeBoundary: input.flag())
                let distance = try view.offset(from: a, to: b)
                let back = try view.position(from: a, offset: distance)
                if back != b {
                    roundTripFailure = "\(view.unit): position(from: \(a), offset: \(distance)) = \(back), not \(b)"
                }
            }
        } catch {
            if expectUnchangedOnError {
                let after = Snapshot(document: document, views: views)
                try check(
                    after == before,
                    "\(operation) failed (\(error)) but changed state:\n  before \(before)\n  after  \(after)")
            }
        }
        if let roundTripFailure { throw FuzzFailure(roundTripFailure) }
        try checkInvariants(after: operation)
    }

    /// Every invariant that holds between calls.
    mutating func checkInvariants(after operation: String) throws(FuzzFailure) {
        let text = document.text
        let counts = UnitCounts(of: text)
        try check(
            document.revision >= lastRevision,
            "after \(operation): revision went back from \(lastRevision) to \(document.revision)")
        try check(
            text == lastText || document.revision > lastRevision,
            "after \(operation): the text changed but the revision stayed at \(document.revision)")
        lastRevision = document.revision
        lastText = text
        var composing: [ViewID] = []
        for view in views {
            let place = "after \(operation), view \(view.id) (\(view.unit))"
            try check(
                view.length == counts[view.unit], "\(place): length \(view.length), the text has \(counts[view.unit])")
            let whole = try? view.text(start: 0, length: view.length)
            try check(whole == text, "\(place): reading the whole text gave \(whole.debugDescription)")
            if let range = view.selectedRange {
                try check(
                    range.start >= 0 && range.length >= 0 && range.end <= view.length,
                    "\(place): selection \(range) outside 0...\(view.length)")
            }
            try check(
                (view.markedRange == nil) == (view.markedText == nil),
                "\(place): marked range \(String(describing: view.markedRange)) but marked text \(view.markedText.debugDescription)"
            )
            if let range = view.markedRange, let marked = view.markedText {
                composing.append(view.id)
                try check(
                    range.start >= 0 && range.end <= view.length, "\(place): marked range \(range) outside the text")
                let under = try? view.text(start: range.start, length: range.length)
                // In graphemes the range covers whole clusters (documented for MarkedRange):
                // marks after the marked text that join its last cluster are inside it, and so
                // is the cluster before it that the marked text's first marks join.
                let merged =
                    view.unit == .graphemes
                    && under.map { text in
                        text.count == marked.count
                            && (text.unicodeScalars.starts(with: marked.unicodeScalars)
                                || text.unicodeScalars.reversed().starts(with: marked.unicodeScalars.reversed()))
                    } == true
                try check(
                    under == marked || merged,
                    "\(place): marked text \(marked.debugDescription) but the text under \(range) is \(under.debugDescription)"
                )
            }
        }
        try check(composing.count <= 1, "after \(operation): several views compose: \(composing)")
        if let composer = composing.first {
            try check(
                document.composingViewID == composer,
                "after \(operation): \(composer) composes but the document names \(String(describing: document.composingViewID))"
            )
        }
        if !document.isComposing {
            try check(
                document.queuedTickets.isEmpty,
                "after \(operation): \(document.queuedTickets.count) edits queued with no composition")
        }
    }
}

/// What a failed call must leave as it was.
struct Snapshot: Equatable, CustomStringConvertible {
    struct View: Equatable {
        var selection: TextSelection?
        var markedRange: TextRange?
        var markedText: String?
        var canUndo: Bool
        var canRedo: Bool
    }

    var text: String
    var revision: UInt64
    var queued: Int
    var views: [View]

    init(document: Document, views: [DocumentView]) {
        text = document.text
        revision = document.revision
        queued = document.queuedTickets.count
        self.views = views.map {
            View(
                selection: $0.selection, markedRange: $0.markedRange, markedText: $0.markedText,
                canUndo: $0.canUndo, canRedo: $0.canRedo)
        }
    }

    var description: String {
        "revision \(revision), \(text.utf8.count) bytes, \(queued) queued, views "
            + views.map {
                "[sel \($0.selection.map { "\($0.anchor)→\($0.head)" } ?? "none"), marked \($0.markedRange?.description ?? "none"), undo \($0.canUndo)/\($0.canRedo)]"
            }.joined(separator: " ")
    }
}

extension String {
    /// The string with U+0000 replaced by U+FFFD (D-Bus strings cannot carry NUL).
    func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
