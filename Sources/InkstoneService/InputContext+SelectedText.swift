import InkstoneText

/// The selection as the engine sees it: what reconversion reopens.
extension InputContext {
    /// The longest selection handed to an engine, in UTF-8 bytes; a longer one is not
    /// offered (the engine sees no selection).
    static let maximumSelectedTextBytes = 256

    /// The selected text, or "" when nothing is selected, the context composes, or the
    /// selection is longer than ``maximumSelectedTextBytes``.
    func selectedTextForEngine() -> String {
        guard view.markedRange == nil, let range = view.selectedRange, range.length > 0 else { return "" }
        let storage = shared.document.storage
        guard let start = try? storage.utf8Offset(of: range.start, in: unit),
            let end = try? storage.utf8Offset(of: range.end, in: unit),
            end > start, end - start <= Self.maximumSelectedTextBytes
        else { return "" }
        return storage.text(utf8Range: start..<end)
    }
}
