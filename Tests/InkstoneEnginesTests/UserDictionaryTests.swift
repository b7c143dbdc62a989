import Dispatch
import Glibc
import InkstoneEngines
import InkstoneTestSupport
import InkstoneText
import Testing

/// The durable learning store: order, persistence, the journal, damaged and
/// foreign files, limits and validation.
@Suite struct UserDictionaryTests {
    let folder: String
    let log = LogLines()

    init() throws { folder = try makeTemporaryDirectory(prefix: "inkstone-learn") }

    func open(_ limits: LearningLimits = LearningLimits()) -> UserDictionary {
        UserDictionary(name: "japanese", folder: folder, limits: limits, log: log.sink)
    }

    var file: String { folder + "/japanese.jisyo" }
    var journal: String { file + ".journal" }

    @Test func choicesComeFirstMostRecentFirstAndNewWordsJoinTheCandidates() {
        let store = open()
        store.record("感じ", for: "かんじ")
        store.record("漢字", for: "かんじ")
        store.record("幹事", for: "かんじ")
        store.record("漢字", for: "かんじ")
        #expect(store.learned(for: "かんじ") == ["漢字", "幹事", "感じ"])
        let dictionary = [DictionaryEntry(text: "感じ"), DictionaryEntry(text: "監事"), DictionaryEntry(text: "漢字")]
        store.record("寛治", for: "かんじ")
        #expect(store.ranked(dictionary, for: "かんじ").map(\.text) == ["寛治", "漢字", "幹事", "感じ", "監事"])
        #expect(store.ranked(dictionary, for: "ない").map(\.text) == ["感じ", "監事", "漢字"])
    }

    @Test func aTextIsReadBackAsTheReadingItWasLastChosenFor() throws {
        let store = open()
        #expect(store.reading(of: "今日") == nil)
        store.record("今日", for: "きょう")
        store.record("今日", for: "こんにち")
        store.record("京", for: "きょう")
        // First for こんにち, second for the more recent きょう.
        #expect(store.reading(of: "今日") == "こんにち")
        #expect(store.reading(of: "京") == "きょう")
        try store.forget("今日", for: "こんにち")
        #expect(store.reading(of: "今日") == "きょう")
    }

    @Test func whatIsLearntIsReplayedFromTheJournalOnReopen() throws {
        do {
            let first = open()
            first.record("漢字", for: "かんじ")
            first.record("木", for: "き")
            first.record("書", for: "かk")
            try first.forget("木", for: "き")
            first.record("気", for: "き")
        }
        // The first store never rewrote its file (as after a crash): the second replays the journal.
        let second = open()
        #expect(second.entries.map(\.reading) == ["き", "かk", "かんじ"])
        #expect(second.learned(for: "き") == ["気"])
        let text = try #require(readBytes(file).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains(";; okuri-ari entries.\nかk /書/\n;; okuri-nasi entries.\nき /気/\nかんじ /漢字/\n"))
        #expect(readBytes(journal) == [], "opening folds the journal into the file")
        #expect(log.all.isEmpty)
    }

    @Test func theFileIsRewrittenEveryCompactionAndTheJournalStaysShort() throws {
        do {
            let store = open()
            for index in 0..<(UserDictionary.compactionLines + 10) { store.record("t\(index)", for: "r\(index)") }
            let lines = try #require(readBytes(journal)).filter { $0 == UInt8(ascii: "\n") }.count
            #expect(lines == 10)
        }
        let reopened = open()
        #expect(reopened.entries.count == UserDictionary.compactionLines + 10)
        #expect(reopened.entries.first?.reading == "r\(UserDictionary.compactionLines + 9)")
    }

