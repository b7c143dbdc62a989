import ArgumentParser
import DBusKit
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport

/// Per-key cost (key + its notifications + a word-range query) by document size, and the document's memory.
enum DocumentScaling {
    /// The daemon limits that let a 100 MB document in.
    static let daemonArguments = ["--max-document-bytes", "\(256 << 20)", "--max-string-bytes", "\(32 << 20)"]

    /// Rows for each size in bytes (the first is the baseline), then the memory row of the largest.
    static func rows(on bench: BenchBus, sizes: [Int], samples: Int) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        var baseline: LatencyStats?
        for size in sizes {
            let client = try KeyClient(busAddress: bench.bus.address)
            let before = bench.daemonResidentBytes
            let context = try client.createContext(["engine=direct", "notifications=text+selection+marked+commit"])
            try load(size, into: context, client: client)
            let after = bench.daemonResidentBytes
            let middle = Int64(size / 2)
            try client.callContext(context, "SetSelectedRange") { writer in
                writer.append(middle)
                writer.append(Int64(0))
            }
            var times: [UInt64] = []
            for round in 0..<(samples + 20) {
                let start = MonotonicClock.nanoseconds()
                _ = try client.timeKey(context, keysym: BenchKeys.latin[round % BenchKeys.latin.count])
                try client.callContext(context, "RangeEnclosingPosition") { writer in
                    writer.append(middle)
                    writer.append("word")
                    writer.append("forward")
                }
                if round >= 20 { times.append(MonotonicClock.nanoseconds() - start) }
            }
            let stats = LatencyStats(times)
            let base = baseline ?? stats
            baseline = base
            let limit = size == sizes.last && sizes.count > 1 ? 1.5 : nil
            var row = BenchRow.latency(
                "per key, \(label(size)) document", stats, baseline: base, baselineName: label(sizes[0]), limit: limit,
                goal: limit.map { "≤ \(format($0))× \(label(sizes[0]))" } ?? "baseline")
            row.note = "key + notifications + word range"
            rows.append(row)
            if size == sizes.last {
                let ratio = Double(after - min(before, after)) / Double(size)
                rows.append(
                    BenchRow(
                        name: "memory, \(label(size)) document", unit: "×text", median: ratio,
                        baseline: .budget(1.5), goal: "≤ 1.5× text", met: ratio <= 1.5,
                        note: "RSS grew \((after - min(before, after)) >> 20) MiB for \(size >> 20) MiB of text"))
            }
            try client.callContext(context, "Destroy")
        }
        return rows
    }

    /// Inserts `size` bytes of ASCII words in chunks of at most 4 MiB.
    static func load(_ size: Int, into context: String, client: KeyClient) throws {
        let line = "the quick brown fox jumps over the lazy dog, inkstone composes text 0123456789\n"
        let chunkSize = min(size, 4 << 20)
        var chunk = String(repeating: line, count: chunkSize / line.utf8.count + 1)
        chunk = String(chunk.utf8.prefix(chunkSize)) ?? line
        var loaded = 0
        while loaded < size {
            let piece = size - loaded >= chunk.utf8.count ? chunk : String(chunk.utf8.prefix(size - loaded)) ?? ""
            guard
                let message = client.connection.methodCall(
                    destination: client.destination, path: context, interface: InkstoneNames.contextInterface,
                    member: "InsertText")
            else { throw ValidationError("no message") }
            message.write { $0.append(piece) }
            _ = try client.connection.call(message, timeoutMilliseconds: 300_000)
            client.drain()
            loaded += piece.utf8.count
        }
    }

    static func label(_ size: Int) -> String {
        size >= 1 << 20 ? "\(size >> 20) MB" : "\(size >> 10) KB"
    }
}

/// RSS of idle contexts.
enum ContextMemory {
    static func row(count: Int) throws -> BenchRow {
        let bench = try BenchBus()
        defer { bench.stop() }
        // Spread over clients of 200 contexts each (a stock daemon allows 256 contexts and documents per peer).
        let clients = try (0..<((count + 199) / 200)).map { _ in try KeyClient(busAddress: bench.bus.address) }
        // Warm the one-time costs (engine data, first allocations) before measuring.
        for client in clients { _ = try client.createContext([]) }
        let before = bench.daemonResidentBytes
        for number in 0..<count { _ = try clients[number % clients.count].createContext([]) }
        let after = bench.daemonResidentBytes
        let perContext = Double(after - min(before, after)) / Double(count) / 1024
        return BenchRow(
            name: "memory, \(count) idle contexts", unit: "KB/ctx", median: perContext,
            baseline: .budget(16), goal: "≤ 16 KB/ctx", met: perContext <= 16,
            note: "RSS \(before >> 20) → \(after >> 20) MiB")
    }
}

/// `inkstone-bench scaling`: per-key cost by document size, and memory.
struct ScalingBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling",
        abstract: "Per-key cost for 1 KB, 1 MB, 100 MB documents; RSS per context and per text byte.")

    @Flag(help: "Small documents (1 KB, 64 KB, 1 MB) and few samples.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let bench = try BenchBus(daemonArguments: DocumentScaling.daemonArguments)
        defer { bench.stop() }
        var rows = try DocumentScaling.rows(on: bench, sizes: ScalingSizes.of(quick: quick), samples: quick ? 50 : 2000)
        rows.append(try ContextMemory.row(count: quick ? 50 : 1000))
        BenchTable.print(rows, json: json)
    }
}

/// The document sizes measured.
enum ScalingSizes {
    static func of(quick: Bool) -> [Int] { quick ? [1 << 10, 64 << 10, 1 << 20] : [1 << 10, 1 << 20, 100 << 20] }
}
