import InkstoneText
import Testing

@Suite("Offsets in every unit")
struct OffsetTests {
    /// "naïve 👩‍👩‍👧 café" with precomposed ï and é.
    static let sample = "na\u{EF}ve \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} caf\u{E9}"

    @Test func lengthsInEveryUnit() {
        let storage = TextStorage(Self.sample)
        #expect(storage.count(in: .graphemes) == 12)
        #expect(storage.count(in: .scalars) == 16)
        #expect(storage.count(in: .utf16) == 19)
        #expect(storage.count(in: .utf8) == 31)
    }

    @Test(arguments: [
        // (graphemes, scalars, utf16, utf8): start of the family, after it, start of "café", the end.
        [6, 6, 6, 7], [7, 11, 14, 25], [8, 12, 15, 26], [12, 16, 19, 31], [3, 3, 3, 4],
    ])
    func sameBoundaryInEveryUnit(offsets: [Int]) throws {
        let storage = TextStorage(Self.sample)
        let units: [OffsetUnit] = [.graphemes, .scalars, .utf16, .utf8]
        for (unit, offset) in zip(units, offsets) {
            let utf8Offset = try storage.utf8Offset(of: offset, in: unit, requireGraphemeBoundary: true)
            #expect(utf8Offset == offsets[3], "\(unit) \(offset)")
            for (other, expected) in zip(units, offsets) {
                #expect(try storage.convert(offset, from: unit, to: other) == expected, "\(unit) → \(other)")
            }
        }
    }

    @Test func textOfRangesInEveryUnit() throws {
        let document = Document(text: Self.sample)
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let ranges: [OffsetUnit: TextRange] = [
            .graphemes: TextRange(start: 6, length: 1, unit: .graphemes),
            .scalars: TextRange(start: 6, length: 5, unit: .scalars),
            .utf16: TextRange(start: 6, length: 8, unit: .utf16), .utf8: TextRange(start: 7, length: 18, unit: .utf8),
        ]
        for (unit, range) in ranges {
            let view = document.makeView(unit: unit)
            #expect(try view.text(start: range.start, length: range.length) == family)
            #expect(try view.graphemeRange(at: range.start) == range)
        }
    }

    @Test func surrogateSplitIsInvalidRange() throws {
        let document = Document(text: Self.sample)
        let view = document.makeView(unit: .utf16)
        let error = #expect(throws: InkstoneError.self) { try view.replace(start: 7, length: 0, with: "x") }
        #expect(error?.code == .invalidRange)
        #expect(error?.message.contains("surrogate") == true)
        #expect(throws: InkstoneError.self) { try view.text(start: 0, length: 7) }
        #expect(throws: InkstoneError.self) { try view.setSelectedRange(start: 7, length: 0) }
        #expect(document.text == Self.sample)
        #expect(document.revision == 0)
    }

    @Test func utf8SplitIsInvalidRange() {
        let document = Document(text: Self.sample)
        let view = document.makeView(unit: .utf8)
        let error = #expect(throws: InkstoneError.self) { try view.replace(start: 3, length: 1, with: "i") }
        #expect(error?.code == .invalidRange)
        #expect(error?.message.contains("UTF-8") == true)
        #expect(document.text == Self.sample)
    }

    @Test func graphemeSplitIsInvalidRangeForEditsOnly() throws {
        let document = Document(text: Self.sample)
        let view = document.makeView(unit: .utf16)
        // 8 is between the first woman and the ZWJ: a code-point boundary inside the cluster.
        let error = #expect(throws: InkstoneError.self) { try view.replace(start: 8, length: 0, with: "x") }
        #expect(error?.code == .invalidRange)
        #expect(error?.message.contains("grapheme") == true)
        #expect(try view.text(start: 6, length: 2) == "\u{1F469}")
        #expect(try view.isGraphemeBoundary(8) == false)
        #expect(document.text == Self.sample)
        #expect(document.revision == 0)
    }

    @Test func negativeAndPastEndAreInvalidRangeNamingBounds() {
        let document = Document(text: Self.sample)
        let view = document.makeView(unit: .utf16)
        let negative = #expect(throws: InkstoneError.self) { try view.replace(start: -1, length: 0, with: "x") }
        #expect(negative?.code == .invalidRange)
        #expect(negative?.message == "start -1 is outside the text: valid utf16 offsets are 0...19")
        let pastEnd = #expect(throws: InkstoneError.self) { try view.replace(start: 18, length: 2, with: "x") }
        #expect(pastEnd?.message == "end 20 is outside the text: valid utf16 offsets are 0...19")
        let negativeLength = #expect(throws: InkstoneError.self) { try view.replace(start: 2, length: -1, with: "x") }
        #expect(negativeLength?.code == .invalidRange)
        #expect(negativeLength?.message.contains("-1") == true)
        #expect(throws: InkstoneError.self) { try view.position(from: 18, offset: 2) }
        #expect(document.text == Self.sample)
        #expect(document.revision == 0)
    }

