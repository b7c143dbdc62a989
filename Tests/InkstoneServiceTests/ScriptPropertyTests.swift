import InkstoneEngines
import InkstoneService
import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random scripts of calls over several contexts (each in its own unit) on one
/// document, watched by a recording sink.
@Suite struct ScriptPropertyTests {
    static let keyNames = [
        "g", "k", "s", "r", "m", "f", "space", "BackSpace", "Hangul_Hanja", "1", "2", "Left", "Right", "Return",
        "Escape", "dead_acute", "e", "Multi_key", "o", "Page_Down", "Delete", "Home", "End", "shift+Left",
    ]
    static let engines = ["hangul", "compose", "hangul"]
    static let pieces = ["a", "é", "e\u{301}", "\u{301}", "👩‍👩‍👧", "\u{200D}", "🇫🇷", "한", "\r\n", "\n", "x", " "]

    /// One context's copy of the text, rebuilt only from its notifications:
    /// elements it knows (nil where text was inserted).
    struct Replica {
        var elements: [String?]
        var reportedSelection: (start: Int, length: Int) = (-1, 0)
    }

    @Test func notificationsReplayAndStayBalanced() async {
        await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            runScript(seed: seed, steps: 60)
        }
    }

    @Test func fixedSeedsReplay() {
        // 17_057_588_593_384_340_972: marked text that began with a joiner, replaced while
        // the tail moved into the rope, was measured from the joiner on.
        for seed: UInt64 in [1, 2, 3, 0xC0FFEE, 5_831_775_753_555_085_048, 17_057_588_593_384_340_972] {
            runScript(seed: seed, steps: 150)
        }
    }

    func runScript(seed: UInt64, steps: Int) {
        var rng = SplitMix64(seed: seed)
        let recorded = RecordedService()
        let service = recorded.service
        let units = OffsetUnit.allCases.shuffled(using: &rng).prefix(Int.random(in: 2...3, using: &rng))
        var firstOptions = contextOptions(unit: units.first ?? .utf16)
        firstOptions.engine = Self.engines[0]
        guard let first = try? service.createContext(owner: ":1.1", options: firstOptions)
        else {
            Issue.record("seed \(seed): could not create a context")
            return
        }
        var contexts = [first]
        for unit in units.dropFirst() {
            try? first.shared.share(with: ":1.\(contexts.count + 1)", caller: ":1.1")
            var options = contextOptions(unit: unit, document: first.shared)
            options.engine = Self.engines[contexts.count]
            guard let context = try? service.createContext(owner: ":1.\(contexts.count + 1)", options: options)
            else { continue }
            contexts.append(context)
        }
        #expect(contexts.count == units.count, "seed \(seed): a context could not attach")
        var replicas = contexts.map { _ in Replica(elements: []) }
        var history: [String] = []
        for step in 0..<steps {
            let actor = Int.random(in: 0..<contexts.count, using: &rng)
            let context = contexts[actor]
            let before = (
                text: context.view.text, revision: context.shared.document.revision,
                selection: context.view.selectedRange, marked: context.view.markedRange
            )
            recorded.sink.clear()
            let description = perform(on: context, rng: &rng)
            history.append(
                "\(actor): \(description) → \(context.view.text.debugDescription) sel \(String(describing: context.view.selectedRange))"
            )
            let place =
                "seed \(seed) step \(step) context \(actor) (\(context.unit)): \(description) after \(history.suffix(4))"
            if let error = description.error {
                #expect(context.view.text == before.text, "\(place) changed the text though it failed: \(error)")
                #expect(context.shared.document.revision == before.revision, "\(place) moved the revision: \(error)")
                #expect(context.view.selectedRange == before.selection, "\(place) moved the selection: \(error)")
                #expect(context.view.markedRange == before.marked, "\(place) moved the marked text: \(error)")
            }
            for (index, other) in contexts.enumerated() {
                checkReplayedNotifications(
                    other, replica: &replicas[index], sink: recorded.sink, place: "\(place) → context \(index)")
            }
        }
    }

    /// Checks one context after a call: balanced pairs, increasing revisions,
    /// replayed text, reported selection, selection bounds.
    func checkReplayedNotifications(_ context: InputContext, replica: inout Replica, sink: RecordingSink, place: String)
    {
        let unit = context.unit
        let notifications = sink.notifications(of: context)
        var index = 0
        var lastRevision: UInt64?
        while index < notifications.count {
            switch notifications[index] {
            case .textWillChange(let revision):
                guard index + 1 < notifications.count,
                    case .textDidChange(let newRevision, let start, let oldLength, let newLength, _) = notifications[
                        index + 1]
                else {
                    Issue.record("\(place): TextWillChange not followed by TextDidChange: \(notifications)")
                    return
                }
                #expect(newRevision == revision + 1, "\(place): will \(revision) did \(newRevision)")
                if let lastRevision { #expect(newRevision > lastRevision, "\(place): revisions go back") }
                lastRevision = newRevision
                guard start >= 0, oldLength >= 0, newLength >= 0, start + oldLength <= replica.elements.count else {
                    Issue.record(
                        "\(place): change (\(start), \(oldLength), \(newLength)) outside \(replica.elements.count)")
                    return
                }
                replica.elements.replaceSubrange(
                    start..<(start + oldLength), with: Array(repeating: nil, count: newLength))
                index += 2
            case .textDidChange:
                Issue.record("\(place): TextDidChange without TextWillChange: \(notifications)")
                return
            case .selectionWillChange:
                guard index + 1 < notifications.count,
                    case .selectionDidChange(let start, let length) = notifications[index + 1]
                else {
                    Issue.record("\(place): SelectionWillChange not followed by SelectionDidChange: \(notifications)")
                    return
                }
                replica.reportedSelection = (start, length)
                index += 2
            case .selectionDidChange:
                Issue.record("\(place): SelectionDidChange without SelectionWillChange: \(notifications)")
                return
            default:
                index += 1
            }
        }
        let actual = elements(of: context.view.text, in: unit)
        #expect(
            actual.count == replica.elements.count,
            "\(place): replayed length \(replica.elements.count), text has \(actual.count)")
        if actual.count == replica.elements.count {
            for (offset, known) in replica.elements.enumerated() {
                guard let known, known != actual[offset] else { continue }
                Issue.record(
                    "\(place): replayed \(unit) element \(offset) is \(known.debugDescription), text has \(actual[offset].debugDescription)"
                )
                break
            }
        }
        replica.elements = actual.map { $0 }
        let selection = context.view.selectedRange
        let reported = replica.reportedSelection
        #expect(
            reported.start == (selection?.start ?? -1) && reported.length == (selection?.length ?? 0),
            "\(place): reported selection \(reported), actual \(String(describing: selection))")
        if let selection, let marked = context.view.markedRange {
            // The composition cursor stays inside the marked range, widened to whole
            // graphemes (marked text may begin with a mark that joins the character before it).
            let lower = context.view.snap(marked.start, direction: .down)
            let upper = context.view.snap(marked.end, direction: .up)
            #expect(
                selection.start >= lower && selection.start + selection.length <= upper,
                "\(place): selection \(selection) outside the marked range \(marked) (widened \(lower)…\(upper))")
        } else if let selection {
            #expect(
                selection.start >= 0 && selection.length >= 0
                    && selection.start + selection.length <= context.view.length,
                "\(place): selection \(selection) outside 0…\(context.view.length)")
            #expect(
                (try? context.view.isGraphemeBoundary(selection.start)) == true,
                "\(place): selection start splits a grapheme")
            #expect(
                (try? context.view.isGraphemeBoundary(selection.start + selection.length)) == true,
                "\(place): selection end splits a grapheme")
        }
    }

    struct Step: CustomStringConvertible {
        var call: String
        var error: InkstoneError?
        var description: String { call + (error.map { " → \($0)" } ?? "") }
    }

    func perform(on context: InputContext, rng: inout SplitMix64) -> Step {
        func text() -> String {
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined()
        }
        func position() -> Int { Int.random(in: 0...max(0, context.view.length), using: &rng) }
        var call = ""
        let error = inkstoneError {
            switch Int.random(in: 0..<14, using: &rng) {
            case 11, 12, 13:
                let name = Self.keyNames.randomElement(using: &rng) ?? "a"
                call = "key(\(name))"
                _ = try context.processKey(try KeyEvent(keyString: name))
            case 0, 1:
                let inserted = text()
                call = "insertText(\(inserted.debugDescription))"
                _ = try context.insertText(inserted)
            case 2:
                call = "deleteBackward()"
                _ = try context.deleteBackward()
            case 3:
                let start = position()
                let length = Int.random(in: 0...max(0, context.view.length - start), using: &rng)
                call = "setSelectedRange(\(start), \(length))"
                try context.setSelectedRange(start: start, length: length)
            case 4, 5:
                let marked = text()
                let count = elements(of: marked, in: context.unit).count
                let selection = Int.random(in: 0...count, using: &rng)
                call = "setMarkedText(\(marked.debugDescription), \(selection), 0)"
                try context.setMarkedText(
                    marked, selectionStart: selection, selectionLength: 0, replacementStart: -1, replacementLength: 0)
            case 6:
                call = "unmarkText()"
                context.unmarkText()
            case 7:
                call = "discardMarkedText()"
                context.discardMarkedText()
            case 8:
                let start = position()
                let length = Int.random(in: 0...max(0, context.view.length - start), using: &rng)
                let replacement = text()
                let expected = Bool.random(using: &rng) ? 0 : context.shared.document.revision
                call = "replaceRange(\(start), \(length), \(replacement.debugDescription), \(expected))"
                _ = try context.replaceRange(
                    start: start, length: length, with: replacement, expectedRevision: expected)
            case 9:
                call = "undo()"
                try context.undo()
            default:
                call = Bool.random(using: &rng) ? "redo()" : "focusOut()"
                if call == "redo()" { try context.redo() } else { context.focusOut() }
            }
        }
        return Step(call: call, error: error)
    }
}
