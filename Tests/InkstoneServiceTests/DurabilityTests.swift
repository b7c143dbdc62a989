import Glibc
import InkstoneEngines
import InkstoneService
import InkstoneTestSupport
import InkstoneText
import Testing

/// Durable documents in the service, without a bus: a second service on the
/// same folder (a restarted daemon) restores what the first acknowledged;
/// rolled-back key batches leave no trace; tokens, limits and the journal's
/// lifetime.
@Suite("Durable documents")
struct DurabilityTests {
    static func service(folder: String, limits: ServiceLimits = ServiceLimits()) -> InkstoneService {
        let service = InkstoneService(limits: limits)
        service.durable.folder = folder
        return service
    }

    static func durableOptions(unit: OffsetUnit = .utf16) -> ContextOptions {
        var options = ContextOptions()
        options.unit = unit
        options.durable = true
        return options
    }

    static func keys(_ text: String) throws -> [KeyEvent] {
        try text.map { try KeyEvent(keyString: String($0)) }
    }

    @Test func aRestartedServiceRestoresTextAttributesRevisionAndSelection() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        let first = Self.service(folder: folder)
        let context = try first.createContext(owner: ":1.1", options: Self.durableOptions(unit: .graphemes))
        #expect(context.restoreToken.count == 32)
        _ = try context.insertText("héllo wörld")
        try context.setAttributes(["bold": .bool(true)], removing: [], start: 0, length: 5)
        try context.setSelectedRange(start: 6, length: 5)
        first.commitJournals()
        let revision = context.shared.document.revision
        let token = context.restoreToken

        let second = Self.service(folder: folder)
        let restored = try second.restoreDocument(token: token, owner: ":2.7")
        #expect(restored.owner == ":2.7")
        #expect(restored.unit == .graphemes)
        #expect(restored.view.text == "héllo wörld")
        #expect(restored.shared.document.revision == revision)
        #expect(restored.view.selectedRange == TextRange(start: 6, length: 5, unit: .graphemes))
        #expect(
            try restored.shared.document.attributedRuns(start: 0, length: 11, in: .graphemes)
                == context.shared.document.attributedRuns(start: 0, length: 11, in: .graphemes))
        #expect(restored.restoreToken == token)
        // The revision continues.
        let receipt = try restored.insertText("!")
        #expect(receipt.revision == revision + 1)
    }

    @Test func whatWasNotCommittedOrWasRolledBackIsNotRestored() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        var limits = ServiceLimits()
        limits.documentUTF8Bytes = 4
        let first = Self.service(folder: folder, limits: limits)
        let context = try first.createContext(owner: ":1.1", options: Self.durableOptions())
        _ = try context.processKeys(try Self.keys("ab"))
        first.commitJournals()
        // The third key passes the document size: the batch is rolled back whole.
        #expect(throws: InkstoneError.self) { try context.processKeys(try Self.keys("cde")) }
        #expect(context.view.text == "ab")
        first.commitJournals()
        _ = try context.insertText("x")  // not committed: the daemon died before its reply

        let second = Self.service(folder: folder, limits: limits)
        let restored = try second.restoreDocument(token: context.restoreToken, owner: ":1.1")
        #expect(restored.view.text == "ab")
        #expect(restored.shared.document.revision == 2)
    }

    @Test func markedTextOpenAtTheCrashComesBackCommitted() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        let first = Self.service(folder: folder)
        let context = try first.createContext(owner: ":1.1", options: Self.durableOptions())
        _ = try context.insertText("a")
        try context.setMarkedText(
            "かな", selectionStart: 2, selectionLength: 0, replacementStart: -1, replacementLength: 0)
        first.commitJournals()
        let restored = try Self.service(folder: folder).restoreDocument(token: context.restoreToken, owner: ":1.1")
        #expect(restored.view.text == "aかな")
        #expect(restored.view.markedRange == nil)
    }

    @Test func tokensAreCheckedBeforeTheyNameAFile() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        let service = Self.service(folder: folder)
        for token in ["", "../../etc/passwd", String(repeating: "A", count: 32), String(repeating: "0", count: 33)] {
            let error = #expect(throws: InkstoneError.self) { try service.restoreDocument(token: token, owner: ":1.1") }
            #expect(error?.code == .invalidArgument, "\(token)")
        }
        let error = #expect(throws: InkstoneError.self) {
            try service.restoreDocument(token: String(repeating: "0", count: 32), owner: ":1.1")
        }
        #expect(error?.code == .unknownObject)
        #expect(service.counts.documents == 0)
    }

    @Test func destroyingTheLastContextDeletesTheJournalLeavingTheBusKeepsIt() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        let service = Self.service(folder: folder)
        let destroyed = try service.createContext(owner: ":1.1", options: Self.durableOptions())
        let left = try service.createContext(owner: ":1.2", options: Self.durableOptions())
        _ = try left.insertText("kept")
        service.commitJournals()
        #expect(try run(["ls", folder]).stdout.split(separator: "\n").count == 2)
        let (destroyedToken, leftToken) = (destroyed.restoreToken, left.restoreToken)
        service.destroyContext(destroyed)
        service.peerVanished(":1.2")
        #expect(try run(["ls", folder]).stdout.split(separator: "\n").count == 1)
        let restored = try Self.service(folder: folder).restoreDocument(token: leftToken, owner: ":1.3")
        #expect(restored.view.text == "kept")
        let gone = #expect(throws: InkstoneError.self) {
            try Self.service(folder: folder).restoreDocument(token: destroyedToken, owner: ":1.3")
        }
        #expect(gone?.code == .unknownObject)
    }

    @Test func durableDocumentsAreLimited() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        var limits = ServiceLimits()
        limits.durableDocuments = 2
        let service = Self.service(folder: folder, limits: limits)
        _ = try service.createContext(owner: ":1.1", options: Self.durableOptions())
        _ = try service.createContext(owner: ":1.1", options: Self.durableOptions())
        let error = #expect(throws: InkstoneError.self) {
            try service.createContext(owner: ":1.1", options: Self.durableOptions())
        }
        #expect(error?.code == .limitExceeded)
        #expect(service.counts == (contexts: 2, documents: 2))
        // A plain context is not durable and costs no journal.
        let plain = try service.createContext(owner: ":1.1", options: ContextOptions())
        #expect(plain.restoreToken == "")
        #expect(try run(["ls", folder]).stdout.split(separator: "\n").count == 2)
    }

    @Test func restoringAnOpenDocumentJoinsIt() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        let service = Self.service(folder: folder)
        let context = try service.createContext(owner: ":1.1", options: Self.durableOptions())
        _ = try context.insertText("shared")
        let joined = try service.restoreDocument(token: context.restoreToken, owner: ":1.9")
        #expect(joined.shared === context.shared)
        #expect(joined.owner == ":1.9")
    }

    @Test func aRestoredContextTakesTheUnitAndPersistenceOfTheFirstDurableContext() throws {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-durable") + "/documents"
        var options = Self.durableOptions(unit: .scalars)
        options.persist = true
        let context = try Self.service(folder: folder).createContext(owner: ":1.1", options: options)
        let restored = try Self.service(folder: folder).restoreDocument(token: context.restoreToken, owner: ":1.2")
        #expect(restored.options.persist && restored.unit == .scalars)
        let plain = try Self.service(folder: folder).createContext(owner: ":1.1", options: Self.durableOptions())
        let again = try Self.service(folder: folder).restoreDocument(token: plain.restoreToken, owner: ":1.2")
        #expect(!again.options.persist && again.unit == .utf16)
    }
}
