import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Random scripts of edits and attribute changes on texts holding hundreds of
/// runs (many nodes of the attribute rope), checked after every step
/// against a reference model that keeps one attribute set per character.
@Suite("Attribute runs against a reference model")
struct AttributeModelPropertyTests {
    @Test func runsMatchTheModelOverRandomScripts() async {
        await propertyCheck(count: 2, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkScript(seed: seed)
        }
    }

    @Test func undoingEverythingRestoresTextAndRunsAndRedoingRestoresTheEnd() async {
        await propertyCheck(count: 3, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkUndoAll(seed: seed)
        }
    }

    /// Seeds that found faults. 12_217_168_838_153_712_564: undoing text that had joined two
    /// runs of one unsplittable value removed both runs.
    @Test func undoingEverythingWithFixedSeeds() throws {
        try Self.checkUndoAll(seed: 12_217_168_838_153_712_564)
    }

    /// The text and every run, in UTF-8.
    static func snapshot(_ document: Document) throws -> (text: String, runs: [AttributedRun]) {
        (document.text, try document.attributedRuns(start: 0, length: document.storage.utf8Count, in: .utf8))
    }

    /// Random scripts mixing text edits (replacements, typing with typing
    /// attributes, attributed pastes) and attribute changes (set, remove,
    /// toggle) on a text of many rope nodes: undoing every step restores the
    /// original text and runs, redoing every step the final ones.
    static func checkUndoAll(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let document = Document(
            text: String((0..<1_200).map { _ in alphabet[random.next(below: alphabet.count)] }))
        document.setAttributePolicy(AttributePolicy(inheritedByAddedText: false, splittable: false), for: "token")
        for index in stride(from: 0, to: document.storage.count(in: .graphemes), by: 3) {
            try document.setAttributes(["bold": .bool(true)], removing: [], start: index, length: 1, in: .graphemes)
        }
        for index in stride(from: 1, to: document.storage.count(in: .graphemes) - 4, by: 40) {
            try document.setAttributes(["token": .string("t")], removing: [], start: index, length: 4, in: .graphemes)
        }
        let view = document.makeView(
            unit: .graphemes, undo: UndoConfiguration(levelLimit: 100_000, utf8ByteLimit: 1 << 30))
        let original = try snapshot(document)
        for step in 0..<100 {
            let count = view.length
            let lower = random.next(below: count + 1)
            let upper = min(count, lower + random.next(below: 12))
            let text = String((0..<random.next(below: 4)).map { _ in alphabet[random.next(below: alphabet.count)] })
            let key = keys[random.next(below: keys.count)]
            let value = values[random.next(below: values.count)]
            switch random.next(below: 12) {
            case 0..<3:
                try view.replace(start: lower, length: upper - lower, with: text)
            case 3..<6:
                try view.setAttributes([key: value], removing: [], start: lower, length: upper - lower)
            case 6:
                try view.setAttributes([:], removing: [key], start: lower, length: upper - lower)
            case 7..<9:
                try view.setSelectedRange(start: lower, length: upper - lower)
                try view.toggleAttribute(key, value: value)
            case 9..<11:
                try view.setSelectedRange(start: lower, length: upper - lower)
                try view.setTypingAttributes([key: value])
                try view.insertText(text.isEmpty ? "q" : text)
            default:
                let runs =
                    text.isEmpty
                    ? [] : [AttributedRun(start: 0, length: 1, unit: .graphemes, attributes: [key: value])]
                try view.replace(start: lower, length: upper - lower, with: text, runs: runs)
            }
            #expect(document.invariantViolations() == [], "seed \(seed) step \(step)")
        }
        let final = try snapshot(document)
        var undone = 0
        while view.canUndo {
            try view.undo()
            undone += 1
        }
        #expect(undone > 50, "seed \(seed)")
        var restored = try snapshot(document)
        #expect(restored.text == original.text, "seed \(seed)")
        #expect(restored.runs == original.runs, "seed \(seed)")
        while view.canRedo { try view.redo() }
        restored = try snapshot(document)
        #expect(restored.text == final.text, "seed \(seed)")
        #expect(restored.runs == final.runs, "seed \(seed)")
        #expect(document.invariantViolations() == [], "seed \(seed)")
    }

