import InkstoneService
import InkstoneText

/// A bounded buffer for clients that never send surrounding text: their context's document
/// only ever grows with what was committed, so text far behind the caret is dropped.
extension CompatContext {
    /// UTF-8 bytes of text kept before the caret (at least; whole graphemes).
    static let keptBytesBeforeCaret = 4096
    /// The text before the caret may grow this far past ``keptBytesBeforeCaret`` before it
    /// is trimmed back, so that trimming happens once per 4 KiB typed, not on every key.
    static let trimSlackBytes = 4096

    /// Drops the text more than ``keptBytesBeforeCaret`` before the caret once there is more
    /// than ``keptBytesBeforeCaret`` + ``trimSlackBytes`` of it, in a context that has never
    /// received surrounding text and has no open composition. The drop registers no undo
    /// step; the client is not told (its own text is untouched: the document only mirrors
    /// what was committed into it).
    func trimBehindCaret() {
        // This runs on every key: a document too short to trim needs no offset conversion,
        // and the others are measured through the document's rope, never copied.
        let storage = context.view.document.storage
        guard storage.utf8Count > Self.keptBytesBeforeCaret + Self.trimSlackBytes, !receivedSurroundingText,
            context.view.markedText == nil, let caret = context.view.selectedRange?.start, caret > 0,
            let bytesBefore = try? storage.utf8Offset(of: caret, in: context.unit),
            bytesBefore > Self.keptBytesBeforeCaret + Self.trimSlackBytes
        else { return }
        // Whole graphemes from the start until what is left before the caret fits.
        let droppedBytes = storage.snapToGrapheme(
            utf8Offset: bytesBefore - Self.keptBytesBeforeCaret, direction: .up)
        let dropped = storage.offset(ofUTF8: droppedBytes, in: context.unit)
        let registers = context.view.isUndoRegistrationEnabled
        context.setUndoRegistration(false)
        defer { context.setUndoRegistration(registers) }
        _ = try? context.replaceRange(start: 0, length: dropped, with: "", expectedRevision: 0)
    }
}
