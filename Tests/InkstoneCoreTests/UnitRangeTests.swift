import InkstoneCore
import Testing

@Suite("Unit ranges")
struct UnitRangeTests {
    @Test func theSameNumbersInDifferentUnitsAreDifferentRanges() {
        let utf16 = UnitRange(start: 3, length: 1, unit: .utf16)
        #expect(utf16 != UnitRange(start: 3, length: 1, unit: .utf8))
        #expect(utf16 == UnitRange(start: 3, length: 1, unit: .utf16))
        #expect(Set(OffsetUnit.allCases.map { UnitRange(start: 3, length: 1, unit: $0) }).count == 4)
    }

    @Test func endIsOnePastTheLastPositionAndEmptyMeansNoLength() {
        #expect(UnitRange(start: 4, length: 3, unit: .scalars).end == 7)
        #expect(UnitRange(start: 4, length: 0, unit: .scalars).isEmpty)
        #expect(!UnitRange(start: 4, length: 1, unit: .scalars).isEmpty)
        #expect(UnitRange(start: 4, length: 3, unit: .graphemes).description == "{4, 3}")
    }

    @Test func checkUnitAcceptsTheSameUnit() throws {
        try UnitRange(start: 0, length: 2, unit: .graphemes).checkUnit(.graphemes, what: "segment")
    }

    @Test func checkUnitRefusesAnotherUnitNamingBoth() {
        let error = #expect(throws: InkstoneError.self) {
            try UnitRange(start: 1, length: 2, unit: .utf8).checkUnit(.utf16, what: "segment")
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "segment {1, 2} counts in utf8, but this view counts in utf16")
    }
}
