import ArgumentParser
import DBusKit
import InkstoneClient
import InkstoneMeasure

/// `inkstone-bench protocol`: the text-input protocol's own costs against the
/// raw libdbus echo of the same run — `InsertText` on a 1 MB document, a
/// geometry query answered from the cell grid, and notification fan-out to
/// 10 observing views against 1.
struct ProtocolBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protocol",
        abstract: "InsertText on a 1 MB document, CaretRect from the grid, fan-out to 1 vs 10 observers.")

    @Flag(help: "A short smoke run.") var quick = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let samples = quick ? 100 : 5_000
        let bench = try BenchBus(daemonArguments: ["--max-string-bytes", "\(4 << 20)"])
        defer { bench.stop() }
        var rows: [BenchRow] = []
        let (insertEcho, insert, caretEcho, caret) = try Self.insertAndCaret(on: bench, samples: samples)
        rows.append(
            .latency(
                "InsertText, 1 MB document", insert, baseline: insertEcho, limit: 1.2,
                note: "no subscriptions; reply only"))
        rows.append(
            .latency(
                "CaretRect from the cell grid", caret, baseline: caretEcho, limit: 1.1,
                note: "10,000-line document"))
        let fanSamples = quick ? 50 : 2_000
        let one = try Self.fanOut(on: bench, observers: 1, samples: fanSamples)
        let ten = try Self.fanOut(on: bench, observers: 10, samples: fanSamples)
        rows.append(
            .latency(
                "InsertText → Notifications, 1 observer", one, baseline: one, baselineName: "1 observer", limit: nil))
        rows.append(
            .latency(
                "InsertText → Notifications, 10 observers", ten, baseline: one, baselineName: "1 observer", limit: 2.0,
                goal: "≤ 2.00× 1 observer",
                note: "until the last observer has it"))
        BenchTable.print(rows, json: json)
    }

    /// Interleaved echo / InsertText on a 1 MB document, then echo / CaretRect on a 10,000-line grid.
    static func insertAndCaret(
        on bench: BenchBus, samples: Int
    ) throws -> (LatencyStats, LatencyStats, LatencyStats, LatencyStats) {
        let client = try KeyClient(busAddress: bench.bus.address)
        let context = try client.createContext(["notifications="])
        let line = String(repeating: "Inkstone 한글 naïve café. ", count: 4) + "\n"
        let megabyte = String(repeating: line, count: (1 << 20) / line.utf8.count)
        try client.callContext(context, "InsertText") { $0.append(megabyte) }
        try client.callContext(context, "SetSelectedRange") { writer in
            writer.append(Int64(megabyte.utf16.count / 2 / 2 * 2))
            writer.append(Int64(0))
        }
        var echoes: [UInt64] = []
        var inserts: [UInt64] = []
        for round in 0..<(samples + 50) {
            let echo = try bench.echoClient.timeEcho()
            let start = MonotonicClock.nanoseconds()
            try client.callContext(context, "InsertText") { $0.append("a") }
            let elapsed = MonotonicClock.nanoseconds() - start
            guard round >= 50 else { continue }
            echoes.append(echo)
            inserts.append(elapsed)
        }
        try client.callContext(context, "Destroy")

        let grid = try client.createContext(["notifications="])
        let lines = String(repeating: "a grid line with 世界 wide cells\n", count: 10_000)
        try client.callContext(grid, "InsertText") { $0.append(lines) }
        try client.callContext(grid, "SetCellGrid") { writer in
            for value in [0.0, 0.0, 8.0, 16.0] { writer.append(value) }
            writer.append(UInt32(80))
            writer.append(UInt32(8))
        }
        let length = Int64(lines.utf16.count)
        var caretEchoes: [UInt64] = []
        var carets: [UInt64] = []
        var position: Int64 = 0
        for round in 0..<(samples + 50) {
            let echo = try bench.echoClient.timeEcho()
            position = (position + 7_919) % length
            let start = MonotonicClock.nanoseconds()
            try client.callContext(grid, "CaretRect") { $0.append(position - position % 2) }
            let elapsed = MonotonicClock.nanoseconds() - start
            guard round >= 50 else { continue }
            caretEchoes.append(echo)
            carets.append(elapsed)
        }
        try client.callContext(grid, "Destroy")
        return (LatencyStats(echoes), LatencyStats(inserts), LatencyStats(caretEchoes), LatencyStats(carets))
    }

    /// Time from sending `InsertText` until every one of `observers` views
    /// (each its own connection, subscribed to text) has its `Notifications` signal.
    static func fanOut(on bench: BenchBus, observers count: Int, samples: Int) throws -> LatencyStats {
        let typist = try KeyClient(busAddress: bench.bus.address)
        let watchers = try (0..<count).map { _ in try KeyClient(busAddress: bench.bus.address) }
        var reader = try typist.callService("CreateDocument").reader()
        let document = try reader.readObjectPath()
        for watcher in watchers {
            _ = try typist.connection.call(
                destination: typist.destination, path: document, interface: InkstoneNames.documentInterface,
                member: "Share"
            ) { $0.append(watcher.uniqueName ?? "") }
            _ = try watcher.createContext(["document=\(document)", "notifications=text"])
        }
        let context = try typist.createContext(["document=\(document)", "notifications="])
        var times: [UInt64] = []
        for round in 0..<(samples + 20) {
            guard
                let message = typist.connection.methodCall(
                    destination: typist.destination, path: context, interface: InkstoneNames.contextInterface,
                    member: "InsertText")
            else { throw ValidationError("no message") }
            message.write { $0.append("x") }
            let start = MonotonicClock.nanoseconds()
            try typist.connection.send(message)
            typist.connection.flush()
            for watcher in watchers {
                while true {
                    guard let received = watcher.connection.nextMessage(timeoutMilliseconds: 5_000) else {
                        throw ValidationError("an observer got no Notifications")
                    }
                    if received.kind == .signal, received.member == "Notifications" { break }
                }
            }
            let elapsed = MonotonicClock.nanoseconds() - start
            while true {
                guard let reply = typist.connection.nextMessage(timeoutMilliseconds: 5_000) else {
                    throw ValidationError("no reply to InsertText")
                }
                if reply.kind != .signal { break }
            }
            if round >= 20 { times.append(elapsed) }
        }
        return LatencyStats(times)
    }
}
