import Glibc
import InkstoneSegmentation
import Testing

/// One line of a Unicode break test file: the text and where it must break.
struct BreakTestCase {
    let lineNumber: Int
    let units: [UInt16]
    /// Expected boundaries as UTF-16 offsets, including 0 and the end.
    let boundaries: [Int]
}

/// Parses the `÷ 0020 × 0308 ÷  # comment` format of the UCD *BreakTest.txt files.
func parseBreakTests(_ contents: String) -> [BreakTestCase] {
    var cases: [BreakTestCase] = []
    for (lineIndex, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { continue }
        var units: [UInt16] = []
        var boundaries: [Int] = []
        for token in tokens {
            switch token {
            case "÷": boundaries.append(units.count)
            case "×": break
            default:
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                    Issue.record("line \(lineIndex + 1): bad token \(token)")
                    continue
                }
                units.append(contentsOf: String(Character(scalar)).utf16)
            }
        }
        // LineBreakTest.txt writes "×" before the first character; 0 is a boundary all the same.
        if boundaries.first != 0 { boundaries.insert(0, at: 0) }
        cases.append(BreakTestCase(lineNumber: lineIndex + 1, units: units, boundaries: boundaries))
    }
    return cases
}

/// Reads a UCD break test file from the `unicode-data` package.
func loadBreakTests(_ fileName: String) throws -> [BreakTestCase] {
    let path = "/usr/share/unicode/auxiliary/\(fileName)"
    guard let file = fopen(path, "r") else { throw BreakTestFileMissing(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let read = fread(&buffer, 1, buffer.count, file)
        if read <= 0 { break }
        bytes.append(contentsOf: buffer[0..<read])
    }
    return parseBreakTests(String(decoding: bytes, as: UTF8.self))
}

struct BreakTestFileMissing: Error {
    let path: String
}

/// The line numbers whose ICU answer differs from the test file, each in every
/// chunking, walking both ways and probing each offset.
func failingLines(_ cases: [BreakTestCase], granularity: Granularity) -> Set<Int> {
    var failing: Set<Int> = []
    let segmenter = Segmenter(source: ChunkedTestSource([], chunkSizes: [1]))
    for chunkSizes in [[1], [3], [7], [2, 5, 3], [1 << 20]] {
        for testCase in cases {
            segmenter.source = ChunkedTestSource(testCase.units, chunkSizes: chunkSizes)
            let probed = (0...testCase.units.count).filter { segmenter.isBoundary($0, granularity: granularity) }
            if segmenter.forwardBoundaries(granularity) != testCase.boundaries
                || segmenter.backwardBoundaries(granularity) != testCase.boundaries
                || probed != testCase.boundaries
            {
                failing.insert(testCase.lineNumber)
            }
        }
    }
    return failing
}

/// Test-file lines where ICU 72 knowingly answers otherwise, with the reason and a
/// code unit every such line must contain (so the list cannot hide other failures).
struct KnownDeviation {
    let lineNumbers: [Int]
    let reason: String
    let containedUnit: UInt16
}

/// ICU's root word rules follow CLDR, which takes U+003A COLON out of MidLetter
/// (WB6/WB7 keep it only for Swedish and Finnish), so "a:A" breaks around the colon.
let wordDeviations = [
    KnownDeviation(
        lineNumbers: [1253, 1254, 1267, 1268, 1283, 1284, 1285, 1286, 1287, 1288, 1289, 1290, 1291, 1292, 1712],
        reason: "CLDR root: COLON is not MidLetter", containedUnit: 0x3A)
]

/// ICU's line rules tailor UAX #14 (the test file is not normative for tailored rules).
let lineDeviations = [
    KnownDeviation(
        lineNumbers: [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431],
        reason: "ICU keeps HYPHEN-MINUS with a following alphabetic (a minus sign or word-initial hyphen)",
        containedUnit: 0x2D),
    KnownDeviation(
        lineNumbers: [2873, 2875],
        reason: "ICU's numeric tailoring (LB25) keeps an infix separator with a following digit: \",0\"",
        containedUnit: 0x2C),
    KnownDeviation(
        lineNumbers: [7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587],
        reason: "ICU's numeric tailoring (LB25) keeps FULL STOP with a following digit: \".35\", \"a.2\"",
        containedUnit: 0x2E),
]

/// Checks that exactly the known deviations fail, and that each names a line that
/// really contains the character it blames.
func expectOnly(_ deviations: [KnownDeviation], failing: Set<Int>, cases: [BreakTestCase]) {
    let known = Set(deviations.flatMap(\.lineNumbers))
    let unexpected = failing.subtracting(known).sorted()
    let nowPassing = known.subtracting(failing).sorted()
    #expect(unexpected.isEmpty, "unexpected failures: \(unexpected.prefix(60)) (\(unexpected.count))")
    #expect(nowPassing.isEmpty, "listed as failing but passing: \(nowPassing)")
    let casesByLine = Dictionary(uniqueKeysWithValues: cases.map { ($0.lineNumber, $0) })
    for deviation in deviations {
        for lineNumber in deviation.lineNumbers {
            #expect(
                casesByLine[lineNumber]?.units.contains(deviation.containedUnit) == true,
                "line \(lineNumber) does not match its reason: \(deviation.reason)")
        }
    }
}

@Suite("Unicode 15.0 break test vectors over chunked text")
struct BreakTestVectorTests {
    @Test func unicodeVersionMatchesTheTestFiles() {
        #expect(Segmenter.unicodeVersion.hasPrefix("15.0"))
    }

    @Test func graphemeClusterBreaksMatchTheUnicodeTestFile() throws {
        let cases = try loadBreakTests("GraphemeBreakTest.txt")
        #expect(cases.count > 500)
        let failing = failingLines(cases, granularity: .grapheme).sorted()
        #expect(failing.isEmpty, "\(failing.count) lines: \(failing.prefix(60))")
    }

    @Test func wordBreaksMatchTheUnicodeTestFile() throws {
        let cases = try loadBreakTests("WordBreakTest.txt")
        #expect(cases.count > 1000)
        expectOnly(wordDeviations, failing: failingLines(cases, granularity: .word), cases: cases)
    }

    @Test func sentenceBreaksMatchTheUnicodeTestFile() throws {
        let cases = try loadBreakTests("SentenceBreakTest.txt")
        #expect(cases.count > 400)
        let failing = failingLines(cases, granularity: .sentence).sorted()
        #expect(failing.isEmpty, "\(failing.count) lines: \(failing.prefix(60))")
    }

    @Test func lineBreaksMatchTheUnicodeTestFile() throws {
        let cases = try loadBreakTests("LineBreakTest.txt")
        #expect(cases.count > 1000)
        expectOnly(lineDeviations, failing: failingLines(cases, granularity: .line), cases: cases)
    }
}
