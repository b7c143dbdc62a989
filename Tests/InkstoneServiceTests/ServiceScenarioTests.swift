import InkstoneService
import InkstoneText
import Testing

@Suite struct QueuedEditTests {
    @Test func editFromAnotherContextWaitsForTheComposition() throws {
        let recorded = RecordedService()
        let composer = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        let other = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(unit: .graphemes, document: composer.shared))
        _ = try composer.insertText("ab")
        try composer.setMarkedText(
            "か", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        let revisionWhileComposing = composer.shared.document.revision
        recorded.sink.clear()
        let receipt = try other.replaceRange(start: 0, length: 1, with: "X", expectedRevision: 0)
        #expect(receipt.ticket != 0 && receipt.revision == 0)
        #expect(composer.view.text == "abか")
        #expect(composer.shared.document.revision == revisionWhileComposing)
        #expect(recorded.sink.notifications(of: other).allSatisfy { $0.kind != .text && $0.kind != .edits })
        composer.unmarkText()
        #expect(composer.view.text == "Xbか")
        let applied = recorded.sink.notifications(of: other).compactMap { notification -> (UInt64, UInt64)? in
            if case .editApplied(let ticket, let revision) = notification { return (ticket, revision) }
            return nil
        }
        #expect(applied.count == 1 && applied.first?.0 == receipt.ticket)
        #expect(applied.first?.1 == composer.shared.document.revision)
        #expect(recorded.sink.notifications(of: composer).contains(.committed("か")))
        #expect(!recorded.sink.notifications(of: composer).contains { $0.kind == .edits })
    }

    @Test func queueEditsFalseIsBusyAndChangesNothing() throws {
        let recorded = RecordedService()
        let composer = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        let impatient = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(document: composer.shared, queueEdits: false))
        try composer.setMarkedText(
            "n", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        let revision = composer.shared.document.revision
        let error = inkstoneError { _ = try impatient.insertText("z") }
        #expect(error?.code == .busy)
        #expect(composer.view.text == "n" && composer.shared.document.revision == revision)
        #expect(composer.view.markedText == "n")
    }

    @Test func destroyingTheComposerReleasesTheQueue() throws {
        let recorded = RecordedService()
        let composer = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        let other = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(document: composer.shared))
        try composer.setMarkedText(
            "ㅎ", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        let receipt = try other.insertText("!")
        #expect(receipt.ticket != 0)
        recorded.service.destroyContext(composer)
        #expect(other.view.text.contains("!") && other.view.text.contains("ㅎ"))
        #expect(
            recorded.sink.notifications(of: other).contains { notification in
                if case .editApplied(let ticket, _) = notification { return ticket == receipt.ticket }
                return false
            })
    }
}

@Suite struct OwnershipTests {
    @Test func onlyTheOwnerMayCallUnlessPersistent() throws {
        let service = InkstoneService()
        let mine = try service.createContext(owner: ":1.1", options: contextOptions())
        #expect(inkstoneError { _ = try service.context(mine.id, caller: ":1.2") }?.code == .accessDenied)
        #expect(try service.context(mine.id, caller: ":1.1") === mine)
        let shared = try service.createContext(owner: ":1.1", options: contextOptions(persist: true))
        #expect(try service.context(shared.id, caller: ":1.9") === shared)
        #expect(inkstoneError { _ = try service.context(999, caller: ":1.1") }?.code == .unknownObject)
    }

    @Test func attachingNeedsAShare() throws {
        let service = InkstoneService()
        let document = try service.createDocument(owner: ":1.1")
        #expect(
            inkstoneError {
                _ = try service.createContext(owner: ":1.2", options: contextOptions(document: document))
            }?.code == .accessDenied)
        #expect(inkstoneError { try document.share(with: ":1.3", caller: ":1.2") }?.code == .accessDenied)
        try document.share(with: ":1.2", caller: ":1.1")
        let attached = try service.createContext(owner: ":1.2", options: contextOptions(document: document))
        #expect(attached.shared === document)
        try document.unshare(":1.2", caller: ":1.1")
        #expect(
            inkstoneError {
                _ = try service.createContext(owner: ":1.2", options: contextOptions(document: document))
            }?.code == .accessDenied)
        #expect(service.counts.contexts == 1)
    }

    @Test func aVanishedPeerLosesItsContextsAndDocuments() throws {
        let service = InkstoneService()
        let leaving = try service.createContext(owner: ":1.1", options: contextOptions())
        try leaving.shared.share(with: ":1.2", caller: ":1.1")
        let staying = try service.createContext(owner: ":1.2", options: contextOptions(document: leaving.shared))
        _ = try service.createDocument(owner: ":1.1")
        let persistent = try service.createContext(owner: ":1.1", options: contextOptions(persist: true))
        #expect(service.counts == (3, 3))
        service.peerVanished(":1.1")
        #expect(inkstoneError { _ = try service.context(leaving.id, caller: ":1.1") }?.code == .unknownObject)
        #expect(try service.context(staying.id, caller: ":1.2") === staying)
        #expect(try service.context(persistent.id, caller: ":1.5") === persistent)
        #expect(service.counts == (2, 2), "the shared document lives while :1.2's context holds it")
        service.destroyContext(staying)
        #expect(service.counts == (1, 1))
    }
}

