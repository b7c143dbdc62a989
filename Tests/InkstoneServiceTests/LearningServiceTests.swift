import InkstoneEngines
import InkstoneTestSupport
import InkstoneText
import Testing

@testable import InkstoneService

/// Learning through the service: sensitive fields learn nothing, the stores
/// are validated and all-or-nothing.
@Suite struct LearningServiceTests {
    @Test func aSensitiveContextsEngineGetsNoStoreAndOthersShareOne() throws {
        let service = InkstoneService()
        #expect(
            InputContext.learning(options: ContextOptions(), service: service).store(for: "japanese") == nil,
            "a service without stores learns nothing")
        service.userDictionaries = UserDictionaries(folder: try makeTemporaryDirectory(prefix: "inkstone-learn"))
        let plain = try ContextOptions.parse(strings: ["engine=direct"]) { _ in 0 }
        let sensitive = try ContextOptions.parse(strings: ["sensitive=true"]) { _ in 0 }
        #expect(!plain.sensitive && sensitive.sensitive)
        let store = try #require(InputContext.learning(options: plain, service: service).store(for: "japanese"))
        #expect(store === InputContext.learning(options: plain, service: service).store(for: "japanese"))
        #expect(InputContext.learning(options: sensitive, service: service).store(for: "japanese") == nil)
        #expect(InputContext.learning(options: sensitive, service: service).store(for: "pinyin") == nil)
        // Both kinds of context are made (the engine gets its provider at creation and on a switch).
        let context = try service.createContext(owner: ":1.1", options: sensitive)
        try context.setEngine("unicode")
        #expect(throws: InkstoneError.self) { try ContextOptions.parse(strings: ["sensitive=maybe"]) { _ in 0 } }
    }

    @Test func learnListForgetAndExportGoThroughTheNamedStore() throws {
        let service = InkstoneService()
        service.userDictionaries = UserDictionaries(folder: try makeTemporaryDirectory(prefix: "inkstone-learn"))
        try service.learn("漢字", for: "かんじ", in: "japanese")
        try service.learn("你好", for: "nihao", in: "pinyin")
        #expect(try service.learnedEntries("japanese").map(\.reading) == ["かんじ"])
        #expect(try service.exportLearned("pinyin").contains("nihao /你好/\n"))
        for call in [
            { try service.learn("x", for: "y", in: "klingon") },
            { try service.learn("x", for: "", in: "japanese") },
            { try service.forget("感じ", for: "かんじ", in: "japanese") },
        ] as [() throws -> Void] {
            #expect(throws: InkstoneError.self) { try call() }
        }
        #expect(try service.learnedEntries("japanese").map(\.texts) == [["漢字"]], "failed calls change nothing")
        try service.forget("漢字", for: "かんじ", in: "japanese")
        #expect(try service.learnedEntries("japanese").isEmpty)
        #expect(throws: InkstoneError.self) { try InkstoneService().learnedEntries("japanese") }
    }

    @Test func aStoreLargerThanOneReplyIsRefusedByName() throws {
        let service = InkstoneService()
        service.userDictionaries = UserDictionaries(folder: try makeTemporaryDirectory(prefix: "inkstone-learn"))
        for index in 0..<20 { try service.learn("text\(index)", for: "reading\(index)", in: "emoji") }
        service.limits.stringUTF8Bytes = 100
        for call in [{ _ = try service.exportLearned("emoji") }, { _ = try service.learnedEntries("emoji") }]
            as [() throws -> Void]
        {
            do {
                try call()
                Issue.record("a reply over the limit was sent")
            } catch let error as InkstoneError {
                #expect(error.code == .limitExceeded)
            }
        }
        service.limits.stringUTF8Bytes = 1 << 20
        #expect(try service.learnedEntries("emoji").count == 20)
    }
}