    /// Characters that never join their neighbours into one grapheme cluster.
    static let alphabet: [Character] = ["a", "b", "c", " ", "é", "中", "😀", "\n", "z"]
    static let keys = ["bold", "italic", "link", "token", "size"]
    static let values: [AttributeValue] = [.bool(true), .int(3), .string("x"), .double(1.5)]

    static func checkScript(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var model = AttributeModel(text: String((0..<1_200).map { _ in alphabet[random.next(below: alphabet.count)] }))
        let document = Document(text: model.text)
        document.setAttributePolicy(AttributePolicy(inheritedByAddedText: false, splittable: false), for: "token")
        let view = document.makeView(unit: .utf8)
        // Many runs from the start: every third character bold.
        for index in stride(from: 0, to: model.cells.count, by: 3) {
            try apply(.set(["bold": .bool(true)], [], index..<index + 1), document, view, &model)
        }
        #expect(document.attributeRunCount > 300)
        for step in 0..<120 {
            let count = model.cells.count
            let lower = random.next(below: count + 1)
            let upper = min(count, lower + random.next(below: 12))
            let operation: AttributeModel.Operation
            switch random.next(below: 10) {
            case 0..<4:
                let text = String((0..<random.next(below: 4)).map { _ in alphabet[random.next(below: alphabet.count)] })
                operation = .replace(lower..<upper, text)
            case 4..<8:
                let key = keys[random.next(below: keys.count)]
                operation = .set([key: values[random.next(below: values.count)]], [], lower..<upper)
            default:
                operation = .set([:], [keys[random.next(below: keys.count)]], lower..<upper)
            }
            try apply(operation, document, view, &model)
            try compare(document, model, perKey: step % 10 == 0, "seed \(seed) step \(step) after \(operation)")
            #expect(document.invariantViolations() == [], "seed \(seed) step \(step)")
        }
        // The same runs read in graphemes and UTF-16.
        let graphemeRuns = try document.attributedRuns(start: 0, length: model.cells.count, in: .graphemes)
        #expect(graphemeRuns.map(\.attributes) == model.runs().map(\.attributes), "seed \(seed)")
        #expect(graphemeRuns.map(\.length) == model.runs().map(\.count), "seed \(seed)")
        let utf16Length = document.storage.count(in: .utf16)
        #expect(
            try document.attributedRuns(start: 0, length: utf16Length, in: .utf16).reduce(0) { $0 + $1.length }
                == utf16Length)
    }

    static func apply(
        _ operation: AttributeModel.Operation, _ document: Document, _ view: DocumentView, _ model: inout AttributeModel
    ) throws {
        let range = model.utf8Range(of: operation.range)
        switch operation {
        case .replace(_, let text):
            try view.replace(start: range.lowerBound, length: range.count, with: text)
        case .set(let set, let remove, _):
            try document.setAttributes(set, removing: remove, start: range.lowerBound, length: range.count, in: .utf8)
        }
        model.apply(operation)
    }

    static func compare(_ document: Document, _ model: AttributeModel, perKey: Bool, _ context: String) throws {
        #expect(document.text == model.text, "\(context)")
        let utf8Count = document.storage.utf8Count
        let runs = try document.attributedRuns(start: 0, length: utf8Count, in: .utf8)
        let expected = model.runs()
        #expect(runs.map(\.attributes) == expected.map(\.attributes), "\(context)")
        #expect(runs.map(\.length) == expected.map(\.utf8Count), "\(context)")
        // Per key: runs never overlap, lie inside the text and are coalesced.
        for key in keys where perKey {
            let keyRuns = try document.attributeRuns(key, start: 0, length: utf8Count, in: .utf8)
            for (previous, next) in zip(keyRuns, keyRuns.dropFirst()) {
                #expect(previous.start + previous.length <= next.start, "\(context) \(key) overlap")
                #expect(
                    previous.start + previous.length < next.start || previous.value != next.value,
                    "\(context) \(key) not coalesced")
            }
            #expect(
                keyRuns.allSatisfy { $0.length > 0 && $0.start >= 0 && $0.start + $0.length <= utf8Count }, "\(context)"
            )
        }
    }
}

