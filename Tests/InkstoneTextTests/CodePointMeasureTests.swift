import InkstoneText
import Testing

/// A document that measures its edits in UTF-8 and code points only gives the same
/// measures in those units as any document, and every unit again while a view in
/// another unit, or an observer, is there.
@Suite struct CodePointMeasureTests {
    /// Types `text` at the end of the view's document and returns the edit's record.
    private func type(_ text: String, through view: DocumentView) throws -> ChangeRecord {
        try view.setSelectedRange(start: view.length, length: 0)
        return try #require(try view.insertText(text).changeRecords.first)
    }

    @Test func recordsMatchInCodePointsAndEveryUnitComesBackWithAViewOrAnObserver() throws {
        let narrow = Document(text: "한글 e")
        narrow.measuresCodePointsOnly = true
        let full = Document(text: "한글 e")
        let narrowView = narrow.makeView(unit: .scalars)
        let fullView = full.makeView(unit: .scalars)
        // A combining mark joins the "e" before it (a widened range in graphemes).
        let measured = try type("\u{301}", through: narrowView)
        let reference = try type("\u{301}", through: fullView)
        #expect(!measured.isMeasuredInEveryUnit && reference.isMeasuredInEveryUnit)
        for unit in [OffsetUnit.utf8, .scalars] {
            #expect(measured.start(in: unit) == reference.start(in: unit))
            #expect(measured.oldLength(in: unit) == reference.oldLength(in: unit))
            #expect(measured.newLength(in: unit) == reference.newLength(in: unit))
            #expect(measured.newText(in: unit) == reference.newText(in: unit))
        }
        // While a view in graphemes is open, edits are measured in every unit, as anywhere.
        do {
            let graphemeView = narrow.makeView(unit: .graphemes)
            let withView = try type("x\u{301}", through: narrowView)
            #expect(withView == (try type("x\u{301}", through: fullView)))
            #expect(withView.start(in: .graphemes) == 4 && withView.newLength(in: .graphemes) == 1)
            withExtendedLifetime(graphemeView) {}
        }
        // Once it is gone, code points only again; an observer brings every unit back.
        #expect(!(try type("y", through: narrowView)).isMeasuredInEveryUnit)
        var observed: [ChangeRecord] = []
        let token = narrow.addObserver { if let record = $0.changeRecord { observed.append(record) } }
        let whileObserved = try type("z", through: narrowView)
        #expect(whileObserved.isMeasuredInEveryUnit && observed == [whileObserved])
        #expect(whileObserved.start(in: .utf16) == 8 && whileObserved.start(in: .graphemes) == 6)
        narrow.removeObserver(token)
        #expect(narrow.text == "한글 é" + "x\u{301}yz")
    }
}
