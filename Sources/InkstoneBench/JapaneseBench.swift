import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure

/// `inkstone-bench japanese`: conversion accuracy over a set of sentences with their
/// readings (top-1 whole sentence, per segment), the same readings through `kkc`
/// (Debian `libkkc-utils`) in the same run, and the engine's speed and memory.
///
/// The set (`bench/data/japanese-sentences.tsv`) has one sentence a line:
/// `reading segments<TAB>text segments`, segments separated by single spaces.
/// A gold segment counts as right when the converter's segments inside its reading
/// span start and end on its bounds and together give its text (so a converter that
/// splits finer, as kkc does into words, is not penalised for that).
struct JapaneseBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "japanese",
        abstract: "Japanese conversion accuracy (against kkc, same readings) and speed."
    )

    @Option(help: "The sentence set.")
    var sentences = "bench/data/japanese-sentences.tsv"

    @Option(help: "The SKK dictionary.")
    var dictionary = SKKDictionary.defaultPath

    @Option(help: "The language model directory (libkkc-data).")
    var model = KkcLanguageModel.defaultDirectory

    @Option(help: "With the model: how many of a position's cheapest lattice nodes the next words may follow.")
    var beam = JapaneseConverter.defaultBeamWidth

    @Option(help: "With the model: how many of a reading's likeliest words join the lattice.")
    var words = JapaneseConverter.defaultModelWordsPerReading

    @Option(help: "With the model: how many predecessors each lattice node keeps.")
    var states = JapaneseConverter.defaultStatesPerNode

    @Flag(help: "Rank by dictionary costs only, without the language model.")
    var noModel = false

    @Flag(help: "Skip the kkc comparison.")
    var noKkc = false

    @Flag(help: "Print every sentence the engine gets wrong, with the gold text (and kkc's).")
    var showMisses = false

    func run() throws {
        let set = try JapaneseSentenceSet.load(sentences)
        let rssBefore = ResidentMemory.ofSelf()
        let start = MonotonicClock.nanoseconds()
        guard let table = JapaneseDictionary.load(path: dictionary) else {
            throw ValidationError("\(dictionary) cannot be read (install the Debian package skkdic)")
        }
        let languageModel =
            noModel ? nil : KkcLanguageModel.load(directory: model) { print("language model: \($0)") }
        var converter = JapaneseConverter(table: table, learning: nil, model: languageModel)
        converter.beamWidth = beam
        converter.modelWordsPerReading = words
        converter.statesPerNode = states
        let first = converter.convert("きょうはいいてんきです")
        let coldMilliseconds = Double(MonotonicClock.nanoseconds() - start) / 1e6
        let rssDelta = ResidentMemory.ofSelf() - rssBefore
        guard !first.isEmpty else { throw ValidationError("no conversion") }

        // Each sentence converted once, timed: readings the converter has not seen before
        // (each segment's first candidate, as the conversion key builds them).
        var conversionTimes: [UInt64] = []
        let ours = set.map { sentence in
            let start = MonotonicClock.nanoseconds()
            let segments = converter.convertFirst(sentence.reading)
            conversionTimes.append(MonotonicClock.nanoseconds() - start)
            return segments.map { (reading: $0.reading, text: $0.text) }
        }
        let firstTimes = EngineBenchStats(conversionTimes)
        let kkc = noKkc ? nil : try KkcReference.convert(set.map(\.reading))
        if showMisses {
            for (index, sentence) in set.enumerated() {
                let right = JapaneseAccuracy(set: [sentence], outputs: [ours[index]])
                guard right.sentencesRight == 0 || right.segmentsRight < right.segments else { continue }
                let theirs = kkc.map { " kkc " + $0[index].map(\.text).joined(separator: "|") } ?? ""
                print(
                    (right.sentencesRight == 0 ? "miss: " : "segments: ")
                        + ours[index].map(\.text).joined(separator: "|")
                        + "  gold " + sentence.segments.map(\.text).joined(separator: "|") + theirs)
            }
        }
        print(
            "japanese conversion accuracy (\(set.count) sentences, \(set.reduce(0) { $0 + $1.segments.count }) segments)"
        )
        print(
            "  inkstone  " + (languageModel == nil ? "(no model) " : "")
                + JapaneseAccuracy(set: set, outputs: ours).summary)
        if !noKkc {
            if let kkc {
                print("  kkc       " + JapaneseAccuracy(set: set, outputs: kkc).summary)
            } else {
                print("  kkc       not installed (Debian package libkkc-utils)")
            }
        }

        let perKey = JapaneseBench.perKey(converter: converter)
        // Reconversion's reverse index, built on the first Henkan on a selection.
        let reverseRSSBefore = ResidentMemory.ofSelf()
        let reverseStart = MonotonicClock.nanoseconds()
        let reverse = JapaneseReverseIndex(table: table)
        let reverseMilliseconds = Double(MonotonicClock.nanoseconds() - reverseStart) / 1e6
        let reverseRSS = ResidentMemory.ofSelf() - reverseRSSBefore
        print("japanese speed")
        print("  first conversion incl. dictionary load  \(EngineBench.fixed(coldMilliseconds, 1)) ms")
        print("  dictionary + model RSS growth           \(EngineBench.fixed(Double(rssDelta) / 1_048_576, 1)) MiB")
        print(
            "  conversion of each set sentence, once (\(set.count))  median \(EngineBench.micros(firstTimes.median)) µs"
                + "  p99 \(EngineBench.micros(firstTimes.p99)) µs")
        print(
            "  per key, 30-kana sentence (\(perKey.wall.count) keys)  median \(EngineBench.micros(perKey.wall.median)) µs"
                + "  p99 \(EngineBench.micros(perKey.wall.p99)) µs"
                + "  (thread CPU: median \(EngineBench.micros(perKey.cpu.median)) µs"
                + "  p99 \(EngineBench.micros(perKey.cpu.p99)) µs)")
        print(
            "  reconversion index build (first Henkan on a selection)  \(EngineBench.fixed(reverseMilliseconds, 1)) ms"
                + ", RSS growth \(EngineBench.fixed(Double(reverseRSS) / 1_048_576, 1)) MiB"
                + " (東京 → \(reverse.reading(of: "東京")))")
    }

    /// Every key of typing, converting and committing a 30-kana sentence, timed, many times:
    /// wall clock and the thread's CPU time (what a loaded machine does not inflate).
    static func perKey(converter: JapaneseConverter) -> (wall: EngineBenchStats, cpu: EngineBenchStats) {
        // わたしはきのうともだちといっしょにとしょかんへいきました: 30 kana.
        let romaji = "watashihakinoutomodachitoisshonitoshokanheikimashita"
        var keys = romaji.unicodeScalars.map { KeyEvent(keysym: $0.value) }
        keys += [KeyEvent(keysym: Keysym.space), KeyEvent(keysym: Keysym.space), KeyEvent(keysym: Keysym.returnKey)]
        var engine = JapaneseEngine(converter: converter)
        var samples: [UInt64] = []
        var cpuSamples: [UInt64] = []
        for round in 0..<60 {
            for key in keys {
                let cpuStart = EmojiBench.threadCPU()
                let start = MonotonicClock.nanoseconds()
                _ = engine.handle(key)
                let elapsed = MonotonicClock.nanoseconds() - start
                let cpu = EmojiBench.threadCPU() - cpuStart
                if round > 0 {
                    samples.append(elapsed)
                    cpuSamples.append(cpu)
                }
            }
        }
        return (EngineBenchStats(samples), EngineBenchStats(cpuSamples))
    }
}

