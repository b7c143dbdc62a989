import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure

/// `inkstone-bench pinyin`: the pinyin engine's accuracy on a sentence set
/// (pinyin without tones → expected Simplified text; what `space` commits
/// after typing the letters, with nothing learnt) and its speed: table load,
/// work per key at up to 30 letters, resident memory of the loaded table.
struct PinyinBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinyin",
        abstract: "Pinyin sentence accuracy (top-1 sentence and per character), table load, per-key time, memory."
    )

    @Option(help: "The sentence set: `pinyin<TAB>expected` lines, `#` comments.")
    var sentences = "bench/data/pinyin-sentences.tsv"

    @Option(help: "The luna_pinyin table.")
    var table = PinyinTableSource.defaultPath

    @Flag(help: "List every sentence the engine got wrong.")
    var misses = false

    func run() throws {
        let set = try Self.readSet(sentences)
        let rssBefore = Self.residentKilobytes()
        let loadStart = MonotonicClock.nanoseconds()
        guard let dictionary = PinyinDictionary.load(path: table) else {
            throw ValidationError("\(table) is missing (install the Debian package \(PinyinTableSource.package))")
        }
        let loadMilliseconds = Double(MonotonicClock.nanoseconds() - loadStart) / 1e6
        let rssAfter = Self.residentKilobytes()

        var exact = 0
        var rightCharacters = 0
        var characters = 0
        var wrong: [(String, String, String)] = []
        for (pinyin, expected) in set {
            var engine = PinyinEngine(dictionary: dictionary)
            for key in try EngineBenchStreams.keys(for: pinyin) { _ = engine.handle(key) }
            let got = engine.candidates?.items.first?.text ?? ""
            let expectedCharacters = Array(expected)
            let gotCharacters = Array(got)
            characters += expectedCharacters.count
            rightCharacters += zip(expectedCharacters, gotCharacters).filter { $0 == $1 }.count
            if got == expected { exact += 1 } else { wrong.append((pinyin, expected, got)) }
        }

        let keyTimes = try Self.perKeyAtThirtyLetters(dictionary, set: set)
        print("pinyin accuracy over \(set.count) sentences (\(sentences))")
        print(
            "  top-1 whole sentence  \(exact)/\(set.count) = \(EngineBench.fixed(100 * Double(exact) / Double(max(set.count, 1)), 1)) %"
        )
        print(
            "  per character         \(rightCharacters)/\(characters) = "
                + "\(EngineBench.fixed(100 * Double(rightCharacters) / Double(max(characters, 1)), 1)) %")
        print("  fcitx5-chinese-addons not compared in this run (see README)")
        print("pinyin speed")
        print(
            "  table load (parse + index, \(dictionary.table.readingCount) readings)  \(EngineBench.fixed(loadMilliseconds, 1)) ms"
        )
        print(
            "  per key, inputs of 30 letters typed key by key (\(keyTimes.count) keys)  median "
                + "\(EngineBench.micros(keyTimes.median)) µs  p99 \(EngineBench.micros(keyTimes.p99)) µs")
        print("  resident memory of the loaded table  \((rssAfter - rssBefore) / 1024) MB")
        if misses {
            for (pinyin, expected, got) in wrong { print("  miss  \(pinyin)  expected \(expected)  got \(got)") }
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

    /// Times every key of 30-letter inputs made of the set's pinyin run together.
    static func perKeyAtThirtyLetters(_ dictionary: PinyinDictionary, set: [(String, String)]) throws
        -> EngineBenchStats
    {
        let letters = Array(set.map(\.0).joined().filter { $0 != "'" })
        var samples: [UInt64] = []
        var start = 0
        while start + 30 <= letters.count {
            var engine = PinyinEngine(dictionary: dictionary)
            for key in try EngineBenchStreams.keys(for: String(letters[start..<(start + 30)])) {
                let began = MonotonicClock.nanoseconds()
                _ = engine.handle(key)
                samples.append(MonotonicClock.nanoseconds() - began)
            }
            start += 30
        }
        return EngineBenchStats(samples)
    }

    /// This process's resident memory, in kilobytes (`VmRSS` of /proc/self/status).
    static func residentKilobytes() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(cString: line)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
