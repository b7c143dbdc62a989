import InkstoneEngines
import PropertyBased
import Testing

@Suite struct CandidateListTests {
    static func list(_ count: Int, pageSize: Int = 9) -> CandidateList {
        CandidateList(items: (0..<count).map { Candidate(text: "c\($0)") }, pageSize: pageSize)
    }

    @Test func pagesHoldNineLabelledCandidatesAndTurn() {
        var list = Self.list(20)
        #expect(list.pageCount == 3)
        #expect(list.page.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        #expect(list.select(indexOnPage: 2)?.text == "c2")
        let movedToSecondPage = list.nextPage()
        #expect(movedToSecondPage)
        #expect(list.select(indexOnPage: 0)?.text == "c9")
        let movedToThirdPage = list.nextPage()
        #expect(movedToThirdPage)
        #expect(list.page.count == 2)
        #expect(!list.hasNext)
        let movedPastLastPage = list.nextPage()
        #expect(!movedPastLastPage)
        #expect(list.select(indexOnPage: 5) == nil)
        let movedBack = list.prevPage()
        #expect(movedBack)
        #expect(list.pageIndex == 1)
    }

    @Test func numberKeysPickOnTheVisiblePage() {
        var list = Self.list(20)
        list.nextPage()
        let digitThree = list.handle(KeyEvent(keysym: 0x33))
        #expect(digitThree == .picked(Candidate(text: "c11")))
        let escapeKey = list.handle(KeyEvent(keysym: Keysym.escape))
        #expect(escapeKey == .closed)
    }

    @Test func cursorStaysInsideTheListAndItsPageFollows() async {
        await propertyCheck(
            count: 200, input: Gen.int(in: 1...40), Gen.int(in: 1...10), Gen.int(in: -50...50).array(of: 0...20)
        ) { count, pageSize, moves in
            var list = Self.list(count, pageSize: pageSize)
            for move in moves {
                list.moveCursor(by: move)
                #expect(list.items.indices.contains(list.cursorIndex))
                #expect(list.page.contains { $0.isCursor && $0.candidate == list.cursorCandidate })
                #expect(list.hasNext == (list.pageIndex + 1 < list.pageCount))
            }
        }
    }

    /// Configured labels name the positions and pick with their keys; the page is no longer than the labels.
    @Test func configuredLabelsLabelAndPick() throws {
        var list = CandidateList(items: (0..<8).map { Candidate(text: "c\($0)") }, pageSize: 9, labels: "asdf")
        #expect(list.pageSize == 4)
        #expect(list.page.map(\.label) == ["a", "s", "d", "f"])
        #expect(list.handle(KeyEvent(keysym: 0x31)) == .notForList)
        #expect(list.handle(KeyEvent(keysym: 0x73)) == .picked(Candidate(text: "c1")))
    }
}