/// One benchmark sentence: its segments' readings and texts.
struct JapaneseSentence {
    var segments: [(reading: String, text: String)]
    var reading: String { segments.map(\.reading).joined() }
    var text: String { segments.map(\.text).joined() }
}

enum JapaneseSentenceSet {
    static func load(_ path: String) throws -> [JapaneseSentence] {
        guard let file = fopen(path, "r") else { throw ValidationError("cannot read \(path)") }
        defer { fclose(file) }
        var sentences: [JapaneseSentence] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var number = 0
        while getline(&line, &capacity, file) > 0, let line {
            number += 1
            let text = String(cString: line).droppingTrailing("\n\r")
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let columns = text.split(separator: "\t")
            let readings = columns.first?.split(separator: " ") ?? []
            let texts = columns.count > 1 ? columns[1].split(separator: " ") : []
            guard columns.count == 2, readings.count == texts.count else {
                throw ValidationError("\(path):\(number): segment counts differ")
            }
            sentences.append(JapaneseSentence(segments: zip(readings, texts).map { (String($0), String($1)) }))
        }
        return sentences
    }
}

extension String {
    fileprivate func droppingTrailing(_ set: String) -> String {
        var text = self
        while let last = text.last, set.contains(last) { text.removeLast() }
        return text
    }
}

