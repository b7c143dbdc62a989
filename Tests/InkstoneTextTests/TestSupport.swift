import InkstoneTestSupport
import InkstoneText
import Synchronization

/// Two new views of `document`: `composer` composing `marked` at the start
/// (caret after it) and `other` with a caret at `otherCaret`, so that the
/// other view's edits queue behind the composition.
func composingPair(
    _ document: Document, marked: String, otherCaret: Int, unit: OffsetUnit = .utf16
) throws -> (composer: DocumentView, other: DocumentView) {
    let composer = document.makeView(unit: unit)
    let other = document.makeView(unit: unit)
    try composer.setSelectedRange(start: 0, length: 0)
    try other.setSelectedRange(start: otherCaret, length: 0)
    try composer.setMarkedText(marked, selectedStart: 1, selectedLength: 0)
    return (composer, other)
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds = Mutex<Double>(0)

    /// The current time.
    var now: Double { seconds.withLock { $0 } }

    /// Moves the clock forward.
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }

    /// An undo configuration reading this clock.
    func undoConfiguration(levelLimit: Int = 100, typingPause: Double = 1.0) -> UndoConfiguration {
        UndoConfiguration(levelLimit: levelLimit, typingPause: typingPause, clock: { [self] in now })
    }
}

/// Pieces the random scripts are built from: ASCII, CJK, an emoji ZWJ family,
/// a combining mark, regional-indicator flags, RTL, CRLF and lone CR/LF.
let textPieces: [String] = [
    "a", "Hello", " ", "漢字", "かな", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "e", "\u{301}",
    "e\u{301}", "\u{1F1EF}\u{1F1F5}", "\u{1F1FA}", "\u{1F1F8}", "שלום", "مرحبا", "\r\n", "\r", "\n", "😀", "𝄞",
    "\u{200D}", "\u{1F3FD}", "한", "ᄀ", "ᅡ",
]

extension RandomNumberGenerator {
    /// A random string of 0...maxPieces pieces.
    mutating func randomText(maxPieces: Int = 3) -> String {
        let count = Int.random(in: 0...maxPieces, using: &self)
        return (0..<count).map { _ in textPieces.randomElement(using: &self) ?? "" }.joined()
    }
}

extension String {
    /// Length in a unit, measured by the standard library.
    func count(in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: utf8.count
        case .utf16: utf16.count
        case .scalars: unicodeScalars.count
        case .graphemes: count
        }
    }

    /// The offset in `unit` of a `String.Index` on a scalar boundary.
    func offset(of index: String.Index, in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf8: utf8.distance(from: startIndex, to: index)
        case .utf16: utf16.distance(from: startIndex, to: index)
        case .scalars: unicodeScalars.distance(from: startIndex, to: index)
        case .graphemes: distance(from: startIndex, to: index)
        }
    }

    /// The offset in `unit` of the start of grapheme number `graphemeOffset`.
    func offset(ofGrapheme graphemeOffset: Int, in unit: OffsetUnit) -> Int {
        offset(of: index(startIndex, offsetBy: graphemeOffset), in: unit)
    }

    /// The text as an array of elements of `unit`, for replaying change records.
    func elements(in unit: OffsetUnit) -> [String] {
        switch unit {
        case .utf8: utf8.map { String($0) }
        case .utf16: utf16.map { String($0) }
        case .scalars: unicodeScalars.map { String($0) }
        case .graphemes: map { String($0) }
        }
    }
}
