import Glibc
import InkstoneText

/// A durable document's journal and the token that restores it.
public final class DocumentDurability {
    /// The restore token: 32 random hex digits, the client's key to the journal.
    public let token: String
    /// The journal the document's changes go to.
    public let journal: DocumentJournal

    init(token: String, journal: DocumentJournal) {
        self.token = token
        self.journal = journal
    }
}

/// Where durable documents are journaled and which are open.
public final class DurableDocuments {
    /// The journal folder (`$XDG_STATE_HOME/inkstone/documents`); nil: durability is unavailable.
    public var folder: String?
    /// Where journal events (a cut damaged tail, a failed write, collected files) are reported.
    public var log: (String) -> Void = { _ in }
    /// Open durable documents by token.
    public internal(set) var open: [String: SharedDocument] = [:]
    /// Set while a peer's departure closes its contexts: their journals are kept for a restore.
    var keepsJournalsOfClosedDocuments = false

    /// No folder, nothing open.
    public init() {}

    /// The folder of a state home: `<state>/inkstone/documents`.
    public static func folder(stateHome: String) -> String { stateHome + "/inkstone/documents" }

    /// `$XDG_STATE_HOME/inkstone/documents`, else `$HOME/.local/state/inkstone/documents`
    /// (nil when neither variable is set).
    public static func defaultFolder() -> String? {
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            return folder(stateHome: state)
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return folder(stateHome: home + "/.local/state")
    }

    /// The journal file of a token: a hash of it (the file name does not give the token away).
    func path(of token: String, in folder: String) -> String {
        folder + "/" + Checksum.hex(Checksum.fnv1a(token.utf8)) + ".journal"
    }

    /// A new token from the system's secure random source.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Checksum.hex(generator.next()) + Checksum.hex(generator.next())
    }

    /// Throws `InvalidArgument` unless `token` has the form of a restore token
    /// (checked before it becomes part of a path).
    static func check(_ token: String) throws(InkstoneError) {
        let hex = token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard token.utf8.count == 32, hex else {
            throw .invalidArgument("'\(token.prefix(64))' is not a restore token (32 lower-case hex digits)")
        }
    }
}

/// Durable documents: a context created with `durable=true` journals its
/// document (``DocumentJournal``) under ``DurableDocuments/folder``; after
/// a crash or restart ``restoreDocument(token:owner:)`` opens it again.
///
/// The journal of a document whose last context is destroyed goes with it;
/// when the contexts end because their client left the bus (or the daemon
/// stops or dies), it stays for a restore until it is collected
/// (``collectJournals(now:)``, `limits.unrestoredJournalDays`).
/// Non-durable documents pay nothing: no observer, one nil test per key batch.
extension InkstoneService {
    /// Starts journaling `shared` (the unit and persistence are those of its
    /// first durable context, which a restored context takes).
    func makeDurable(_ shared: SharedDocument, options: ContextOptions) throws(InkstoneError) {
        guard let folder = durable.folder else {
            throw .invalidState("durable documents are unavailable: neither XDG_STATE_HOME nor HOME is set")
        }
        guard durable.open.count < limits.durableDocuments else {
            throw .limitExceeded(
                "\(durable.open.count) durable documents are open already (limit \(limits.durableDocuments))")
        }
        do throws(DurableFile.Failure) {
            try DurableFile.makeDirectory(folder)
        } catch {
            throw .invalidState("durable documents are unavailable: \(error)")
        }
        let token = DurableDocuments.makeToken()
        let journal = try DocumentJournal.create(
            path: durable.path(of: token, in: folder), document: shared.document, unit: options.unit,
            persist: options.persist, compactionBytes: limits.journalCompactionBytes)
        shared.durability = DocumentDurability(token: token, journal: journal)
        durable.open[token] = shared
    }

