import ArgumentParser
import Glibc
import InkstoneEngines
import InkstoneMeasure

/// `inkstone-bench engine`: engine work per key with no D-Bus, and Hanja dictionary costs.
///
/// Each engine gets a realistic key stream (English prose for `direct` and `compose`,
/// with dead-key and Compose sequences mixed in for `compose`; Dubeolsik-typed Korean
/// with corrections for `hangul`); every key is timed on its own. Hanja: the first lookup
/// including the cold load and indexing of `hanja.txt` (the OS page cache may be warm),
/// then repeated lookups.
struct EngineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Engine work per key (direct, compose, hangul) and Hanja lookup costs."
    )

    @Flag(help: "Fewer iterations, for a smoke run.")
    var quick = false

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    func run() throws {
        let keyCount = quick ? 20_000 : 300_000
        let direct = EngineBenchTimer.perKey(DirectEngine(), stream: try EngineBenchStreams.english(), keys: keyCount)
        let compose = EngineBenchTimer.perKey(
            ComposeEngine(), stream: try EngineBenchStreams.composing(), keys: keyCount)
        let hangul = EngineBenchTimer.perKey(HangulEngine(), stream: try EngineBenchStreams.korean(), keys: keyCount)

        let coldStart = MonotonicClock.nanoseconds()
        let table = HanjaTable(path: HanjaTable.defaultPath)
        let firstResult = table.exactMatches("한")
        let coldMilliseconds = Double(MonotonicClock.nanoseconds() - coldStart) / 1e6
        guard firstResult.contains(where: { $0.text == "韓" }) else {
            throw ValidationError("hanja.txt did not load (no 韓 for 한)")
        }
        let lookups = EngineBenchTimer.hanjaLookups(table, count: quick ? 2_000 : 20_000)

        let rows: [(String, EngineBenchStats)] = [
            ("direct", direct), ("compose", compose), ("hangul", hangul),
            ("hanja_lookup", lookups),
        ]
        if json {
            let fields = rows.map { name, stats in
                "\"\(name)\":{\"median_ns\":\(stats.median),\"p99_ns\":\(stats.p99),\"samples\":\(stats.count)}"
            }
            print(
                "{" + fields.joined(separator: ",") + ",\"hanja_cold_first_lookup_ms\":\(coldMilliseconds)"
                    + ",\"hanja_entries\":\(table.count)}")
            return
        }
        print("engine work per key (\(keyCount) keys each, no D-Bus)")
        for (name, stats) in rows.prefix(3) {
            let ratio = Double(stats.median) / Double(max(direct.median, 1))
            print(
                "  \(name.padding(8))  median \(Self.micros(stats.median)) µs  p99 \(Self.micros(stats.p99)) µs"
                    + "  (\(Self.fixed(ratio, 2))× direct median)")
        }
        print("hanja (\(table.count) entries)")
        print("  first lookup incl. load+index   \(Self.fixed(coldMilliseconds, 1)) ms")
        print(
            "  later exact lookups (\(lookups.count))  median \(Self.micros(lookups.median)) µs"
                + "  p99 \(Self.micros(lookups.p99)) µs")
    }

    static func micros(_ nanoseconds: UInt64) -> String { fixed(Double(nanoseconds) / 1000, 3) }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}

/// Nanosecond samples of engine work (median and p99 by nearest rank, see ``Samples``).
typealias EngineBenchStats = Samples<UInt64>

enum EngineBenchTimer {
    /// Times `keys` key presses (and their releases, untimed) cycling through `stream`.
    static func perKey<Engine: CompositionEngine>(_ engine: Engine, stream: [KeyEvent], keys: Int) -> EngineBenchStats {
        var engine = engine
        var samples: [UInt64] = []
        samples.reserveCapacity(keys)
        var committedUTF8 = 0
        for keyNumber in 0..<(keys + 1_000) {
            let key = stream[keyNumber % stream.count]
            let start = MonotonicClock.nanoseconds()
            let output = engine.handle(key)
            let elapsed = MonotonicClock.nanoseconds() - start
            committedUTF8 &+= output.commit?.utf8.count ?? 0
            if keyNumber >= 1_000 { samples.append(elapsed) }  // the first keys warm caches
        }
        if committedUTF8 == 0 { print("warning: no text committed") }
        return EngineBenchStats(samples)
    }

    /// Exact lookups of common readings (syllables and words), in rotation.
    static func hanjaLookups(_ table: HanjaTable, count: Int) -> EngineBenchStats {
        let readings = ["한", "국", "대한민국", "학교", "사람", "문", "일", "중국", "정", "수", "없는말", "가", "한자", "시"]
        var samples: [UInt64] = []
        var found = 0
        for lookup in 0..<count {
            let start = MonotonicClock.nanoseconds()
            found &+= table.exactMatches(readings[lookup % readings.count]).count
            samples.append(MonotonicClock.nanoseconds() - start)
        }
        if found == 0 { print("warning: no hanja found") }
        return EngineBenchStats(samples)
    }
}

/// Realistic key streams, built from keysym names.
enum EngineBenchStreams {
    static func keys(for text: String) throws -> [KeyEvent] {
        try text.unicodeScalars.map { scalar in
            switch scalar {
            case " ": return KeyEvent(keysym: Keysym.space)
            case "\n": return KeyEvent(keysym: Keysym.returnKey)
            case "\u{8}": return KeyEvent(keysym: Keysym.backSpace)
            default:
                guard scalar.isASCII else { throw ValidationError("non-ASCII key \(scalar)") }
                return KeyEvent(keysym: scalar.value, modifiers: scalar.properties.isUppercase ? .shift : [])
            }
        }
    }

    /// English prose with corrections.
    static func english() throws -> [KeyEvent] {
        try keys(
            for:
                "The quick brown fox jumps over the lazy dog. Typing a longer sentence, with commas; and a typo\u{8}o or two.\n"
        )
    }

    /// English with dead keys and Compose sequences mixed in.
    static func composing() throws -> [KeyEvent] {
        let acute = try KeyEvent(name: "dead_acute")
        let multi = try KeyEvent(name: "Multi_key")
        var stream = try keys(for: "Le caf")
        stream += [acute] + (try keys(for: "e est ouvert; na"))
        stream += [try KeyEvent(name: "dead_diaeresis")] + (try keys(for: "ive co"))
        stream += [multi] + (try keys(for: "oeur, 5 ")) + [multi] + (try keys(for: "C= --- "))
        stream += [multi] + (try keys(for: "---")) + (try keys(for: " fin.\n"))
        return stream
    }

    /// Dubeolsik keys for Korean prose, with a correction.
    static func korean() throws -> [KeyEvent] {
        try keys(
            for:
                "dkssudgktpdy. cjdmaqhqrhtmqslek rmfjsgks qkfrdms ekfrl akfrdms gksmf\u{8}\u{8}f wjsdmf dhktjd gkqslek.\n"
        )
    }
}

extension String {
    /// Right-pads with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
