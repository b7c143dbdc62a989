import DBusKit
import InkstoneTestSupport
import Testing

/// Live patterns over a private bus (seed 003): mentions, hashtags and URLs
/// detected while the user types key by key, announced only where they change,
/// recomputed after undo, the same in every view of the document.
@Suite struct LivePatternScenarioTests {
    /// Key names of the characters the scenario types.
    private static func keyName(_ character: Character) -> String {
        switch character {
        case "@": "at"
        case "#": "numbersign"
        case ":": "colon"
        case "/": "slash"
        case ".": "period"
        case " ": "space"
        default: String(character)
        }
    }

    /// The (start, length, pattern) of every run that carries `pattern`.
    private static func patternRuns(_ runs: [InkstonePeer.Run]) -> [String] {
        runs.compactMap { run in
            guard let value = run.attributes["pattern"]?.stringValue else { return nil }
            return "\(run.start)+\(run.length) \(value)"
        }
    }

    /// The (start, length) of each AttributesDidChange among `signals`.
    private static func patternChanges(_ signals: [SeenSignal]) -> [String] {
        signals.filter { $0.member == "AttributesDidChange" }.map {
            "\($0.arguments[0].int ?? -1)+\($0.arguments[1].int ?? -1)"
        }
    }

    @Test func typedKeyByKeyTheSeedSentenceCarriesExactlyThreePatterns() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext([
            "engine": .string("direct"), "live_patterns": .bool(true),
            "notifications": .array(elementSignature: "s", [.string("text"), .string("attributes")]),
        ])
        guard case .objectPath(let document)? = try peer.property(context, "Document") else {
            throw TestSupportError("no document")
        }
        let graphemes = try peer.createContext(["document": .objectPath(document), "unit": .string("graphemes")])
        let sentence = "@dimillian hello #swift https://x.org"
        for character in sentence {
            #expect(try peer.keys(context, [Self.keyName(character)]) == [true], "\(character)")
        }
        #expect(try peer.text(context) == sentence)
        var (_, runs) = try peer.attributedText(context, 0, sentence.utf16.count)
        #expect(Self.patternRuns(runs) == ["0+10 mention", "17+6 hashtag", "24+13 url"])
        // The runs cover the text, plain stretches as runs without attributes.
        #expect(runs.reduce(0) { $0 + $1.length } == sentence.utf16.count)
        // The space after each match does not inherit it.
        for position in [10, 23] { #expect(try peer.attributes(context, at: position)["pattern"] == nil) }

        // Typing after "@dimillian " does not extend the mention; inside "#swift" updates the run.
        _ = try peer.drainSignals()
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(20))
            $0.append(Int64(0))
        }
        #expect(try peer.keys(context, ["i"]) == [true])
        #expect(try peer.text(context) == "@dimillian hello #swiift https://x.org")
        (_, runs) = try peer.attributedText(context, 0, 38)
        #expect(Self.patternRuns(runs) == ["0+10 mention", "17+7 hashtag", "25+13 url"])
        // Typed strictly inside the run, the character took it: no run changed, nothing is announced.
        var signals = try peer.drainSignals(of: context)
        #expect(Self.patternChanges(signals).isEmpty, "\(signals.map(\.member))")
        #expect(signals.contains { $0.member == "TextDidChange" })
        // Typed at the end of the hashtag, the character is added to the run: announced for it alone.
        try peer.call(context, "SetSelectedRange") {
            $0.append(Int64(24))
            $0.append(Int64(0))
        }
        _ = try peer.drainSignals()
        #expect(try peer.keys(context, ["y"]) == [true])
        signals = try peer.drainSignals(of: context)
        #expect(Self.patternChanges(signals) == ["24+1"], "\(signals.map(\.member))")
        (_, runs) = try peer.attributedText(context, 0, 39)
        #expect(Self.patternRuns(runs) == ["0+10 mention", "17+8 hashtag", "26+13 url"])
        try peer.call(context, "Undo")

        // Undo of the edits inside "#swift" restores the text and the pattern runs.
        while try peer.text(context) != sentence, try peer.property(context, "CanUndo")?.boolValue == true {
            try peer.call(context, "Undo")
        }
        #expect(try peer.text(context) == sentence)
        (_, runs) = try peer.attributedText(context, 0, sentence.utf16.count)
        #expect(Self.patternRuns(runs) == ["0+10 mention", "17+6 hashtag", "24+13 url"])

        // Every view of the document sees the same runs in its own unit.
        let (_, graphemeRuns) = try peer.attributedText(graphemes, 0, sentence.count)
        #expect(Self.patternRuns(graphemeRuns) == ["0+10 mention", "17+6 hashtag", "24+13 url"])
    }

    @Test func registeredPatternsAreDetectedAndTheirErrorsNamed() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext(["live_patterns": .bool(true)])
        try peer.replace(context, 0, 0, "ticket ABC-12 and 😀 ABC-7")
        try peer.call(context, "RegisterPattern") {
            $0.append("ticket")
            $0.append("[A-Z]+-\\d+")
        }
        var (_, runs) = try peer.attributedText(context, 0, 26)
        #expect(Self.patternRuns(runs) == ["7+6 ticket", "21+5 ticket"])
        // A bad regex, a built-in name, a derived key set by a client: named errors, nothing changes.
        #expect(
            peer.errorName(context, "RegisterPattern") {
                $0.append("broken")
                $0.append("(unclosed")
            } == "org.inkstone.Error.InvalidArgument")
        #expect(
            peer.errorName(context, "RegisterPattern") {
                $0.append("url")
                $0.append("x")
            } == "org.inkstone.Error.InvalidArgument")
        #expect(
            peer.setAttributesError(context, 0, 6, ["pattern": .string("mention")])
                == "org.inkstone.Error.InvalidArgument")
        #expect(
            peer.setAttributesError(context, 7, 6, [:], remove: ["pattern"]) == "org.inkstone.Error.InvalidArgument")
        (_, runs) = try peer.attributedText(context, 0, 26)
        #expect(Self.patternRuns(runs) == ["7+6 ticket", "21+5 ticket"])
        // The count is limited.
        for number in 1..<16 {
            try peer.call(context, "RegisterPattern") {
                $0.append("extra\(number)")
                $0.append("zz\(number)")
            }
        }
        #expect(
            peer.errorName(context, "RegisterPattern") {
                $0.append("one-too-many")
                $0.append("x")
            } == "org.inkstone.Error.LimitExceeded")
        try peer.call(context, "UnregisterPattern") { $0.append("ticket") }
        (_, runs) = try peer.attributedText(context, 0, 26)
        #expect(Self.patternRuns(runs).isEmpty)
        #expect(
            peer.errorName(context, "UnregisterPattern") { $0.append("ticket") } == "org.inkstone.Error.UnknownObject")

        // Without live patterns, registering is InvalidState.
        let plain = try peer.createContext()
        #expect(
            peer.errorName(plain, "RegisterPattern") {
                $0.append("ticket")
                $0.append("x")
            } == "org.inkstone.Error.InvalidState")
    }
}
