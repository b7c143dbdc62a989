import Glibc
import InkstoneEngines
import InkstoneTestSupport
import Testing

/// The compiled, memory-mapped reading table and its cache: the same answers
/// as the in-memory table, rebuilt whenever the source or the file changes.
@Suite struct CompiledReadingTableTests {
    typealias Row = (reading: String, entry: DictionaryEntry)

    /// Random rows over a small alphabet, so readings share prefixes and texts repeat.
    static func randomRows(_ random: inout SplitMix64, count: Int) -> [Row] {
        let alphabet = ["か", "き", "ん", "じ", "a", "b", "ー", "漢", "字", "🙂", "é"]
        func word(_ maximum: Int) -> String {
            (0...random.next(below: maximum)).map { _ in alphabet[random.next(below: alphabet.count)] }.joined()
        }
        return (0..<count).map { _ in
            let annotation: String? = [nil, "", "note", "幹事;x"][random.next(below: 4)]
            let weight = [0, 1, 2.5, -3, 1e9][random.next(below: 5)]
            let modelWords = (0..<random.next(below: 3)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            return (
                word(4), DictionaryEntry(text: word(3), annotation: annotation, weight: weight, modelWords: modelWords)
            )
        }
    }

    /// Writes `rows` as a small TSV source (only its stamp matters to the cache).
    static func writeSource(_ path: String, _ rows: [Row]) throws {
        try writeFile(path, rows.map { "\($0.reading)\t\($0.entry.text)\t\($0.entry.weight)" }.joined(separator: "\n"))
    }

    /// Every answer of `compiled` equals the in-memory table's.
    static func expectSameAnswers(_ compiled: any ReadingTable, _ memory: SortedReadingTable, probes: [String]) {
        #expect(compiled.readingCount == memory.readingCount)
        let all = memory.readings(withPrefix: "", limit: .max)
        #expect(compiled.readings(withPrefix: "", limit: .max) == all)
        for reading in all + probes {
            #expect(compiled.entries(for: reading) == memory.entries(for: reading), "entries for \(reading)")
            #expect(
                compiled.hasReadings(withPrefix: reading)
                    == !memory.readings(withPrefix: reading, limit: 1).isEmpty, "a reading starts with \(reading)")
            for limit in [0, 1, 3, 100] {
                #expect(
                    compiled.entries(for: reading, limit: limit) == Array(memory.entries(for: reading).prefix(limit)),
                    "\(limit) entries for \(reading)")
                #expect(
                    compiled.readings(withPrefix: reading, limit: limit)
                        == memory.readings(withPrefix: reading, limit: limit))
            }
            #expect(
                compiled.readings(prefixing: Substring(reading + "かん"), maximumLength: 6)
                    == memory.readings(prefixing: Substring(reading + "かん"), maximumLength: 6))
        }
    }

    @Test func compiledTablesAnswerAsTheInMemoryTableOnRandomTables() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-table")
        let seed = testSeed()
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            let rows = Self.randomRows(&random, count: random.next(below: 120))
            let source = folder + "/source-\(round).txt"
            try Self.writeSource(source, rows)
            let loaded = ReadingTableCache.open(
                name: "random-\(round)", source: source, formatVersion: 1, directory: folder
            ) { rows }
            #expect(loaded.origin == .built(.missing), "seed \(seed) round \(round)")
            #expect(loaded.table is CompiledReadingTable)
            let probes = ["", "か", "かんじ", "x", "漢字字字字", "\u{10FFFF}"]
            Self.expectSameAnswers(loaded.table, SortedReadingTable(rows: rows), probes: probes)
        }
    }

    @Test func aCurrentCacheIsMappedAndAChangedSourceRebuildsIt() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-table")
        let source = folder + "/dict.txt"
        var rows: [Row] = [
            ("かんじ", DictionaryEntry(text: "漢字", weight: 2)), ("かんじ", DictionaryEntry(text: "感じ", weight: 1)),
        ]
        try Self.writeSource(source, rows)
        var parses = 0
        func load(version: UInt32 = 1) -> ReadingTableCache.Loaded {
            ReadingTableCache.open(name: "dict", source: source, formatVersion: version, directory: folder) {
                parses += 1
                return rows
            }
        }
        #expect(load().origin == .built(.missing))
        let warm = load()
        #expect(warm.origin == .cached)
        #expect(parses == 1, "a current cache is not parsed again")
        #expect(warm.table.entries(for: "かんじ").map(\.text) == ["漢字", "感じ"])

        // Another size: rebuilt, with the new rows.
        rows.append(("き", DictionaryEntry(text: "木")))
        try Self.writeSource(source, rows)
        let grown = load()
        #expect(grown.origin == .built(.stale))
        #expect(grown.table.entries(for: "き").map(\.text) == ["木"])
        #expect(load().origin == .cached)

        // Same size, another modification time: rebuilt.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, source, &times, 0) == 0)
        #expect(load().origin == .built(.stale))
        #expect(load().origin == .cached)

        // Another parser version: rebuilt.
        #expect(load(version: 2).origin == .built(.stale))
        #expect(parses == 4)

        // The file is private to the user.
        var info = stat()
        #expect(stat(folder + "/dict.table", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func damagedTruncatedOrForeignCacheFilesAreRebuilt() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-table")
        let source = folder + "/dict.txt"
        var random = SplitMix64(seed: 7)
        let rows = Self.randomRows(&random, count: 200)
        try Self.writeSource(source, rows)
        let memory = SortedReadingTable(rows: rows)
        let cache = folder + "/dict.table"
        func load() -> ReadingTableCache.Loaded {
            ReadingTableCache.open(name: "dict", source: source, formatVersion: 1, directory: folder) { rows }
        }
        _ = load()
        let good = try #require(readBytes(cache))

        let damages: [(String, [UInt8])] = [
            ("truncated", Array(good.prefix(good.count / 2))),
            ("shorter than a header", Array(good.prefix(40))),
            ("empty", []),
            (
                "a header bit flipped",
                {
                    var bytes = good
                    bytes[60] ^= 0x10
                    return bytes
                }()
            ),
            (
                "bad magic",
                {
                    var bytes = good
                    bytes[0] = UInt8(ascii: "X")
                    return bytes
                }()
            ),
            (
                "another layout",
                {
                    var bytes = good
                    bytes[8] = 9
                    return bytes
                }()
            ),
            ("longer", good + [0, 1, 2, 3]),
            (
                "foreign",
                Array("this is not a table at all, just some text that is long enough to fill a header. ".utf8) + good
            ),
        ]
        for (what, bytes) in damages {
            try writeBytes(cache, bytes)
            let loaded = load()
            guard case .built(.damaged) = loaded.origin else {
                Issue.record("\(what): \(loaded.origin)")
                continue
            }
            Self.expectSameAnswers(loaded.table, memory, probes: ["x"])
            #expect(load().origin == .cached, "\(what): the rebuilt file is used next time")
        }
    }

    @Test func flippedBytesInTheBodyNeverCrashALookup() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-table")
        let source = folder + "/dict.txt"
        var random = SplitMix64(seed: testSeed())
        let rows = Self.randomRows(&random, count: 150)
        try Self.writeSource(source, rows)
        let path = folder + "/dict.table"
        _ = ReadingTableCache.open(name: "dict", source: source, formatVersion: 1, directory: folder) { rows }
        let good = try #require(readBytes(path))
        let probes = SortedReadingTable(rows: rows).readings(withPrefix: "", limit: .max) + ["", "か"]
        for _ in 0..<60 {
            var bytes = good
            for _ in 0..<8 {
                let offset = 104 + random.next(below: bytes.count - 104)
                bytes[offset] = UInt8(truncatingIfNeeded: random.next())
            }
            try writeBytes(path, bytes)
            // The header still checks out: the body's offsets are bounds-checked at every lookup.
            let table = try CompiledReadingTable(path: path, expecting: nil)
            for probe in probes {
                _ = table.entries(for: probe)
                _ = table.readings(withPrefix: probe, limit: 50)
            }
        }
    }

    @Test func anUnwritableCacheFolderServesTheTableFromMemory() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-table")
        let source = folder + "/dict.txt"
        let rows: [Row] = [("か", DictionaryEntry(text: "蚊"))]
        try Self.writeSource(source, rows)
        // A regular file where the cache folder should be.
        let blocked = folder + "/not-a-folder"
        try writeFile(blocked, "x")
        for directory in [blocked + "/cache", blocked] {
            let loaded = ReadingTableCache.open(name: "dict", source: source, formatVersion: 1, directory: directory) {
                rows
            }
            guard case .memory = loaded.origin else {
                Issue.record("\(directory): \(loaded.origin)")
                continue
            }
            #expect(loaded.table.entries(for: "か").map(\.text) == ["蚊"])
        }
        let missing = ReadingTableCache.open(
            name: "dict", source: folder + "/absent", formatVersion: 1, directory: folder
        ) { rows }
        #expect(missing.origin == .memory("cannot read \(folder)/absent"))
        let badName = ReadingTableCache.open(name: "../x", source: source, formatVersion: 1, directory: folder) { rows }
        #expect(badName.origin == .memory("'../x' is not a valid table name"))
    }
}