    @Test func snappingRoundsToBoundaries() {
        let storage = TextStorage(Self.sample)
        #expect(storage.snap(7, in: .utf16, direction: .down) == 6)
        #expect(storage.snap(7, in: .utf16, direction: .up) == 8)
        #expect(storage.snap(8, in: .utf16, direction: .up, toGraphemeBoundary: true) == 14)
        #expect(storage.snap(8, in: .utf16, direction: .down, toGraphemeBoundary: true) == 6)
        #expect(storage.snap(3, in: .utf8, direction: .down) == 2)
        #expect(storage.snap(3, in: .utf8, direction: .up) == 4)
        #expect(storage.snap(-5, in: .utf8, direction: .up) == 0)
        #expect(storage.snap(99, in: .graphemes, direction: .down) == 12)
    }

    @Test func positionAndOffsetAgree() throws {
        let document = Document(text: Self.sample)
        for unit in OffsetUnit.allCases {
            let view = document.makeView(unit: unit)
            let valid = (0...view.length).filter { (try? view.isGraphemeBoundary($0)) != nil }
            for a in valid {
                for b in valid {
                    #expect(try view.position(from: a, offset: view.offset(from: a, to: b)) == b)
                }
            }
        }
    }

    @Test func graphemeBoundariesStepOverWholeClusters() throws {
        let view = Document(text: Self.sample).makeView(unit: .utf16)
        #expect(try view.graphemeBoundary(after: 6) == 14)
        #expect(try view.graphemeBoundary(before: 14) == 6)
        #expect(try view.graphemeBoundary(before: 8) == 6)
        #expect(try view.graphemeBoundary(after: 19) == nil)
        #expect(try view.graphemeBoundary(before: 0) == nil)
    }

    /// Every code-point boundary of a text ending in clusters, surrogate pairs and combining
    /// marks (its last bytes are counted back from the end) converts as the flat string counts
    /// it; in graphemes an offset inside a cluster counts the clusters before it.
    @Test func everyScalarBoundaryConvertsAsTheFlatStringCounts() {
        let text = Self.sample + " \u{1F600}e\u{301}\u{1F1EF}\u{1F1F5}x\u{301}"
        let storage = TextStorage(text)
        // The UTF-8 offset at which each grapheme cluster ends.
        var clusterEnds: [Int] = []
        for character in text { clusterEnds.append((clusterEnds.last ?? 0) + character.utf8.count) }
        var utf8Offset = 0
        var scalars = 0
        var utf16 = 0
        for scalar in text.unicodeScalars + ["\u{0}"] {
            let graphemes = clusterEnds.filter { $0 <= utf8Offset }.count
            #expect(storage.offset(ofUTF8: utf8Offset, in: .scalars) == scalars, "scalars at \(utf8Offset)")
            #expect(storage.offset(ofUTF8: utf8Offset, in: .utf16) == utf16, "UTF-16 at \(utf8Offset)")
            #expect(storage.offset(ofUTF8: utf8Offset, in: .graphemes) == graphemes, "graphemes at \(utf8Offset)")
            #expect(storage.offset(ofUTF8: utf8Offset, in: .utf8) == utf8Offset)
            utf8Offset += scalar.utf8.count
            utf16 += scalar.utf16.count
            scalars += 1
        }
    }

    /// A replacement that extends the text it replaces (here with combining marks that join
    /// the replaced letter's cluster) leaves the same text, and the same counts, as any other.
    @Test func replacementExtendingTheReplacedTextJoinsItsClusters() throws {
        let document = Document(text: "cafe")
        let view = document.makeView(unit: .scalars)
        try view.replace(start: 3, length: 1, with: "e\u{301}\u{302}")
        #expect(document.text == "cafe\u{301}\u{302}")
        #expect(document.storage.count(in: .graphemes) == 4)
        #expect(document.storage.count(in: .scalars) == 6)
        try view.replace(start: 0, length: 2, with: "caffeine ")
        #expect(document.text == "caffeine fe\u{301}\u{302}")
        #expect(document.storage.count(in: .graphemes) == 11)
        #expect(try view.graphemeRange(at: 10) == TextRange(start: 10, length: 3, unit: .scalars))
    }
}
