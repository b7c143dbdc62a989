import ArgumentParser
import InkstoneLayout
import InkstoneMeasure

/// `inkstone-bench geometry`: the cost of one geometry query (caret rect,
/// first rect, selection rects, closest position) on a 10,000-line document,
/// from the cell grid and from pushed line fragments. Queries binary-search
/// the lines; the grid lays a paragraph out on first use and caches it.
struct GeometryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Geometry queries on a 10,000-line document, from a cell grid and from pushed fragments."
    )

    @Option(help: "Lines in the document.")
    var lines = 10_000

    @Option(help: "Queries per measurement.")
    var queries = 20_000

    @Option(help: "Seed of the query positions.")
    var seed: UInt64 = 42

    @Flag(help: "A short smoke run (1,000 lines, 500 queries).")
    var quick = false

    mutating func run() throws {
        if quick {
            lines = 1_000
            queries = 500
        }
        let text = Self.document(lines: lines)
        let grid = try CellGrid(originX: 0, originY: 0, cellWidth: 8, cellHeight: 16, columns: 80, tabWidth: 8)
        let buildStart = MonotonicClock.nanoseconds()
        let gridLayout = CellGridLayout(text: text, grid: grid, unit: .utf16)
        let buildTime = MonotonicClock.nanoseconds() - buildStart
        print(
            "document: \(lines) lines, \(gridLayout.textLength) UTF-16 units, \(gridLayout.lineCount) visual lines "
                + "at 80 columns; seed \(seed)")
        print("cell grid build (scan + row counts, once per revision): \(buildTime / 1000) µs")

        let probes = Self.probes(in: CellGridLayout(text: text, grid: grid, unit: .utf16), count: queries, seed: seed)
        report("grid, first touch", measure(gridLayout, probes))
        report("grid, warm", measure(gridLayout, probes))
        let allLines = (0..<gridLayout.lineCount).map(gridLayout.line(at:))
        let fragments = try FragmentLayout(lines: allLines, textLength: gridLayout.textLength)
        report("fragments", measure(fragments, probes))
        let update = measureUpdates(of: text, grid: grid)
        print(
            "grid update after a one-character insertion (instead of a \(buildTime / 1000) µs rebuild): "
                + "median \(update.median / 1000) µs, p99 \(update.p99 / 1000) µs (\(update.count) edits)")
    }

    /// Nanoseconds to update the grid layout after inserting one character
    /// at a seeded random place (building the new string is not timed).
    private func measureUpdates(of text: String, grid: CellGrid) -> EngineBenchStats {
        var state = seed | 1
        var layout = CellGridLayout(text: text, grid: grid, unit: .utf16)
        var current = Array(text.utf8)
        var samples: [UInt64] = []
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var utf8Offset = Int((state >> 33) % UInt64(current.count))
            while utf8Offset > 0, current[utf8Offset] & 0xC0 == 0x80 { utf8Offset -= 1 }
            current.insert(UInt8(ascii: "x"), at: utf8Offset)
            let newText = String(decoding: current, as: UTF8.self)
            _ = layout.caretRect(at: min(utf8Offset, layout.textLength))
            let start = MonotonicClock.nanoseconds()
            layout = CellGridLayout(
                updating: layout, text: newText, changedUTF8Range: utf8Offset..<utf8Offset, newUTF8Length: 1)
            samples.append(MonotonicClock.nanoseconds() - start)
        }
        return EngineBenchStats(samples)
    }

    /// A position, a point and a range end for one query of each kind.
    private struct Probe {
        var position: Int
        var x: Double
        var y: Double
    }

    /// Query inputs at seeded random grapheme boundaries.
    private static func probes(in layout: CellGridLayout, count: Int, seed: UInt64) -> [Probe] {
        var state = seed | 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        return (0..<count).map { _ in
            let line = layout.line(at: next(layout.lineCount))
            let stop = next(line.boundaryOffsets.count)
            return Probe(position: line.boundaryOffsets[stop], x: line.caretXs[stop] + 3, y: line.rect.midY)
        }
    }

    /// Nanoseconds per query, one sample set per query kind.
    private func measure(_ layout: some LineStore, _ probes: [Probe]) -> [(String, EngineBenchStats)] {
        var caret: [UInt64] = []
        var first: [UInt64] = []
        var selection: [UInt64] = []
        var closest: [UInt64] = []
        var checksum = 0.0
        for probe in probes {
            let length = min(200, layout.textLength - probe.position)
            var start = MonotonicClock.nanoseconds()
            checksum += layout.caretRect(at: probe.position).x
            caret.append(MonotonicClock.nanoseconds() - start)
            start = MonotonicClock.nanoseconds()
            checksum += layout.firstRect(start: probe.position, length: min(40, length)).rect.width
            first.append(MonotonicClock.nanoseconds() - start)
            start = MonotonicClock.nanoseconds()
            checksum += Double(layout.selectionRects(start: probe.position, length: length).count)
            selection.append(MonotonicClock.nanoseconds() - start)
            start = MonotonicClock.nanoseconds()
            checksum += Double(layout.closestPosition(x: probe.x, y: probe.y))
            closest.append(MonotonicClock.nanoseconds() - start)
        }
        precondition(checksum.isFinite, "bad answers")
        return [
            ("CaretRect", EngineBenchStats(caret)), ("FirstRectForRange(40)", EngineBenchStats(first)),
            ("SelectionRects(200)", EngineBenchStats(selection)), ("ClosestPosition", EngineBenchStats(closest)),
        ]
    }

    private func report(_ label: String, _ rows: [(String, EngineBenchStats)]) {
        print("\(label):")
        for (name, stats) in rows {
            print("  \(name): median \(stats.median) ns, p99 \(stats.p99) ns (\(stats.count) queries)")
        }
    }

    /// Lines of mixed text; every fifth is long enough to wrap at 80 columns.
    static func document(lines: Int) -> String {
        let short = [
            "let value = compute(x, y)\t// ASCII code line",
            "世界は広い。日本語の行です。",
            "naïve café 👩‍👩‍👧 e\u{301}mojis ❤️ and 한국어 text",
        ]
        let long = String(repeating: "The quick brown fox jumps over the lazy dog, 世界. ", count: 4)
        var text = ""
        for number in 0..<lines {
            text += number % 5 == 4 ? long : short[number % short.count]
            if number < lines - 1 { text += "\n" }
        }
        return text
    }
}
