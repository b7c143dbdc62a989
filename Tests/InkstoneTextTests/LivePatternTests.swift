import InkstoneTestSupport
import InkstoneText
import PropertyBased
import Testing

/// Live patterns in the text model: the detectors, incremental upkeep without
/// re-announcing unchanged runs, derived runs after undo, registered patterns.
@Suite("Live patterns")
struct LivePatternTests {
    /// Each pattern run as "text=name".
    static func patterns(_ document: Document) throws -> [String] {
        let text = Array(document.text.utf8)
        return try document.attributeRuns(LivePatterns.key, start: 0, length: text.count, in: .utf8).map { run in
            let name = if case .string(let name) = run.value { name } else { "?" }
            return String(decoding: text[run.start..<run.start + run.length], as: UTF8.self) + "=" + name
        }
    }

    static func attributeChanges(_ result: EditResult) -> [String] {
        result.events.compactMap { event in
            guard case .attributesChanged(let change) = event else { return nil }
            return "\(change.start(in: .utf8))+\(change.length(in: .utf8))"
        }
    }

    @Test func theDetectorsFollowTheirPatterns() throws {
        let document = Document(text: "hi @john. #tag_1 see https://x.org/a). end\n#next@x HTTP://Y.Z/")
        document.enableLivePatterns()
        #expect(
            try Self.patterns(document) == [
                "@john.=mention", "#tag_1=hashtag", "https://x.org/a=url", "#next=hashtag", "@x=mention",
                "HTTP://Y.Z/=url",
            ])
    }

    @Test func detectionWorksOnWholeGraphemeClusters() throws {
        let document = Document(text: "#\u{FE0F}\u{20E3} #cafe\u{301} @\u{1F600} #\u{4E2D}\u{6587}")
        document.enableLivePatterns()
        #expect(try Self.patterns(document) == ["#cafe\u{301}=hashtag", "#\u{4E2D}\u{6587}=hashtag"])
    }

    @Test func typingAfterAMatchAndItsSpaceDoesNotExtendItTypingInsideDoes() throws {
        let document = Document(text: "")
        document.enableLivePatterns()
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: 0, length: 0)
        for character in "@john x" { try view.insertText(String(character)) }
        #expect(try Self.patterns(document) == ["@john=mention"])
        try view.setSelectedRange(start: 2, length: 0)
        try view.insertText("h")
        #expect(try Self.patterns(document) == ["@jhohn=mention"])
        try view.setSelectedRange(start: 6, length: 0)
        try view.insertText("y")
        #expect(try Self.patterns(document) == ["@jhohny=mention"])
    }

    @Test func onlyRunsThatChangeAreAnnounced() throws {
        let document = Document(text: "@john #tag https://x.org\nsecond #line")
        document.enableLivePatterns()
        let view = document.makeView(unit: .utf8)
        try view.setSelectedRange(start: 10, length: 0)
        // Typing at the end of the hashtag extends it: one change, over the new character.
        #expect(Self.attributeChanges(try view.insertText("s")) == ["10+1"])
        // Typing a space after it, and text elsewhere, changes no run: nothing announced.
        #expect(Self.attributeChanges(try view.insertText(" ")).isEmpty)
        #expect(Self.attributeChanges(try view.insertText("plain")).isEmpty)
        // Breaking the mention in two announces the stretch that lost it.
        let result = try view.replace(start: 3, length: 0, with: " ")
        #expect(Self.attributeChanges(result) == ["3+3"])
        #expect(try Self.patterns(document) == ["@jo=mention", "#tags=hashtag", "https://x.org=url", "#line=hashtag"])
    }

    @Test func undoAndRedoRecomputePatterns() throws {
        let document = Document(text: "say @john now")
        document.enableLivePatterns()
        let view = document.makeView(unit: .utf8)
        try view.replace(start: 4, length: 1, with: "")
        #expect(try Self.patterns(document).isEmpty)
        try view.undo()
        #expect(try Self.patterns(document) == ["@john=mention"])
        try view.redo()
        #expect(try Self.patterns(document).isEmpty)
        try view.undo()
        // Client formatting undone keeps the derived runs.
        try view.setAttributes(["bold": .bool(true)], removing: [], start: 0, length: 13)
        try view.undo()
        #expect(try Self.patterns(document) == ["@john=mention"])
        #expect(try document.attributes(at: 5, in: .utf8) == ["pattern": .string("mention")])
    }

    @Test func clientsCannotSetOrRemoveThePatternKey() throws {
        let document = Document(text: "@john")
        document.enableLivePatterns()
        let view = document.makeView(unit: .utf8)
        #expect(throws: InkstoneError.self) {
            try view.setAttributes(["pattern": .string("url")], removing: [], start: 0, length: 5)
        }
        #expect(throws: InkstoneError.self) { try view.setAttributes([:], removing: ["pattern"], start: 0, length: 5) }
        #expect(throws: InkstoneError.self) { try view.setTypingAttributes(["pattern": .string("url")]) }
        #expect(try Self.patterns(document) == ["@john=mention"])
    }

    @Test func registeredPatternsFollowTheBuiltInsAndHaveLimits() throws {
        let document = Document(text: "call 555-1234 or @bob5-55")
        #expect(throws: InkstoneError.self) { try document.registerPattern(name: "phone", pattern: "\\d+-\\d+") }
        document.enableLivePatterns()
        try document.registerPattern(name: "phone", pattern: "\\d+-\\d+")
        // The mention came first: the overlapping phone match inside it is dropped.
        #expect(try Self.patterns(document) == ["555-1234=phone", "@bob5-55=mention"])
        let errors: [(String, String, InkstoneError.Code)] = [
            ("bad", "(", .invalidArgument), ("url", "x", .invalidArgument), ("", "x", .invalidArgument),
            ("big", String(repeating: "a", count: 2_000), .limitExceeded),
        ]
        for (name, pattern, code) in errors {
            #expect(throws: InkstoneError.self) { try document.registerPattern(name: name, pattern: pattern) }
            do {
                try document.registerPattern(name: name, pattern: pattern)
            } catch {
                #expect(error.code == code, "\(name)")
            }
        }
        for number in 1..<LivePatterns.maxRegisteredPatterns {
            try document.registerPattern(name: "p\(number)", pattern: "q\(number)")
        }
        #expect(throws: InkstoneError.self) { try document.registerPattern(name: "one-more", pattern: "x") }
        try document.unregisterPattern(name: "phone")
        #expect(try Self.patterns(document) == ["@bob5-55=mention"])
    }

    @Test func incrementalUpkeepMatchesAFullScanOverRandomEdits() async {
        await propertyCheck(count: 4, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkAgainstFullScan(seed: seed)
        }
    }

    @Test func incrementalUpkeepWithARegisteredPatternAcrossWhitespaceMatchesAFullScan() async {
        await propertyCheck(count: 4, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            try Self.checkAgainstFullScan(seed: seed, registering: "b+[ \\u3000]+[ax]")
        }
    }

    @Test func editsInAParagraphLongerThanTheScanWindowKeepMatchesFarAway() throws {
        let sentence = "see @fox.news and #lazy at https://example.org/p?q=1 now."
        let count = 3 * LivePatterns.scanWindowUTF8 / sentence.utf8.count
        let document = Document(text: Array(repeating: sentence, count: count).joined(separator: " "))
        document.enableLivePatterns()
        let view = document.makeView(unit: .utf8)
        var random = SplitMix64(seed: 7)
        for _ in 0..<4 {
            let at = LivePatterns.scanWindowUTF8 + random.next(below: view.length - LivePatterns.scanWindowUTF8)
            try view.replace(start: at, length: 0, with: "x")
        }
        let fresh = Document(text: document.text)
        fresh.enableLivePatterns()
        #expect(try Self.patterns(document) == Self.patterns(fresh))
        #expect(try Self.patterns(document).count > 2 * count)
    }

    static let alphabet: [String] = [
        "@", "#", "a", "b", " ", "\n", ".", "-", "https://", "x", "/", "é", "😀", ")", "\u{3000}", "\u{A0}",
    ]

    static func checkAgainstFullScan(seed: UInt64, registering pattern: String? = nil) throws {
        var random = SplitMix64(seed: seed)
        let start = (0..<600).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
        let document = Document(text: start)
        document.enableLivePatterns()
        if let pattern { try document.registerPattern(name: "custom", pattern: pattern) }
        let view = document.makeView(unit: .graphemes)
        for step in 0..<150 {
            let count = view.length
            let lower = random.next(below: count + 1)
            let upper = min(count, lower + random.next(below: 6))
            let text = (0..<random.next(below: 3)).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
            try view.replace(start: lower, length: upper - lower, with: text)
            if step % 25 == 24 { try view.undo() }
            let fresh = Document(text: document.text)
            fresh.enableLivePatterns()
            if let pattern { try fresh.registerPattern(name: "custom", pattern: pattern) }
            #expect(try Self.patterns(document) == Self.patterns(fresh), "seed \(seed) step \(step)")
        }
    }
}
