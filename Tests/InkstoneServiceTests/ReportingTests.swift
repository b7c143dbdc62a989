import InkstoneEngines
import InkstoneService
import InkstoneText
import Testing

/// A reporting call returns the caller's events instead of delivering them.
@Suite struct ReportingTests {
    @Test func theCallersEventsComeBackAndOthersAreDelivered() throws {
        let recorded = RecordedService()
        var options = contextOptions()
        options.engine = "hangul"
        let typist = try recorded.service.createContext(owner: ":1.1", options: options)
        let observer = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(unit: .utf8, document: typist.shared, notifications: [.text]))
        recorded.sink.clear()
        var reported: [Notification] = []
        for key in "gks" {
            let (handled, report) = try typist.processKeyReporting(KeyEvent(keysym: UInt32(key.asciiValue ?? 0)))
            #expect(handled)
            #expect(report.revision == typist.shared.document.revision)
            reported += report.events
        }
        #expect(recorded.sink.notifications(of: typist).isEmpty, "the caller was notified: \(recorded.sink.log)")
        #expect(reported.contains(.markedTextChanged(text: "한", selectionStart: 1, selectionLength: 0)), "\(reported)")
        #expect(!reported.contains { $0.kind == .properties })
        let observed = recorded.sink.notifications(of: observer)
        #expect(!observed.isEmpty && observed.allSatisfy { $0.kind == .text })
        // Outside a reporting call the caller is notified again.
        _ = try typist.processKey(KeyEvent(keysym: UInt32(Character("r").asciiValue ?? 0)))
        #expect(!recorded.sink.notifications(of: typist).isEmpty)
    }

    @Test func aFailedReportingCallReportsNothing() throws {
        let recorded = RecordedService()
        let context = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        _ = try context.insertText("ab")
        recorded.sink.clear()
        let error = inkstoneError {
            _ = try context.reporting { () throws(InkstoneError) in
                try context.replaceRange(start: 5, length: 0, with: "x", expectedRevision: 0)
            }
        }
        #expect(error?.code == .invalidRange)
        #expect(context.view.text == "ab")
        #expect(recorded.sink.log.isEmpty)
    }
}
