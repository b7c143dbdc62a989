import InkstoneService
import InkstoneText

/// Surrounding text: the client's text around the caret feeds the context's document, so
/// engines (Hanja of the word before the caret) and the tokenizer see what the user sees.
extension CompatContext {
    /// The document becomes `text` with the selection between `cursor` and `anchor` (code
    /// points, snapped to grapheme boundaries). Ignored while a composition is open (the
    /// client's text does not hold the preedit). Positions past the text are
    /// `InvalidRange`, and then nothing changes.
    func setSurroundingText(_ text: String, cursor: Int, anchor: Int) throws(InkstoneError) {
        let boundaries = Self.graphemeBoundaries(of: text)
        let count = boundaries.last ?? 0
        guard (0...count).contains(cursor), (0...count).contains(anchor) else {
            throw .invalidRange("cursor \(cursor) or anchor \(anchor) is outside the \(count) code points of the text")
        }
        receivedSurroundingText = true
        guard context.view.markedText == nil else { return }
        let lower = boundaries.last { $0 <= min(cursor, anchor) } ?? 0
        let upper = boundaries.first { $0 >= max(cursor, anchor) } ?? count
        if context.view.text != text {
            _ = try context.replaceRange(start: 0, length: context.view.length, with: text, expectedRevision: 0)
        }
        try context.setSelectedRange(start: lower, length: upper - lower)
    }

    /// Moves the selection in the text last given (code points); `InvalidRange` past it.
    func setSurroundingPosition(cursor: Int, anchor: Int) throws(InkstoneError) {
        try setSurroundingText(context.view.text, cursor: cursor, anchor: anchor)
    }

    /// The code-point offsets of every grapheme boundary of `text`, 0 and the end included.
    static func graphemeBoundaries(of text: String) -> [Int] {
        var offsets = [0]
        var position = 0
        for character in text {
            position += character.unicodeScalars.count
            offsets.append(position)
        }
        return offsets
    }
}