@Suite struct LimitTests {
    @Test func contextsPerPeerAreCappedAndDestroyingFreesASlot() throws {
        let service = InkstoneService(limits: ServiceLimits(contextsPerPeer: 2))
        _ = try service.createContext(owner: ":1.1", options: contextOptions())
        let second = try service.createContext(owner: ":1.1", options: contextOptions())
        #expect(
            inkstoneError { _ = try service.createContext(owner: ":1.1", options: contextOptions()) }?.code
                == .limitExceeded)
        _ = try service.createContext(owner: ":1.2", options: contextOptions())
        service.destroyContext(second)
        _ = try service.createContext(owner: ":1.1", options: contextOptions())
        #expect(service.counts.contexts == 3)
    }

    @Test func documentAndStringSizeLimitsRefuseWithoutChanges() throws {
        let recorded = RecordedService(limits: ServiceLimits(documentUTF8Bytes: 8, stringUTF8Bytes: 6))
        let context = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        _ = try context.insertText("abcde")
        recorded.sink.clear()
        let revision = context.shared.document.revision
        #expect(inkstoneError { _ = try context.insertText("1234567") }?.code == .limitExceeded)
        #expect(inkstoneError { _ = try context.insertText("éé") }?.code == .limitExceeded)
        #expect(
            inkstoneError {
                try context.setMarkedText(
                    "xyzw", selectionStart: 0, selectionLength: 0, replacementStart: -1, replacementLength: 0)
            }?.code == .limitExceeded)
        #expect(context.view.text == "abcde" && context.shared.document.revision == revision)
        #expect(recorded.sink.log.isEmpty)
        _ = try context.replaceRange(start: 0, length: 5, with: "123456", expectedRevision: 0)
        _ = try context.insertText("78")
        #expect(context.view.text == "12345678")
        #expect(inkstoneError { _ = try context.insertText("9") }?.code == .limitExceeded)
    }
}

@Suite struct SubscriptionTests {
    @Test func contextsGetOnlyTheKindsTheyChose() throws {
        let recorded = RecordedService()
        let writer = try recorded.service.createContext(owner: ":1.1", options: contextOptions(notifications: [.text]))
        let quiet = try recorded.service.createContext(
            owner: ":1.1", options: contextOptions(document: writer.shared, notifications: []))
        _ = try writer.insertText("hi")
        try writer.setMarkedText("k", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        writer.unmarkText()
        let kinds = Set(recorded.sink.notifications(of: writer).map(\.kind))
        #expect(kinds == [.text])
        #expect(recorded.sink.notifications(of: quiet).isEmpty)
        quiet.subscribe([.text, .selection], listener: ":1.1")
        try quiet.setSelectedRange(start: quiet.view.length, length: 0)
        recorded.sink.clear()
        _ = try writer.replaceRange(start: 0, length: 0, with: "!!", expectedRevision: 0)
        #expect(Set(recorded.sink.notifications(of: quiet).map(\.kind)) == [.text, .selection])
    }

    @Test func ownSetMarkedTextTwiceSendsOneUpdate() throws {
        let recorded = RecordedService()
        let context = try recorded.service.createContext(owner: ":1.1", options: contextOptions())
        try context.setMarkedText(
            "abc", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        recorded.sink.clear()
        try context.setMarkedText(
            "abc", selectionStart: 1, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        #expect(recorded.sink.log.isEmpty, "\(recorded.sink.log.map(\.notification))")
    }
}
