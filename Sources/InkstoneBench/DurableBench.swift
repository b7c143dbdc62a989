import ArgumentParser
import Glibc
import InkstoneClient
import InkstoneMeasure
import InkstoneTestSupport
import InkstoneText

/// `inkstone-bench durable`: what durable documents cost.
///
/// - Key round trip (`ProcessKeyEvent`, a letter then BackSpace) on a context
///   with `durable=true` against one without, interleaved on one daemon: the
///   difference is the journal write and its `fdatasync`.
/// - Journal bytes per typed key, against a budget.
/// - Compaction of a 1 MB document against writing the same bytes with
///   `DurableFile.replace` (write, fsync, rename) in the same run.
/// - Restore (read and replay) of a 1 MB document (100 MB with `--large`)
///   against reading the file alone.
struct DurableBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "durable",
        abstract: "Durable documents: key round trip durable vs not, journal bytes per key, compaction, restore."
    )

    @Flag(help: "A smoke run: few keys and repetitions.")
    var quick = false

    @Flag(help: "Also restore a 100 MB document.")
    var large = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-bench-durable")
        var rows = try keyRoundTrip(state: folder + "/state")
        rows.append(try journalBytesPerKey(folder: folder))
        rows.append(try compaction(folder: folder))
        for size in large ? [1 << 20, 100 << 20] : [1 << 20] {
            rows.append(try restore(folder: folder, size: size))
        }
        BenchTable.print(rows, json: json)
    }

    private func keyRoundTrip(state: String) throws -> [BenchRow] {
        let bus = try PrivateBus()
        let daemon = try DaemonProcess(
            executable: builtProduct("inkstoned"), arguments: ["--address", bus.address],
            environment: ["XDG_STATE_HOME": state])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
            bus.stop()
        }
        guard try daemon.waitForName(InkstoneNames.busName, on: bus.address) else {
            throw ValidationError("inkstoned did not start: \(daemon.stderr)")
        }
        let typer = try KeyClient(busAddress: bus.address)
        let durable = try typer.createContext(["durable=true"])
        let plain = try typer.createContext([])
        let keys: [UInt32] = [0x61, 0xff08]  // a, BackSpace: the text stays small
        let rounds = quick ? 400 : 10_000
        let warmup = quick ? 50 : 500
        var durableSamples: [UInt64] = []
        var plainSamples: [UInt64] = []
        for round in 0..<(warmup + rounds) {
            let key = keys[round % keys.count]
            let durableTime = try typer.timeKey(durable, keysym: key)
            let plainTime = try typer.timeKey(plain, keysym: key)
            if round >= warmup {
                durableSamples.append(durableTime)
                plainSamples.append(plainTime)
            }
        }
        return [
            BenchRow.latency(
                "key round trip, durable=true vs not", LatencyStats(durableSamples),
                baseline: LatencyStats(plainSamples), baselineName: "durable=false", limit: nil,
                goal: "informational: one fdatasync per call",
                note: "\(rounds) keys each, interleaved, filesystem of \(state)")
        ]
    }

    /// A document with a view at its end and its journal at `path`.
    private func journaled(path: String, text: String, compactionBytes: Int) throws -> (
        Document, DocumentView, DocumentJournal
    ) {
        let document = Document(text: text)
        let view = document.makeView(unit: .utf16)
        try view.setSelectedRange(start: view.length, length: 0)
        let journal = try DocumentJournal.create(
            path: path, document: document, unit: .utf16, compactionBytes: compactionBytes)
        return (document, view, journal)
    }

    private func journalBytesPerKey(folder: String) throws -> BenchRow {
        let (_, view, journal) = try journaled(path: folder + "/keys.journal", text: "", compactionBytes: 1 << 30)
        let start = journal.fileBytes
        let keys = quick ? 200 : 2_000
        for index in 0..<keys {
            try view.insertText(String(UnicodeScalar(UInt8(0x61 + index % 26))))
            try journal.commit()
        }
        let perKey = Double(journal.fileBytes - start) / Double(keys)
        return BenchRow(
            name: "journal bytes per typed key", unit: "B/key", median: perKey, baseline: .budget(128),
            goal: "≤ 128 B/key", met: perKey <= 128,
            note: "\(keys) ASCII keys, one call each (edit, selection, commit records)")
    }

    private func compaction(folder: String) throws -> BenchRow {
        let text = BenchText.pieces(totalUTF8: 1 << 20).joined()
        let (document, _, journal) = try journaled(
            path: folder + "/compact.journal", text: text, compactionBytes: 1 << 30)
        defer { withExtendedLifetime(document) {} }
        let repetitions = quick ? 5 : 30
        var compactions: [UInt64] = []
        var writes: [UInt64] = []
        let bytes = Array(text.utf8)
        for _ in 0..<repetitions {
            compactions.append(UInt64(try timed { try journal.compact() }))
            writes.append(UInt64(try timed { try DurableFile.replace(folder + "/raw.bytes", with: bytes) }))
        }
        return BenchRow.latency(
            "compaction, 1 MB document", LatencyStats(compactions), baseline: LatencyStats(writes),
            baselineName: "DurableFile.replace of 1 MB", limit: nil, goal: "informational",
            note: "\(repetitions) repetitions, interleaved")
    }

    private func restore(folder: String, size: Int) throws -> BenchRow {
        let path = folder + "/restore-\(size).journal"
        let text = BenchText.pieces(totalUTF8: size).joined()
        do {
            let (document, view, journal) = try journaled(path: path, text: text, compactionBytes: 1 << 30)
            // A snapshot and then 1000 typed keys, as after a stretch of typing.
            for index in 0..<1_000 {
                try view.insertText(String(UnicodeScalar(UInt8(0x61 + index % 26))))
                try journal.commit()
            }
            try document.setAttribute("bold", value: .bool(true), start: 0, length: 100, in: .utf16)
            try journal.commit()
            journal.close()
        }
        let repetitions = quick ? 2 : (size > 8 << 20 ? 3 : 20)
        var restores: [UInt64] = []
        var reads: [UInt64] = []
        for _ in 0..<repetitions {
            restores.append(UInt64(try timed { _ = try DocumentJournal.read(path: path) }))
            reads.append(UInt64(try timed { _ = try DurableFile.read(path) }))
        }
        let name = size >= 1 << 20 ? "\(size >> 20) MB" : "\(size >> 10) KB"
        return BenchRow.latency(
            "restore, \(name) document + 1000 keys", LatencyStats(restores), baseline: LatencyStats(reads),
            baselineName: "reading the file", limit: nil, goal: "informational",
            note: "\(repetitions) repetitions, interleaved")
    }
}
