import Testing

@testable import InkstoneEngines

/// Candidate texts are kept once each by their bytes.
@Suite struct PinyinTextKeyTests {
    @Test func aSetKeepsEachTextOnceByItsBytes() {
        let texts = ["中国", "中國", "中国", "zg", "zg", "", "中国人"]
        let kept = Set(texts.map { PinyinTextKey(text: $0) })
        #expect(kept.map(\.text).sorted() == ["", "zg", "中国", "中国人", "中國"])
        #expect(PinyinTextKey(text: "中国") == PinyinTextKey(text: String(decoding: Array("中国".utf8), as: UTF8.self)))
        #expect(PinyinTextKey(text: "中国") != PinyinTextKey(text: "中国人"))
    }
}