/// One attribute set per character, edited the slow, obvious way.
struct AttributeModel {
    struct Cell {
        var character: Character
        var attributes: AttributeSet
    }

    enum Operation: CustomStringConvertible {
        case replace(Range<Int>, String)
        case set(AttributeSet, [String], Range<Int>)

        var range: Range<Int> {
            switch self {
            case .replace(let range, _), .set(_, _, let range): range
            }
        }

        var description: String {
            switch self {
            case .replace(let range, let text): "replace(\(range), \(text.debugDescription))"
            case .set(let set, let remove, let range): "set(\(set), removing: \(remove), \(range))"
            }
        }
    }

    var cells: [Cell]
    let inheritedByAddedText: Set<String> = ["bold", "italic", "size"]
    let unsplittable: Set<String> = ["token"]

    init(text: String) {
        cells = text.map { Cell(character: $0, attributes: [:]) }
    }

    var text: String { String(cells.map(\.character)) }

    func utf8Range(of range: Range<Int>) -> Range<Int> {
        let lower = cells[..<range.lowerBound].reduce(0) { $0 + $1.character.utf8.count }
        return lower..<lower + cells[range].reduce(0) { $0 + $1.character.utf8.count }
    }

    mutating func apply(_ operation: Operation) {
        switch operation {
        case .set(let set, let remove, let range):
            for index in range {
                for key in remove { cells[index].attributes[key] = nil }
                cells[index].attributes.merge(set) { _, new in new }
            }
        case .replace(let range, let text):
            removeCutTokens(range)
            var inherited =
                range.lowerBound > 0
                ? cells[range.lowerBound - 1].attributes
                : (cells.isEmpty ? [:] : cells[0].attributes)
            let following = range.upperBound < cells.count ? cells[range.upperBound].attributes : [:]
            for (key, value) in inherited where !inheritedByAddedText.contains(key) {
                if range.lowerBound == 0 || following[key] != value { inherited[key] = nil }
            }
            cells.replaceSubrange(range, with: text.map { Cell(character: $0, attributes: inherited) })
        }
    }

    /// Unsplittable runs an edit cuts lose their key over their whole extent.
    private mutating func removeCutTokens(_ range: Range<Int>) {
        var probes: [Int] = []
        if range.lowerBound < cells.count { probes.append(range.lowerBound) }
        if !range.isEmpty { probes.append(range.upperBound - 1) }
        for key in unsplittable {
            for probe in probes {
                guard let value = cells[probe].attributes[key] else { continue }
                var lower = probe
                var upper = probe + 1
                while lower > 0, cells[lower - 1].attributes[key] == value { lower -= 1 }
                while upper < cells.count, cells[upper].attributes[key] == value { upper += 1 }
                if !range.isEmpty || lower < range.lowerBound {
                    for index in lower..<upper { cells[index].attributes[key] = nil }
                }
            }
        }
    }

    /// Maximal stretches of equal attribute sets.
    func runs() -> [(count: Int, utf8Count: Int, attributes: AttributeSet)] {
        var result: [(count: Int, utf8Count: Int, attributes: AttributeSet)] = []
        for cell in cells {
            if let last = result.last, last.attributes == cell.attributes {
                result[result.count - 1].count += 1
                result[result.count - 1].utf8Count += cell.character.utf8.count
            } else {
                result.append((1, cell.character.utf8.count, cell.attributes))
            }
        }
        return result
    }
}
