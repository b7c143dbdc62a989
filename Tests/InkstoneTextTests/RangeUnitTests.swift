import InkstoneText
import Testing

/// Ranges a view takes must count in its unit; one in another unit is refused
/// before anything changes.
@Suite("Range units")
struct RangeUnitTests {
    @Test func reportedRangesCarryTheViewsUnit() throws {
        let document = Document(text: "a👍b")
        for unit in OffsetUnit.allCases {
            let view = document.makeView(unit: unit)
            try view.setSelectedRange(start: 1, length: 0)
            try view.setMarkedText("x", selectedStart: 1, selectedLength: 0)
            #expect(view.selectedRange?.unit == unit)
            #expect(view.markedRange?.unit == unit)
            #expect(view.markedSelection?.unit == unit)
            #expect(try view.graphemeRange(at: 0)?.unit == unit)
            view.discardMarkedText()
        }
    }

    @Test func aSegmentInAnotherUnitIsInvalidArgumentAndChangesNothing() throws {
        let document = Document(text: "ab")
        let view = document.makeView(unit: .utf16)
        try view.setSelectedRange(start: 1, length: 0)
        let kept = [MarkedSegment(range: UnitRange(start: 0, length: 1, unit: .utf16), style: .underline)]
        try view.setMarkedText("か", selectedStart: 1, selectedLength: 0, segments: kept)
        let revision = document.revision
        let error = #expect(throws: InkstoneError.self) {
            try view.setMarkedText(
                "かな", selectedStart: 2, selectedLength: 0,
                segments: [
                    MarkedSegment(range: UnitRange(start: 0, length: 6, unit: .utf8), style: .underline)
                ])
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("counts in utf8") == true)
        #expect(document.text == "aかb")
        #expect(document.revision == revision)
        #expect(view.markedText == "か")
        #expect(view.markedSegments == kept)
    }

    @Test func aReplaceAllRangeInAnotherUnitIsInvalidArgumentAndChangesNothing() throws {
        let document = Document(text: "a-b-c")
        let view = document.makeView(unit: .graphemes)
        let revision = document.revision
        let error = #expect(throws: InkstoneError.self) {
            try view.replaceAll(
                [
                    TextRange(start: 1, length: 1, unit: .graphemes), TextRange(start: 3, length: 1, unit: .scalars),
                ], with: "+")
        }
        #expect(error?.code == .invalidArgument)
        #expect(document.text == "a-b-c")
        #expect(document.revision == revision)
        #expect(view.undoLevelCount == 0)
    }
}
