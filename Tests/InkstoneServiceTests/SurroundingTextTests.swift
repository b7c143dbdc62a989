import InkstoneEngines
import InkstoneService
import InkstoneText
import Testing

/// An engine that looks back (Hangul's Hanja key converts the word before the
/// caret) sees the text before the caret as it is at each key: the text is read
/// again whenever an edit or a caret move happened since the last key, and only then.
@Suite struct SurroundingTextTests {
    private func hanja(_ context: InputContext) throws -> [String] {
        _ = try context.processKey(KeyEvent(keysym: Keysym.hangulHanja))
        _ = try context.processKey(KeyEvent(keysym: Keysym.hangulHanja, isRelease: true))
        let shown = context.candidates.items.map(\.text)
        _ = try context.processKey(KeyEvent(keysym: Keysym.escape))
        _ = try context.processKey(KeyEvent(keysym: Keysym.escape, isRelease: true))
        #expect(context.candidates.items.isEmpty, "Escape closes the list")
        return shown
    }

    @Test func theEngineSeesEditsAndCaretMovesMadeBetweenKeys() throws {
        let service = InkstoneService()
        var options = contextOptions()
        options.engine = "hangul"
        let context = try service.createContext(owner: ":1.1", options: options)
        _ = try context.insertText("한")
        let forHan = try hanja(context)
        #expect(forHan.contains("韓"), "\(forHan)")

        // Edits with no key between them and the next key: it reads the new text.
        try context.setSelectedRange(start: 0, length: 1)
        _ = try context.insertText("가")
        let forGa = try hanja(context)
        #expect(!forGa.isEmpty && !forGa.contains("韓"), "\(forGa)")
        _ = try context.insertText(" 한")
        let atEnd = try hanja(context)
        #expect(atEnd.contains("韓"), "\(atEnd)")

        // A caret move changes no revision: the next key still reads the text before the new caret.
        try context.setSelectedRange(start: 1, length: 0)
        #expect(try hanja(context) == forGa)
        #expect(context.view.text == "가 한")
    }

    /// While a syllable is composed the engine does not read the text before the caret;
    /// what the composition committed is read at the first key after it.
    @Test func syllablesTypedAndCommittedAreSeenByTheNextHanjaKey() throws {
        let service = InkstoneService()
        var options = contextOptions()
        options.engine = "hangul"
        let context = try service.createContext(owner: ":1.1", options: options)
        // g k s composes 한; r commits it and composes ㄱ; BackSpace removes ㄱ.
        for keysym in [0x67, 0x6b, 0x73, 0x72, Keysym.backSpace] {
            _ = try context.processKey(KeyEvent(keysym: keysym))
            _ = try context.processKey(KeyEvent(keysym: keysym, isRelease: true))
        }
        #expect(context.view.text == "한" && context.view.markedText == nil)
        let forHan = try hanja(context)
        #expect(forHan.contains("韓"), "\(forHan)")
    }
}