/// Top-1 whole-sentence and per-segment accuracy of converter outputs against the gold set.
struct JapaneseAccuracy {
    var sentencesRight = 0
    var sentences = 0
    var segmentsRight = 0
    var segments = 0

    init(set: [JapaneseSentence], outputs: [[(reading: String, text: String)]]) {
        for (gold, output) in zip(set, outputs) {
            sentences += 1
            if output.map(\.text).joined() == gold.text { sentencesRight += 1 }
            // Output segments by reading offset (in characters).
            var outputStarts: [Int: (end: Int, text: String)] = [:]
            var offset = 0
            for segment in output {
                outputStarts[offset] = (offset + segment.reading.count, segment.text)
                offset += segment.reading.count
            }
            var goldStart = 0
            for segment in gold.segments {
                segments += 1
                let goldEnd = goldStart + segment.reading.count
                var position = goldStart
                var text = ""
                while position < goldEnd, let next = outputStarts[position] {
                    text += next.text
                    position = next.end
                }
                if position == goldEnd, text == segment.text { segmentsRight += 1 }
                goldStart = goldEnd
            }
        }
    }

    var summary: String {
        "sentences \(sentencesRight)/\(sentences) = \(percent(sentencesRight, sentences))"
            + "   segments \(segmentsRight)/\(segments) = \(percent(segmentsRight, segments))"
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        EngineBench.fixed(100 * Double(part) / Double(max(whole, 1)), 1) + " %"
    }
}

/// `kkc` (libkkc-utils) run once over all readings: its first-best segments per line.
enum KkcReference {
    static let path = "/usr/bin/kkc"

    static func convert(_ readings: [String]) throws -> [[(reading: String, text: String)]]? {
        guard access(path, X_OK) == 0 else { return nil }
        var template = Array("/tmp/inkstone-kkc-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw ValidationError("cannot create a temporary file") }
        let inputPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(inputPath) }
        let input = readings.joined(separator: "\n") + "\n"
        _ = input.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        guard let pipe = popen("\(path) < \(inputPath) 2>/dev/null", "r") else { return nil }
        var results: [[(reading: String, text: String)]] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, pipe) > 0, let line {
            let text = String(cString: line)
            guard text.hasPrefix(">> "), let colon = text.firstIndex(of: ":") else { continue }
            results.append(parse(text[text.index(after: colon)...]))
        }
        pclose(pipe)
        guard results.count == readings.count else {
            throw ValidationError("kkc answered \(results.count) lines for \(readings.count) readings")
        }
        return results
    }

    /// ` <私/わたし><は/は>` → [(わたし, 私), (は, は)].
    static func parse(_ line: Substring) -> [(reading: String, text: String)] {
        line.split(separator: "<").compactMap { chunk in
            guard let close = chunk.lastIndex(of: ">") else { return nil }
            let body = chunk[..<close]
            guard let slash = body.lastIndex(of: "/") else { return nil }
            return (String(body[body.index(after: slash)...]), String(body[..<slash]))
        }
    }
}
