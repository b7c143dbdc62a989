import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure

/// `inkstone-bench pinyin`: the pinyin engine's accuracy on a sentence set
/// (pinyin without tones → expected Simplified text; what `space` commits
/// after typing the letters, with nothing learnt), with libime's language model and
/// without it, and its speed: table and model load, work per key at up to 30 letters,
/// resident memory of the loaded table and model.
struct PinyinBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinyin",
        abstract: "Pinyin sentence accuracy (top-1 sentence and per character), table load, per-key time, memory."
    )

    @Option(help: "The sentence set: `pinyin<TAB>expected` lines, `#` comments.")
    var sentences = "bench/data/pinyin-sentences.tsv"

    @Option(help: "The luna_pinyin table.")
    var table = PinyinTableSource.defaultPath

    @Flag(help: "List every sentence the engine (and stock fcitx5) got wrong.")
    var misses = false

    @Option(help: "Word costs (nats, comma-separated) whose accuracy to print as well, to tune the default.")
    var wordCosts: String?

    @Flag(help: "Do not compare with stock fcitx5's pinyin.")
    var skipStock = false

    @Option(help: "The language model (KenLM binary trie).")
    var model = KenLMTrieModel.defaultPath

    @Option(help: "Paths kept per position of the sentence search (with the model).")
    var beam = PinyinModelWeights().beamWidth

    @Option(help: "Words tried per span of the input (with the model).")
    var wordsPerSpan = PinyinModelWeights().wordsPerSpan

    @Option(help: "What a word the model lacks costs beyond its table score, in nats.")
    var unknownPenalty = PinyinModelWeights().unknownPenalty

    @Flag(help: "Do not score the sentence's end.")
    var noSentenceEnd = false

    @Flag(help: "Try each span's words best by table weight (not by the model with no context).")
    var rankSpanWordsByTable = false

    @Option(help: "How much of a word's ln share of its reading's table weight adds to its model score.")
    var readingShareWeight = PinyinModelWeights().readingShareWeight

    @Flag(help: "Also print the accuracy on each half of the set (the first half tunes, the second is held out).")
    var halves = false

    @Flag(help: "Only time the keys at 30 letters (no accuracy runs): a small run to profile.")
    var keysOnly = false

    @Flag(help: "Only time the first key after the dictionary loads, against the same key once all is loaded.")
    var firstKey = false

    @Option(help: "With --first-key: milliseconds between the load and the first key.")
    var firstKeyDelay = 0

    func run() throws {
        let set = try Self.readSet(sentences)
        let rssBefore = Self.residentKilobytes()
        let modelStart = MonotonicClock.nanoseconds()
        let languageModel = KenLMTrieModel.load(path: model) { Swift.print("  \($0)") }
        let modelMilliseconds = Double(MonotonicClock.nanoseconds() - modelStart) / 1e6
        var weights = PinyinModelWeights()
        weights.beamWidth = beam
        weights.wordsPerSpan = wordsPerSpan
        weights.unknownPenalty = unknownPenalty
        weights.scoresSentenceEnd = !noSentenceEnd
        weights.ranksSpanWordsByModel = !rankSpanWordsByTable
        weights.readingShareWeight = readingShareWeight
        if firstKey {
            let pinyin = set.first?.0 ?? ""
            let times = try Self.firstKeyAfterLoad(
                table: table, model: languageModel, weights: weights, pinyin: pinyin, delayMilliseconds: firstKeyDelay)
            print(
                "  first key `\(pinyin.prefix(1))` \(firstKeyDelay) ms after the table load (\(EngineBench.fixed(times.loadMilliseconds, 1)) ms)"
                    + "  \(EngineBench.micros(times.first.wall)) µs  (thread CPU \(EngineBench.micros(times.first.cpu)) µs);"
                    + "  the same key later, fresh engine and dictionary  \(EngineBench.micros(times.later.wall)) µs"
                    + "  (thread CPU \(EngineBench.micros(times.later.cpu)) µs)")
            return
        }
        let loadStart = MonotonicClock.nanoseconds()
        guard let dictionary = PinyinDictionary.load(path: table, model: languageModel, weights: weights) else {
            throw ValidationError("\(table) is missing (install the Debian package \(PinyinTableSource.package))")
        }
        let loadMilliseconds = Double(MonotonicClock.nanoseconds() - loadStart) / 1e6
        let rssAfter = Self.residentKilobytes()
        if keysOnly {
            let keyTimes = try Self.perKeyAtThirtyLetters(dictionary, set: set)
            print(
                "  per key at 30 letters (\(keyTimes.wall.count) keys)  median \(EngineBench.micros(keyTimes.wall.median)) µs"
                    + "  p99 \(EngineBench.micros(keyTimes.wall.p99)) µs  (thread CPU p99 \(EngineBench.micros(keyTimes.cpu.p99)) µs)"
            )
            return
        }

        let got = try Self.firstCandidates(dictionary, set: set)
        let accuracy = PinyinAccuracy(set: set, got: got)
        let unigramGot = try Self.firstCandidates(PinyinDictionary(table: dictionary.table), set: set)
        let stock = skipStock ? nil : try StockPinyin.firstCandidates(for: set.map(\.0))

        // A dictionary that has looked nothing up: the accuracy runs above must not warm its lookups.
        let keyTimes = try Self.perKeyAtThirtyLetters(
            PinyinDictionary(table: dictionary.table, model: languageModel, weights: weights), set: set)
        print("pinyin accuracy over \(set.count) sentences (\(sentences)), first candidate, nothing learnt")
        let label = languageModel == nil ? "inkstone (no language model)" : "inkstone (libime's trigram model)"
        accuracy.print(label: label)
        PinyinAccuracy(set: set, got: unigramGot).print(label: "inkstone (table weights alone, unigram)")
        if halves {
            let half = set.count / 2
            PinyinAccuracy(set: Array(set[..<half]), got: Array(got[..<half]))
                .print(label: "\(label), sentences 1–\(half) (tuning half)")
            PinyinAccuracy(set: Array(set[half...]), got: Array(got[half...]))
                .print(label: "\(label), sentences \(half + 1)–\(set.count) (held out)")
            if let stock {
                PinyinAccuracy(set: Array(set[half...]), got: Array(stock[half...]))
                    .print(label: "stock fcitx5, sentences \(half + 1)–\(set.count) (held out)")
            }
        }
        if let stock {
            PinyinAccuracy(set: set, got: stock).print(label: "stock fcitx5 5.0.16 pinyin (libime)")
        } else {
            print(
                "  stock fcitx5 pinyin not compared: "
                    + (skipStock ? "--skip-stock" : "\(StockFcitx5.executable) or fcitx5-pinyin is not installed"))
        }
        for cost in wordCosts?.split(separator: ",").compactMap({ Double($0) }) ?? [] {
            guard let weighed = PinyinDictionary.load(path: table, wordCost: cost) else { continue }
            PinyinAccuracy(set: set, got: try Self.firstCandidates(weighed, set: set))
                .print(label: "inkstone, word cost \(cost)")
        }
        print("pinyin speed")
        print(
            "  table load (parse + index, \(dictionary.table.readingCount) readings)  \(EngineBench.fixed(loadMilliseconds, 1)) ms"
        )
        print("  language model load (map + checks, \(model))  \(EngineBench.fixed(modelMilliseconds, 1)) ms")
        print(
            "  per key, inputs of 30 letters typed key by key from a cold lookup cache (\(keyTimes.wall.count) keys)  median "
                + "\(EngineBench.micros(keyTimes.wall.median)) µs  p99 \(EngineBench.micros(keyTimes.wall.p99)) µs  "
                + "(thread CPU: median \(EngineBench.micros(keyTimes.cpu.median)) µs  p99 \(EngineBench.micros(keyTimes.cpu.p99)) µs)"
        )
        print("  resident memory of the loaded table and model  \((rssAfter - rssBefore) / 1024) MB")
        print(
            "  resident memory after the runs (model pages read, caches)  \((Self.residentKilobytes() - rssBefore) / 1024) MB"
        )
        if misses {
            // With --halves only the tuning half's misses are listed: the held-out half stays unseen.
            let listed = halves ? set.count / 2 : set.count
            for (pinyin, expected, got) in PinyinAccuracy(set: Array(set[..<listed]), got: Array(got[..<listed])).wrong
            {
                print("  miss  \(pinyin)  expected \(expected)  got \(got)")
            }
            for (pinyin, expected, got) in stock.map({
                PinyinAccuracy(set: Array(set[..<listed]), got: Array($0[..<listed])).wrong
            }) ?? [] {
                print("  stock miss  \(pinyin)  expected \(expected)  got \(got)")
            }
        }
    }

    /// The engine's first candidate after typing each sentence's pinyin (what `space` commits).
    static func firstCandidates(_ dictionary: PinyinDictionary, set: [(String, String)]) throws -> [String] {
        try set.map { pinyin, _ in
            var engine = PinyinEngine(dictionary: dictionary)
            for key in try EngineBenchStreams.keys(for: pinyin) { _ = engine.handle(key) }
            return engine.candidates?.items.first?.text ?? ""
        }
    }

    /// The sentence pairs of a set file.
    static func readSet(_ path: String) throws -> [(String, String)] {
        guard let file = fopen(path, "r") else { throw ValidationError("cannot read \(path)") }
        defer { fclose(file) }
        var pairs: [(String, String)] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingSuffix("\n")
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let fields = text.split(separator: "\t")
            guard fields.count == 2 else { throw ValidationError("\(path): not pinyin<TAB>text: \(text)") }
            pairs.append((String(fields[0]), String(fields[1])))
        }
        free(line)
        return pairs
    }

    /// Times every key of 30-letter inputs made of the set's pinyin run together,
    /// on the wall clock and in this thread's CPU time.
    static func perKeyAtThirtyLetters(_ dictionary: PinyinDictionary, set: [(String, String)]) throws
        -> (wall: EngineBenchStats, cpu: EngineBenchStats)
    {
        let letters = Array(set.map(\.0).joined().filter { $0 != "'" })
        var samples: [UInt64] = []
        var cpuSamples: [UInt64] = []
        var start = 0
        while start + 30 <= letters.count {
            var engine = PinyinEngine(dictionary: dictionary)
            for key in try EngineBenchStreams.keys(for: String(letters[start..<(start + 30)])) {
                let began = MonotonicClock.nanoseconds()
                let cpuBegan = EmojiBench.threadCPU()
                _ = engine.handle(key)
                samples.append(MonotonicClock.nanoseconds() - began)
                cpuSamples.append(EmojiBench.threadCPU() - cpuBegan)
            }
            start += 30
        }
        return (EngineBenchStats(samples), EngineBenchStats(cpuSamples))
    }

    /// This process's resident memory, in kilobytes.
    static func residentKilobytes() -> Int { Int(ResidentMemory.ofSelf() / 1024) }
}

/// Top-1 whole-sentence and per-character accuracy of first candidates against a set.
struct PinyinAccuracy {
    var sentences = 0, exact = 0, characters = 0, rightCharacters = 0
    /// The sentences got wrong: pinyin, expected, got.
    var wrong: [(String, String, String)] = []

    /// The accuracy of `got` (one text per sentence of `set`, in order).
    init(set: [(String, String)], got: [String]) {
        for ((pinyin, expected), got) in zip(set, got) {
            let expectedCharacters = Array(expected)
            sentences += 1
            characters += expectedCharacters.count
            rightCharacters += zip(expectedCharacters, Array(got)).filter { $0 == $1 }.count
            if got == expected { exact += 1 } else { wrong.append((pinyin, expected, got)) }
        }
    }

    func print(label: String) {
        Swift.print(
            "  \(label): top-1 whole sentence \(exact)/\(sentences) = "
                + "\(EngineBench.fixed(100 * Double(exact) / Double(max(sentences, 1)), 1)) %, per character "
                + "\(rightCharacters)/\(characters) = "
                + "\(EngineBench.fixed(100 * Double(rightCharacters) / Double(max(characters, 1)), 1)) %")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
