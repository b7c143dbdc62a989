import Glibc
import InkstoneCore
import Synchronization

/// A durable learning store for one dictionary (`japanese`, `pinyin`, `emoji`):
/// the texts its user chose for each reading, most recent first.
///
/// The store is `<folder>/<name>.jisyo` (see ``UserDictionaryFormat``) plus an
/// append-only journal `<name>.jisyo.journal`: each change is appended to the
/// journal and `fdatasync`ed before the call returns, so a crash (even
/// SIGKILL) loses no acknowledged change; every ``compactionLines`` changes,
/// and when the store opens, the file is rewritten atomically (temporary file,
/// `fsync`, `rename`) and the journal emptied.
///
/// The journal is locked (`flock`) while the store is open: a second process
/// opening the same store keeps its learning in memory, with a log line.
/// A file that is not a dictionary is never overwritten: it is renamed aside
/// (`<name>.jisyo.unreadable-<seconds>`) with a log line and the store starts
/// empty. A folder that cannot be written leaves the store in memory only
/// (logged once). Thread-safe: one lock guards the entries and the files.
public final class UserDictionary: CandidateLearning {
    /// The dictionary name.
    public let name: String
    /// The dictionary file (nil: kept in memory only).
    public let path: String?
    /// Journal lines after which the file is rewritten and the journal emptied.
    public static let compactionLines = 256

    private let state: Mutex<State>
    private let log: @Sendable (String) -> Void

    private struct State {
        var entries: LearnedEntries
        /// The journal, open for appending (-1: in memory only).
        var journal: Int32 = -1
        var journalLines = 0
        /// How many changes were applied (see ``CandidateLearning/revision``).
        var revision = 0
    }

