import InkstoneEngines
import InkstoneService
import InkstoneText
import Testing

/// A context's document that measures edits in code points only (as a compatibility
/// client's does) notifies an Inkstone context viewing it in graphemes exactly as any
/// document would.
@Suite struct CodePointDocumentTests {
    /// Types Hangul `gksrmf␣` twice in a new code-point context, with a grapheme observer
    /// of its document; returns what the observer was told.
    private func observedTyping(measuringCodePointsOnly: Bool) throws -> [Notification] {
        let recorded = RecordedService()
        var options = contextOptions(unit: .scalars, notifications: [])
        options.engine = "hangul"
        let typist = try recorded.service.createContext(owner: ":1.1", options: options)
        typist.view.document.measuresCodePointsOnly = measuringCodePointsOnly
        let observer = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(unit: .graphemes, document: typist.shared, notifications: [.text]))
        for key in "gksrmf gksrmf " {
            let keysym = UInt32(key.asciiValue ?? 0)
            _ = try typist.processKeyReporting(KeyEvent(keysym: keysym))
            _ = try typist.processKeyReporting(KeyEvent(keysym: keysym, isRelease: true))
        }
        #expect(typist.view.text == "한글 한글 ")
        return recorded.sink.notifications(of: observer)
    }

    @Test func aGraphemeObserverIsToldWhatItIsToldOfAnyDocument() throws {
        let observed = try observedTyping(measuringCodePointsOnly: true)
        #expect(observed.contains { $0.kind == .text })
        #expect(observed == (try observedTyping(measuringCodePointsOnly: false)))
    }
}
