import InkstoneEngines
import Testing

/// The in-memory reading table: merged rows, weight order, prefix queries.
@Suite struct ReadingTableTests {
    let table = SortedReadingTable(rows: [
        (reading: "かんじ", entry: DictionaryEntry(text: "漢字", weight: 5)),
        (reading: "かんじ", entry: DictionaryEntry(text: "幹事", annotation: "manager", weight: 9)),
        (reading: "かんじ", entry: DictionaryEntry(text: "漢字", weight: 7)),
        (reading: "かん", entry: DictionaryEntry(text: "缶", weight: 1)),
        (reading: "か", entry: DictionaryEntry(text: "蚊", weight: 1)),
        (reading: "き", entry: DictionaryEntry(text: "木", weight: 1)),
    ])

    @Test func rowsWithOneReadingMergeBestWeightFirst() {
        #expect(table.readingCount == 4)
        #expect(table.entries(for: "かんじ").map(\.text) == ["幹事", "漢字"])
        #expect(table.entries(for: "かんじ").first?.annotation == "manager")
        #expect(table.entries(for: "かんじ").last?.weight == 7)
        #expect(table.entries(for: "ない").isEmpty)
    }

    @Test func prefixQueriesFindReadingsInByteOrderUpToTheLimit() {
        #expect(table.readings(withPrefix: "か", limit: 10) == ["か", "かん", "かんじ"])
        #expect(table.readings(withPrefix: "か", limit: 2) == ["か", "かん"])
        #expect(table.readings(withPrefix: "く", limit: 10).isEmpty)
    }

    @Test func readingsPrefixingATextAreTheLatticeEdgesShortestFirst() {
        #expect(table.readings(prefixing: "かんじへ", maximumLength: 8) == ["か", "かん", "かんじ"])
        #expect(table.readings(prefixing: "かんじへ", maximumLength: 2) == ["か", "かん"])
    }
}