    /// Opens (or creates) the store `name` in `folder` (nil: memory only);
    /// problems are reported through `log` as readable lines.
    public init(
        name: String, folder: String?, limits: LearningLimits = LearningLimits(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.name = name
        self.log = log
        var loaded = LearnedEntries([], limits: limits)
        var journal: Int32 = -1
        var file: String?
        if let folder {
            let path = folder + "/" + name + ".jisyo"
            do throws(DurableFile.Failure) {
                try DurableFile.makeDirectory(folder)
                journal = open(path + ".journal", O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
                guard journal >= 0 else { throw DurableFile.Failure("cannot open", path + ".journal") }
                // One writer per store: a second daemon of the same user keeps its learning in memory.
                guard flock(journal, LOCK_EX | LOCK_NB) == 0 else {
                    throw DurableFile.Failure("another process is using", path + ".journal")
                }
                loaded = LearnedEntries(try Self.readFile(path, log: log), limits: limits)
                let replay = try Self.replayJournal(path + ".journal", into: &loaded, log: log)
                if replay > 0 || !Self.isCurrentFormat(path) {
                    try DurableFile.replace(path, with: Array(UserDictionaryFormat.render(loaded.ordered).utf8))
                    guard ftruncate(journal, 0) == 0 else {
                        throw DurableFile.Failure("cannot empty", path + ".journal")
                    }
                }
                try DurableFile.syncFolder(of: path)
                file = path
            } catch {
                if journal >= 0 { close(journal) }
                journal = -1
                log("learning for '\(name)' is kept in memory only and lost at exit: \(error)")
            }
        }
        path = file
        state = Mutex(State(entries: loaded, journal: journal))
    }

    deinit {
        state.withLock { if $0.journal >= 0 { close($0.journal) } }
    }

    // MARK: CandidateLearning

    public func learned(for reading: String) -> [String] {
        state.withLock { $0.entries.texts(for: reading) }
    }

    public func reading(of text: String) -> String? {
        state.withLock { $0.entries.reading(of: text) }
    }

    public var revision: Int? { state.withLock { $0.revision } }

    /// Records a choice; a choice that cannot be stored is logged and skipped.
    public func record(_ text: String, for reading: String) {
        do {
            try learn(text, for: reading)
        } catch {
            log("learning for '\(name)' skipped \(reading) → \(text): \(error.message)")
        }
    }

    // MARK: editing, listing

    /// Learns `text` for `reading`, durably: when this returns, the change survives a crash.
    /// - Throws: `InvalidArgument`/`LimitExceeded` for a reading or text the store
    ///   cannot hold, `InvalidState` when it cannot be saved (nothing changes then).
    public func learn(_ text: String, for reading: String) throws(InkstoneError) {
        try Self.check(reading: reading, text: text)
        try apply(.learn(reading: reading, text: text))
    }

    /// Forgets `text` for `reading`, durably.
    /// - Throws: as ``learn(_:for:)``, and `UnknownObject` when it was not learnt.
    public func forget(_ text: String, for reading: String) throws(InkstoneError) {
        try Self.check(reading: reading, text: text)
        guard learned(for: reading).contains(text) else {
            throw .unknownObject("'\(text)' is not learnt for '\(reading)' in the \(name) dictionary")
        }
        try apply(.forget(reading: reading, text: text))
    }

    /// Every reading with its texts, the most recently used first.
    public var entries: [(reading: String, texts: [String])] {
        state.withLock { $0.entries.ordered }
    }

    /// The store as its file reads (SKK user-jisyo style, UTF-8).
    public func exported() -> String {
        UserDictionaryFormat.render(entries)
    }

    /// Checks that `reading` and `text` can be stored.
    public static func check(reading: String, text: String) throws(InkstoneError) {
        guard let problem = UserDictionaryFormat.problem(reading: reading, text: text) else { return }
        throw problem.limit ? .limitExceeded(problem.message) : .invalidArgument(problem.message)
    }

    // MARK: private

    /// Journals `change` (durably), then applies it; a failed write changes nothing.
    private func apply(_ change: LearningJournal.Change) throws(InkstoneError) {
        try state.withLock { (state: inout State) throws(InkstoneError) -> Void in
            if state.journal >= 0, let path {
                do throws(DurableFile.Failure) {
                    try DurableFile.append(
                        Array(LearningJournal.line(change).utf8), to: state.journal, path: path + ".journal")
                } catch {
                    throw .invalidState("the \(name) dictionary cannot be saved: \(error)")
                }
                state.journalLines += 1
            }
            switch change {
            case .learn(let reading, let text): state.entries.learn(text, for: reading)
            case .forget(let reading, let text): state.entries.forget(text, for: reading)
            }
            state.revision += 1
            if state.journalLines >= Self.compactionLines, let path { compact(&state, path: path) }
        }
    }

    /// Rewrites the file from the entries and empties the journal (a failure is
    /// logged: the journal still holds every change).
    private func compact(_ state: inout State, path: String) {
        do throws(DurableFile.Failure) {
            try DurableFile.replace(path, with: Array(UserDictionaryFormat.render(state.entries.ordered).utf8))
            guard ftruncate(state.journal, 0) == 0, fsync(state.journal) == 0 else {
                throw DurableFile.Failure("cannot empty", path + ".journal")
            }
            state.journalLines = 0
        } catch {
            log("the \(name) dictionary could not be rewritten (its journal keeps the changes): \(error)")
        }
    }

    /// The entries of the file at `path` (none when it does not exist). A file
    /// that is not a dictionary is renamed aside with a log line.
    private static func readFile(_ path: String, log: (String) -> Void) throws(DurableFile.Failure)
        -> [UserDictionaryFormat.Entry]
    {
        guard let bytes = try DurableFile.read(path) else { return [] }
        let reason: String
        if let text = TextDecoding.dictionaryText(bytes) {
            do throws(UserDictionaryFormat.Unreadable) {
                return try UserDictionaryFormat.parse(text)
            } catch {
                reason = error.description
            }
        } else {
            reason = "it is neither UTF-8 nor EUC-JP text"
        }
        var aside = path + ".unreadable-\(time(nil))"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = path + ".unreadable-\(time(nil))-\(attempt)"
        }
        guard rename(path, aside) == 0 else {
            throw DurableFile.Failure("cannot move the unreadable file aside:", path)
        }
        log("\(path) is not a user dictionary (\(reason)); it was moved to \(aside) and learning starts empty")
        return []
    }

    /// Applies the journal at `path`; returns how many lines it had.
    private static func replayJournal(_ path: String, into entries: inout LearnedEntries, log: (String) -> Void)
        throws(DurableFile.Failure) -> Int
    {
        guard let bytes = try DurableFile.read(path), !bytes.isEmpty else { return 0 }
        let (changes, damaged) = LearningJournal.changes(bytes)
        for change in changes {
            switch change {
            case .learn(let reading, let text): entries.learn(text, for: reading)
            case .forget(let reading, let text): entries.forget(text, for: reading)
            }
        }
        if damaged > 0 {
            log(
                "\(path): \(damaged) damaged line(s) skipped (a write interrupted by a crash), \(changes.count) replayed"
            )
        }
        return changes.count + damaged
    }

    /// Whether the file at `path` is absent or already UTF-8 (an EUC-JP import is rewritten).
    private static func isCurrentFormat(_ path: String) -> Bool {
        guard let bytes = try? DurableFile.read(path) else { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }
}
