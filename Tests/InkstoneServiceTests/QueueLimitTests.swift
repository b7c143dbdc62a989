import InkstoneService
import InkstoneText
import Testing

/// The service's limits on edits queued behind a composition.
@Suite struct QueueLimitTests {
    /// The service (contexts hold it unowned: keep it), a composing context and a typist on one document.
    private static func composingPair(_ limits: ServiceLimits) throws -> (InkstoneService, InputContext, InputContext) {
        let service = InkstoneService(limits: limits)
        let composer = try service.createContext(owner: ":1.1", options: contextOptions())
        let typist = try service.createContext(owner: ":1.1", options: contextOptions(document: composer.shared))
        _ = try typist.insertText("ab")
        try composer.setMarkedText(
            "x", selectionStart: 1, selectionLength: 0, replacementStart: 0, replacementLength: 0)
        return (service, composer, typist)
    }

    @Test func documentsGetTheQueueLimits() throws {
        var limits = ServiceLimits()
        limits.queuedEditsPerDocument = 3
        limits.queuedUTF8BytesPerDocument = 10
        let (service, composer, _) = try Self.composingPair(limits)
        #expect(composer.shared.document.queueLimits == QueueLimits(edits: 3, utf8Bytes: 10))
        withExtendedLifetime(service) {}
    }

    @Test func queuedEditsPastTheCountLimitAreLimitExceeded() throws {
        var limits = ServiceLimits()
        limits.queuedEditsPerDocument = 2
        let (service, composer, typist) = try Self.composingPair(limits)
        _ = try typist.insertText("1")
        _ = try typist.deleteBackward()
        let revision = typist.shared.document.revision
        let error = inkstoneError { _ = try typist.insertText("2") }
        #expect(error?.code == .limitExceeded)
        #expect(typist.shared.document.revision == revision)
        #expect(typist.shared.document.queuedTickets.count == 2)
        composer.unmarkText()
        #expect(typist.view.text == "xab")
        withExtendedLifetime(service) {}
    }

    /// Queued text counts toward the document size: it will be in the document.
    @Test func theDocumentLimitCountsQueuedText() throws {
        var limits = ServiceLimits()
        limits.documentUTF8Bytes = 8
        let (service, composer, typist) = try Self.composingPair(limits)
        _ = try typist.insertText("1234")
        // 3 bytes in the document, 4 queued: one more byte fits, two do not.
        let error = inkstoneError { _ = try typist.insertText("56") }
        #expect(error?.code == .limitExceeded)
        _ = try typist.insertText("5")
        composer.unmarkText()
        #expect(typist.view.text == "xab12345")
        withExtendedLifetime(service) {}
    }
}