    @Test func aTornOrBitFlippedJournalTailLosesOnlyThatLine() throws {
        do {
            let first = open()
            first.record("一", for: "いち")
            first.record("二", for: "に")
            first.record("三", for: "さん")
        }
        let intact = try #require(readBytes(journal))
        // A torn write: half of a line, no newline.
        try writeBytes(journal, intact + Array(intact.suffix(20).prefix(12)))
        #expect(open().entries.map(\.reading) == ["さん", "に", "いち"])
        #expect(log.all.contains { $0.contains("1 damaged line(s) skipped") })

        do {
            let second = open()
            second.record("四", for: "よん")
            second.record("五", for: "ご")
        }
        var flipped = try #require(readBytes(journal))
        flipped[flipped.count - 4] ^= 0x01
        try writeBytes(journal, flipped)
        let third = open()
        #expect(third.entries.map(\.reading) == ["よん", "さん", "に", "いち"], "the flipped line (ご) alone is lost")
        #expect(folderNames(folder).allSatisfy { !$0.contains("unreadable") })
    }

    @Test(arguments: [
        ("binary", Array("\u{0}\u{1}\u{2}binary".utf8)),
        ("foreign text", Array("hello world\nthis is not a dictionary\n".utf8)),
        ("invalid bytes", [0xff, 0xfe, 0xfd, 0x80, 0x0a]),
    ])
    func aForeignOrCorruptFileIsSetAsideNeverOverwritten(what: String, bytes: [UInt8]) throws {
        try writeBytes(file, bytes)
        do {
            let store = open()
            #expect(store.entries.isEmpty)
            store.record("漢字", for: "かんじ")
        }
        let aside = try #require(folderNames(folder).first { $0.hasPrefix("japanese.jisyo.unreadable-") }, "\(what)")
        #expect(readBytes(folder + "/" + aside) == bytes, "the original bytes are kept")
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("is not a user dictionary") == true)
        #expect(log.all.first?.contains(aside) == true)
        #expect(open().learned(for: "かんじ") == ["漢字"], "the store keeps working")
    }

    @Test func skkFilesAreReadInUTF8OrEUCJPWithAnnotationsAndOkuriBlocksDropped() throws {
        // ";; okuri-nasi entries.\nかんじ /漢字/感じ;feeling/\n" in EUC-JP.
        let eucJP: [UInt8] =
            Array(";; okuri-nasi entries.\n".utf8)
            + [0xa4, 0xab, 0xa4, 0xf3, 0xa4, 0xb8] + Array(" /".utf8) + [0xb4, 0xc1, 0xbb, 0xfa] + Array("/".utf8)
            + [0xb4, 0xb6, 0xa4, 0xb8] + Array(";feeling/\n".utf8)
        try writeBytes(file, eucJP)
        #expect(open().learned(for: "かんじ") == ["漢字", "感じ"])
        let rewritten = try #require(readBytes(file))
        #expect(String(validating: rewritten, as: UTF8.self)?.contains("かんじ /漢字/感じ/") == true, "rewritten as UTF-8")

        try writeFile(
            file, ";; okuri-ari entries.\nかk /書/[く/書/]/掛/\n;; okuri-nasi entries.\nand /(concat \"and\\057or\")/x/\n")
        let store = open()
        #expect(store.learned(for: "かk") == ["書", "掛"])
        #expect(store.learned(for: "and") == ["and/or", "x"])
    }

    @Test(arguments: ["and/or", "a;b", "(paren", "[bracket", "quote\"back\\slash", "two\nlines", "tab\there"])
    func textsWithSKKSpecialCharactersRoundTrip(text: String) throws {
        open().record(text, for: "よみ")
        let reopened = open()
        #expect(reopened.learned(for: "よみ") == [text])
        let exported = reopened.exported()
        #expect(exported.split(separator: "\n").allSatisfy { $0.hasPrefix(";;") || $0.hasSuffix("/") })
    }

    @Test func theOldestReadingsAndCandidatesAreDroppedAtTheLimits() {
        var limits = LearningLimits()
        limits.maximumReadings = 3
        limits.maximumCandidates = 2
        do {
            let store = open(limits)
            for reading in ["a", "b", "c", "d"] { store.record("x", for: reading) }
            store.record("x", for: "b")
            store.record("y", for: "e")
            #expect(store.entries.map(\.reading) == ["e", "b", "d"])
            for text in ["1", "2", "3"] { store.record(text, for: "e") }
            #expect(store.learned(for: "e") == ["3", "2"])
        }
        #expect(open(limits).entries.map(\.reading) == ["e", "b", "d"], "the bounds hold after a reopen")
    }

    @Test func badReadingsAndTextsAreRefusedAndChangeNothing() throws {
        let store = open()
        store.record("漢字", for: "かんじ")
        let before = readBytes(journal)
        let long = String(repeating: "あ", count: 86)
        let cases: [(String, String, InkstoneError.Code)] = [
            ("", "x", .invalidArgument), ("x", "", .invalidArgument), ("a b", "x", .invalidArgument),
            ("a/b", "x", .invalidArgument), ("a;b", "x", .invalidArgument), ("a\u{0}", "x", .invalidArgument),
            ("x", "a\u{0}b", .invalidArgument), (long, "x", .limitExceeded), ("x", long, .limitExceeded),
        ]
        for (reading, text, code) in cases {
            do {
                try store.learn(text, for: reading)
                Issue.record("\(reading.debugDescription) \(text.debugDescription) was accepted")
            } catch {
                #expect(error.code == code, "\(reading.debugDescription) \(text.debugDescription)")
            }
        }
        do {
            try store.forget("感じ", for: "かんじ")
            Issue.record("forgetting what was not learnt succeeded")
        } catch {
            #expect(error.code == .unknownObject)
        }
        #expect(readBytes(journal) == before)
        #expect(store.entries.map(\.reading) == ["かんじ"])
        #expect(store.learned(for: "かんじ") == ["漢字"])
    }

    @Test func anUnwritableFolderKeepsLearningInMemoryWithALogLine() throws {
        try writeFile(folder + "/file", "x")
        let store = UserDictionary(name: "pinyin", folder: folder + "/file/inkstone", log: log.sink)
        #expect(store.path == nil)
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("kept in memory only") == true)
        try store.learn("你好", for: "nihao")
        #expect(store.learned(for: "nihao") == ["你好"])
    }

    @Test func aSecondProcessOnTheSameStoreKeepsItsLearningInMemory() throws {
        let first = open()
        first.record("漢字", for: "かんじ")
        let second = open()
        #expect(second.path == nil)
        #expect(second.entries.isEmpty)
        #expect(log.all.contains { $0.contains("another process is using") })
        second.record("感じ", for: "かんじ")
        withExtendedLifetime(first) {
            #expect(first.learned(for: "かんじ") == ["漢字"])
        }
        #expect(readBytes(journal).map { String(decoding: $0, as: UTF8.self).contains("感じ") } == false)
    }

    @Test func concurrentChoicesAreAllKept() {
        do {
            let store = open()
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<150 { store.record("t\(index)", for: "r\(thread)-\(index)") }
            }
            #expect(store.entries.count == 600)
        }
        #expect(reopenedAfterForks().entries.count == 600)
    }

    /// The store opened again once its journal's lock is free. Other tests of this process
    /// start programs; a child forked while the store was open shares the journal's open file
    /// (and so its `flock`) until it execs, for a moment (longer on a loaded machine).
    private func reopenedAfterForks() -> UserDictionary {
        for _ in 0..<500 {
            let store = open()
            if store.path != nil { return store }
            usleep(10_000)
        }
        return open()
    }

    @Test func theRegistryOpensOneStorePerKnownNameAndRefusesOthers() throws {
        let stores = UserDictionaries(folder: folder, log: log.sink)
        #expect(try stores.dictionary("pinyin") === stores.dictionary("pinyin"))
        #expect(stores.provider.store(for: "japanese") === (try stores.dictionary("japanese")))
        #expect(stores.provider.store(for: "klingon") == nil)
        do {
            _ = try stores.dictionary("japanes")
            Issue.record("an unknown dictionary was opened")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("japanese"))
        }
    }
}
