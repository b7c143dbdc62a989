import Glibc
import InkstoneText
import Testing

/// The storage's grapheme boundaries against Unicode's own test data
/// (Debian unicode-data: GraphemeBreakTest.txt, Unicode 15.0).
@Suite("GraphemeBreakTest.txt")
struct GraphemeBreakTests {
    static let path = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"

    /// Lines where Swift's `Character` (the project's grapheme truth) differs
    /// from the 15.0 data, by line number, each with its reason:
    /// - 625: `÷ 2701 × 200D × 2701 ÷` (✁ ZWJ ✁, GB11). The Swift 6.3 standard
    ///   library breaks before the second U+2701 (`"\u{2701}\u{200D}\u{2701}".count == 2`);
    ///   the rope agrees with `String` here, which ``stdlibAgreesOnListedLines()`` checks.
    static let stdlibDifferences: Set<Int> = [625]

    struct Case {
        let lineNumber: Int
        let scalars: [Unicode.Scalar]
        /// Scalar offsets where the data expects a boundary (both ends included).
        let boundaries: [Int]
    }

    static func loadCases() throws -> [Case] {
        guard let file = fopen(path, "r") else {
            throw InkstoneError.invalidState("cannot open \(path) (Debian package unicode-data)")
        }
        defer { fclose(file) }
        var cases: [Case] = []
        var lineNumber = 0
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            lineNumber += 1
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                switch token {
                case "÷": boundaries.append(scalars.count)
                case "×": break
                default:
                    if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                        scalars.append(scalar)
                    }
                }
            }
            if !scalars.isEmpty { cases.append(Case(lineNumber: lineNumber, scalars: scalars, boundaries: boundaries)) }
        }
        return cases
    }

    /// The storage's boundaries for `text` placed after `prefix`, in scalars relative to the text.
    static func boundaries(of scalars: [Unicode.Scalar], after prefix: String) -> [Int] {
        var text = prefix
        text.unicodeScalars.append(contentsOf: scalars)
        let storage = TextStorage(text)
        let prefixUTF8 = prefix.utf8.count
        let prefixScalars = prefix.unicodeScalars.count
        return storage.graphemeBoundaries(in: prefixUTF8..<storage.utf8Count).map {
            storage.offset(ofUTF8: $0, in: .scalars) - prefixScalars
        }
    }

    @Test(arguments: ["", String(repeating: "a", count: 125) + "\n"])
    func everyLineMatches(prefix: String) throws {
        let cases = try Self.loadCases()
        #expect(cases.count == 602)
        var disagreements: [Int] = []
        for testCase in cases {
            let actual = Self.boundaries(of: testCase.scalars, after: prefix)
            if actual != testCase.boundaries {
                disagreements.append(testCase.lineNumber)
                if !Self.stdlibDifferences.contains(testCase.lineNumber) {
                    Issue.record("line \(testCase.lineNumber): expected \(testCase.boundaries), got \(actual)")
                }
            }
        }
        #expect(Set(disagreements) == Self.stdlibDifferences)
    }

    @Test func editedStorageMatchesToo() throws {
        // Build one long text by edits (inserting each case before the previous
        // ones) so clusters straddle rope chunks, then compare every boundary.
        let cases = try Self.loadCases().filter { !Self.stdlibDifferences.contains($0.lineNumber) }
        let document = Document(text: "")
        let view = document.makeView(unit: .scalars)
        var expected: [Int] = [0]
        var total = 0
        for testCase in cases.reversed() {
            var piece = ""
            piece.unicodeScalars.append(contentsOf: testCase.scalars)
            piece += "\u{1}"  // a control: a boundary on both sides (GB4, GB5)
            try view.replace(start: 0, length: 0, with: piece)
            let shifted = expected.dropFirst().map { $0 + piece.unicodeScalars.count }
            expected = testCase.boundaries + [testCase.scalars.count + 1] + shifted
            total += piece.unicodeScalars.count
        }
        let storage = document.storage
        let actual = storage.graphemeBoundaries(in: 0..<storage.utf8Count).map {
            storage.offset(ofUTF8: $0, in: .scalars)
        }
        #expect(actual.count == expected.count)
        let mismatch = zip(actual, expected).first { $0 != $1 }
        #expect(mismatch == nil, "first differing boundary: \(String(describing: mismatch))")
        #expect(view.length == total)
    }

    @Test func stdlibAgreesOnListedLines() throws {
        for testCase in try Self.loadCases() where Self.stdlibDifferences.contains(testCase.lineNumber) {
            var text = ""
            text.unicodeScalars.append(contentsOf: testCase.scalars)
            var stdlibBoundaries = [0]
            var scalarOffset = 0
            for character in text {
                scalarOffset += character.unicodeScalars.count
                stdlibBoundaries.append(scalarOffset)
            }
            #expect(Self.boundaries(of: testCase.scalars, after: "") == stdlibBoundaries, "line \(testCase.lineNumber)")
            #expect(stdlibBoundaries != testCase.boundaries, "line \(testCase.lineNumber) no longer differs")
        }
    }
}
