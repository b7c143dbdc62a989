import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure
import InkstoneTestSupport

/// `inkstone-bench tables`: loading a compiled reading table the size of
/// SKK-JISYO.L and of luna_pinyin's table, cold (parse, compile, write, map)
/// and warm (map the cached file), each followed by one lookup. The rows are
/// synthetic, with the real tables' counts, so the figure does not depend on
/// the dictionary packages or their parsers.
struct TableBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tables",
        abstract:
            "Reading-table load cold (build and cache) vs warm (mapped) at SKK-JISYO.L and luna_pinyin sizes; one durable learnt choice."
    )

    @Flag(help: "A smoke run (a tenth of the rows, fewer runs).") var quick = false
    @Flag(help: "Print JSON.") var json = false

    /// A table shape: readings and rows like a real dictionary's.
    struct Shape {
        let name: String
        let readings: Int
        let rows: Int
        let alphabet: [String]
    }

    static let shapes = [
        Shape(
            name: "SKK-JISYO.L", readings: 175_786, rows: 240_294,
            alphabet: "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん".map(String.init)),
        Shape(
            name: "luna_pinyin", readings: 215_465, rows: 356_873,
            alphabet: [
                "a", "ai", "an", "ba", "bo", "chi", "de", "er", "guo", "hao", "ji", "li", "ma", "ni", "ren",
                "shi", "ta", "wo", "xi", "yi", "zhong", " ",
            ]),
    ]

    func run() throws {
        var rows: [BenchRow] = []
        for shape in Self.shapes {
            rows += try measure(shape, scale: quick ? 10 : 1, coldRuns: quick ? 1 : 3, warmRuns: quick ? 5 : 20)
        }
        rows.append(try learningRow(choices: quick ? 100 : 2_000))
        BenchTable.print(rows, json: json)
    }

    /// One learnt choice made durable: a journal line appended and `fdatasync`ed,
    /// with the file rewritten every `UserDictionary.compactionLines` choices.
    private func learningRow(choices: Int) throws -> BenchRow {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-learning")
        defer { _ = try? InkstoneTestSupport.run(["rm", "-rf", folder]) }
        let store = UserDictionary(name: "japanese", folder: folder)
        var times: [UInt64] = []
        for index in 0..<choices {
            let start = MonotonicClock.nanoseconds()
            try store.learn("候補\(index % 7)", for: "よみ\(index)")
            times.append(MonotonicClock.nanoseconds() - start)
        }
        let stats = LatencyStats(times)
        return BenchRow(
            name: "learn one choice (journal + fdatasync)", unit: "µs", median: stats.median, p99: stats.p99,
            baseline: .budget(2_000),
            goal: "", met: nil,
            note: "\(choices) choices into a growing store, file rewritten every \(UserDictionary.compactionLines)")
    }

    private func measure(_ shape: Shape, scale: Int, coldRuns: Int, warmRuns: Int) throws -> [BenchRow] {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-tables")
        defer { _ = try? InkstoneTestSupport.run(["rm", "-rf", folder]) }
        let source = folder + "/source.txt"
        try writeFile(source, shape.name)
        let table = Self.rows(shape, scale: scale)
        let probe = table[table.count / 2].reading
        func load() -> ReadingTableCache.Loaded {
            let loaded = ReadingTableCache.open(name: "bench", source: source, formatVersion: 1, directory: folder) {
                table
            }
            _ = loaded.table.entries(for: probe)
            return loaded
        }
        var cold: [UInt64] = []
        for _ in 0..<coldRuns {
            unlink(folder + "/bench.table")
            let start = MonotonicClock.nanoseconds()
            guard case .built = load().origin else { throw ValidationError("the table was not cached") }
            cold.append(MonotonicClock.nanoseconds() - start)
        }
        var warm: [UInt64] = []
        for _ in 0..<warmRuns {
            let start = MonotonicClock.nanoseconds()
            guard load().origin == .cached else { throw ValidationError("the cached table was not used") }
            warm.append(MonotonicClock.nanoseconds() - start)
        }
        var info = stat()
        stat(folder + "/bench.table", &info)
        let label = "\(shape.name) (\(table.count / 1000)k rows)"
        let coldStats = LatencyStats(cold)
        let warmStats = LatencyStats(warm)
        return [
            BenchRow(
                name: "table load cold, \(label)", unit: "ms", median: coldStats.median / 1000,
                p99: coldStats.p99 / 1000, baseline: .budget(150), goal: "", met: nil,
                note: "parse + compile + write + map, rows already in memory"),
            BenchRow(
                name: "table load warm, \(label)", unit: "ms", median: warmStats.median / 1000,
                p99: warmStats.p99 / 1000, baseline: .budget(150), goal: "≤ 150 ms", met: warmStats.p99 / 1000 <= 150,
                note: "mapped cache, \(info.st_size / 1024) KiB file, one lookup"),
        ]
    }

    /// Deterministic synthetic rows with `shape`'s counts (divided by `scale`).
    static func rows(_ shape: Shape, scale: Int) -> [(reading: String, entry: DictionaryEntry)] {
        var random = SplitMix64(seed: 42)
        func word(_ length: Int) -> String {
            (0..<length).map { _ in shape.alphabet[random.next(below: shape.alphabet.count)] }.joined()
        }
        let readings = (0..<(shape.readings / scale)).map { index in
            word(2 + random.next(below: 4)) + String(index, radix: 36)
        }
        return (0..<(shape.rows / scale)).map { index in
            let reading = readings[index < readings.count ? index : random.next(below: readings.count)]
            return (
                reading,
                DictionaryEntry(
                    text: "字" + word(1 + random.next(below: 2)), weight: Double(random.next(below: 100_000)))
            )
        }
    }
}
