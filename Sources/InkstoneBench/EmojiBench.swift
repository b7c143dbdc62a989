import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure
import InkstoneTestSupport

/// `inkstone-bench emoji`: the emoji engine's costs with no D-Bus: loading the index
/// (CLDR annotations of the process locale's chain and English, plus emoji-test.txt;
/// the first load compiles them into the table cache, the measured ones map it),
/// building the Unicode-name index of other symbols, lookups of every name the index
/// holds and of their prefixes (what each key of a typed name searches), keys through
/// the engine, and the memory both indexes take.
struct EmojiBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emoji",
        abstract: "Emoji index load, symbol-name index load, lookup p50/p99, per-key engine cost, memory.")

    @Flag(help: "Fewer iterations, for a smoke run.")
    var quick = false

    @Flag(help: "Print the figures as a JSON array.")
    var json = false

    func run() throws {
        if let reason = EmojiIndex.unavailableReason() { throw ValidationError(reason) }
        let locales = EmojiLocales.chain(for: EmojiLocales.processLocale())
        let rssBefore = ResidentMemory.ofSelf()
        var loads: [UInt64] = []
        var loadsCPU: [UInt64] = []
        var index = EmojiIndex(locales: locales)
        for _ in 0..<(quick ? 2 : 10) {
            let start = MonotonicClock.nanoseconds()
            let cpuStart = Self.threadCPU()
            index = EmojiIndex(locales: locales)
            loads.append(MonotonicClock.nanoseconds() - start)
            loadsCPU.append(Self.threadCPU() - cpuStart)
        }
        let rssIndex = ResidentMemory.ofSelf()
        let symbolStart = MonotonicClock.nanoseconds()
        let symbolCPUStart = Self.threadCPU()
        let symbols = SymbolNameIndex.shared.count
        let symbolLoad = MonotonicClock.nanoseconds() - symbolStart
        let symbolCPU = Self.threadCPU() - symbolCPUStart
        let rssAll = ResidentMemory.ofSelf()

        let names = index.compactNames()
        var queries: [String] = []
        for name in names {
            queries.append(name)
            for length in stride(from: 1, to: name.count, by: quick ? 7 : 3) {
                queries.append(String(name.prefix(length)))
            }
        }
        var samples: [UInt64] = []
        var cpuSamples: [UInt64] = []
        for query in queries {
            let start = MonotonicClock.nanoseconds()
            let cpuStart = Self.threadCPU()
            let found = index.search(query)
            samples.append(MonotonicClock.nanoseconds() - start)
            cpuSamples.append(Self.threadCPU() - cpuStart)
            if found.isEmpty { throw ValidationError("nothing found for '\(query)'") }
        }
        let lookups = EngineBenchStats(samples)
        let lookupsCPU = EngineBenchStats(cpuSamples)
        let stream = try EngineBenchStreams.keys(for: "heart thumbsup smile arrow\u{8}\u{8}ow greeksmallletteralpha ")
        let keys = EngineBenchTimer.perKey(EmojiEngine(index: index), stream: stream, keys: quick ? 2_000 : 30_000)

        let loadStats = EngineBenchStats(loads)
        let loadCPU = EngineBenchStats(loadsCPU)
        let rows = [
            BenchRow(
                name: "emoji index load (\(locales.joined(separator: ",")))", unit: "ms",
                median: Double(loadStats.median) / 1e6, p99: Double(loadStats.p99) / 1e6, baseline: .budget(100),
                goal: "≤ 100 ms", met: Double(loadStats.p99) / 1e6 <= 100,
                note: "\(index.keyCount) keys, \(loads.count) builds, wall clock"),
            BenchRow(
                name: "emoji index load, thread CPU time", unit: "ms",
                median: Double(loadCPU.median) / 1e6, p99: Double(loadCPU.p99) / 1e6, baseline: .budget(100),
                goal: "≤ 100 ms", met: Double(loadCPU.p99) / 1e6 <= 100,
                note: "time on the CPU (excludes waiting for it)"),
            BenchRow(
                name: "symbol name index load (ICU names)", unit: "ms", median: Double(symbolLoad) / 1e6,
                baseline: .budget(100),
                goal: "", met: nil, note: "\(symbols) symbols, once, lazily; CPU \(Double(symbolCPU) / 1e6) ms"),
            BenchRow(
                name: "emoji lookup (names and their prefixes)", unit: "µs",
                median: Double(lookups.median) / 1e3, p99: Double(lookups.p99) / 1e3, baseline: .budget(2_000),
                goal: "p99 ≤ 2000 µs", met: lookups.p99 <= 2_000_000, note: "\(lookups.count) queries, wall clock"),
            BenchRow(
                name: "emoji lookup, thread CPU time", unit: "µs",
                median: Double(lookupsCPU.median) / 1e3, p99: Double(lookupsCPU.p99) / 1e3, baseline: .budget(2_000),
                goal: "p99 ≤ 2000 µs", met: lookupsCPU.p99 <= 2_000_000,
                note: "time on the CPU (excludes waiting for it)"),
            BenchRow(
                name: "emoji engine per key", unit: "µs", median: Double(keys.median) / 1e3,
                p99: Double(keys.p99) / 1e3, baseline: .budget(2_000),
                goal: "", met: nil, note: "\(keys.count) keys"),
            BenchRow(
                name: "emoji index RSS", unit: "MB", median: Double(rssIndex &- rssBefore) / 1e6, baseline: .budget(60),
                goal: "", met: nil, note: "growth of the process RSS"),
            BenchRow(
                name: "emoji + symbol index RSS", unit: "MB", median: Double(rssAll &- rssBefore) / 1e6,
                baseline: .budget(60),
                goal: "", met: nil, note: "growth of the process RSS"),
        ]
        BenchTable.print(rows, json: json)
    }

    /// This thread's CPU time in nanoseconds: what a figure costs, without the time a
    /// loaded machine makes it wait for a core.
    static func threadCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