    /// Opens the document a restore token names, with a new context for
    /// `owner` (the unit and `persist` of the document's first durable
    /// context, other options default): the
    /// text, attribute runs, revision and the first view's selection as of
    /// the last acknowledged call. When the document is open already, the
    /// context joins it. `InvalidArgument` for a malformed token,
    /// `UnknownObject` when no journal has it, `UnsupportedVersion` for a
    /// journal of a newer format (left as it is), `LimitExceeded` past
    /// `limits.durableDocuments` or the document size.
    public func restoreDocument(token: String, owner: String) throws(InkstoneError) -> InputContext {
        try DurableDocuments.check(token)
        if let shared = durable.open[token] {
            var options = ContextOptions()
            options.unit = shared.durability?.journal.unit ?? .utf16
            options.persist = shared.durability?.journal.persist ?? false
            options.documentID = shared.id
            shared.admit(owner)
            return try createContext(owner: owner, options: options)
        }
        guard let folder = durable.folder else { throw .unknownObject("no durable document has that token") }
        guard durable.open.count < limits.durableDocuments else {
            throw .limitExceeded(
                "\(durable.open.count) durable documents are open already (limit \(limits.durableDocuments))")
        }
        let path = durable.path(of: token, in: folder)
        let restored: DocumentJournal.Restored
        do throws(InkstoneError) {
            restored = try DocumentJournal.read(path: path)
        } catch  where error.code == .unknownObject {
            throw .unknownObject("no durable document has that token")
        }
        let size = restored.document.storage.utf8Count
        guard size <= limits.documentUTF8Bytes else {
            throw .limitExceeded("the document is \(size) bytes; the limit is \(limits.documentUTF8Bytes) bytes")
        }
        if restored.discardedBytes > 0 {
            durable.log(
                "\(path): a damaged tail of \(restored.discardedBytes) bytes was cut off (an interrupted write)")
            try DocumentJournal.truncate(path: path, to: (fileSize(path) ?? 0) - restored.discardedBytes)
        }
        let shared = try adoptDocument(restored.document, owner: owner)
        var options = ContextOptions()
        options.unit = restored.unit
        options.persist = restored.persist
        options.documentID = shared.id
        let context: InputContext
        do {
            context = try createContext(owner: owner, options: options)
        } catch {
            forgetDocument(shared)
            throw error
        }
        if let selection = restored.selection { context.view.restoreSelection(selection) }
        do {
            let journal = try DocumentJournal.resume(
                path: path, document: shared.document, unit: restored.unit, persist: restored.persist,
                compactionBytes: limits.journalCompactionBytes)
            shared.durability = DocumentDurability(token: token, journal: journal)
            durable.open[token] = shared
        } catch {
            destroyContext(context)
            throw error
        }
        return context
    }

    /// Writes the journal of every durable document that changed in the
    /// call that just ran (before its reply). A journal that cannot be
    /// written is reported and closed: its document stops being durable.
    public func commitJournals() {
        for (token, shared) in durable.open {
            guard let durability = shared.durability else { continue }
            do throws(InkstoneError) {
                try durability.journal.commit()
            } catch {
                durable.log("document \(shared.id) is no longer durable: \(error.message)")
                durability.journal.close()
                shared.durability = nil
                durable.open[token] = nil
            }
        }
    }

    /// Deletes journals nobody restored for `limits.unrestoredJournalDays`
    /// (open ones are kept); returns how many went.
    @discardableResult
    public func collectJournals(now: Int = time(nil)) -> Int {
        guard let folder = durable.folder else { return 0 }
        let keep = Set(durable.open.values.compactMap { $0.durability?.journal.path })
        let removed = DocumentJournal.collect(
            folder: folder, olderThan: limits.unrestoredJournalDays * 86_400, now: now, keep: keep)
        for path in removed { durable.log("\(path): collected, not restored for \(limits.unrestoredJournalDays) days") }
        return removed.count
    }

    /// Closes the journal of a document no context holds any more: deleted
    /// when its last context was destroyed, kept when its client left.
    func releaseDurability(of shared: SharedDocument) {
        guard let durability = shared.durability else { return }
        shared.durability = nil
        durable.open[durability.token] = nil
        if durable.keepsJournalsOfClosedDocuments {
            // What closing did (a focus-out commit) is written too.
            do throws(InkstoneError) {
                try durability.journal.commit()
            } catch {
                durable.log("document \(shared.id): the journal's last call could not be written: \(error.message)")
            }
            durability.journal.close()
        } else {
            durability.journal.remove()
        }
    }

    private func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}

extension InputContext {
    /// The restore token of the context's document ("" when it is not durable).
    public var restoreToken: String { shared.durability?.token ?? "" }
}
