import Glibc

/// The journal of a durable document: one file, 0600, holding a header (the
/// format version, the unit of the document's first view and whether its
/// context was persistent) and then
/// ``ChecksummedLines`` records (``JournalRecord``) of every acknowledged
/// change: text edits with the attributes of the inserted text, attribute
/// changes, and the selection of each view.
///
/// Records of a call are collected as the document reports them and written
/// by ``commit()`` with one `fdatasync`, which the service runs after each
/// call, before its reply. A call rolled back takes its records back
/// (``discardPending(from:)``). When the file passes ``compactionBytes`` it is
/// rewritten as a snapshot (header, one edit inserting the whole text with its
/// runs, the selections) into a temporary file renamed over it, so a crash
/// leaves the old journal or the snapshot, never a mix.
///
/// Each call's records end with a commit record. Reading back stops at the
/// first damaged line (a torn write, a flipped bit) and applies only calls
/// whose commit record was read: the file is cut to the last whole call and
/// the cut is reported.
/// A file of a newer format version is refused and left as it is.
public final class DocumentJournal {
    /// The format version this build writes and reads.
    public static let formatVersion = 1

    /// The file.
    public let path: String
    /// Bytes of the file (after the last commit).
    public private(set) var fileBytes = 0
    /// Past this size the journal is rewritten as a snapshot.
    public var compactionBytes: Int
    /// The unit recorded in the header (that of the document's first view).
    public let unit: OffsetUnit
    /// Whether the first view's context was persistent (recorded in the header).
    public let persist: Bool
    private var descriptor: Int32 = -1
    /// Encoded lines of the call in progress, not yet written.
    private var pending: [UInt8] = []
    /// Whether anything happened to the document since the last commit.
    private var isDirty = false
    /// The selection last written per view (UTF-8 anchor and head).
    private var writtenSelections: [ViewID: JournaledSelection] = [:]
    /// Size after which compaction is tried again after a failed one.
    private var nextCompactionAttempt = 0
    private weak var document: Document?
    private var observer: ObserverToken?

    private init(path: String, unit: OffsetUnit, persist: Bool, compactionBytes: Int) {
        self.path = path
        self.unit = unit
        self.persist = persist
        self.compactionBytes = compactionBytes
    }

    deinit { close() }

    // MARK: Creating and restoring

    /// Starts the journal of `document` at `path` (the folder must exist):
    /// writes its present state as a snapshot and follows its changes.
    public static func create(
        path: String, document: Document, unit: OffsetUnit, persist: Bool = false, compactionBytes: Int
    ) throws(InkstoneError) -> DocumentJournal {
        let journal = DocumentJournal(path: path, unit: unit, persist: persist, compactionBytes: compactionBytes)
        journal.document = document
        try journal.compact()
        journal.observe(document)
        return journal
    }

    /// What ``restore(path:compactionBytes:log:)`` read back.
    public struct Restored {
        /// The document, at the last acknowledged revision, with its attribute runs.
        public let document: Document
        /// The unit of the document's first view.
        public let unit: OffsetUnit
        /// Whether the first view's context was persistent.
        public let persist: Bool
        /// The selection of the document's first view (the first view the file names).
        public let selection: JournaledSelection?
        /// Bytes cut off the end of the file (a damaged tail), 0 when it was whole.
        public let discardedBytes: Int
    }

    /// Reads the journal at `path` back into a new document. A damaged tail is
    /// cut off the file (and reported in ``Restored/discardedBytes``). Throws
    /// `UnknownObject` when there is no file, `UnsupportedVersion` for a newer
    /// format (the file is left as it is), `InvalidState` when the header is
    /// unreadable or the file cannot be read.
    public static func read(path: String) throws(InkstoneError) -> Restored {
        let read: [UInt8]?
        do throws(DurableFile.Failure) {
            read = try DurableFile.read(path)
        } catch {
            throw .invalidState("the journal cannot be read: \(error)")
        }
        guard let bytes = read else { throw .unknownObject("no journal for that token") }
        let lines = ChecksummedLines.lines(bytes)
        guard let first = lines.first, case .intact(let body) = first.line,
            case .header(let version, let recordedUnit, let persist)? = JournalRecord.decode(body)
        else {
            throw .invalidState("the journal's header is damaged; the file is kept as it is")
        }
        guard version <= formatVersion else {
            throw InkstoneError(
                .unsupportedVersion,
                "the journal is in format version \(version); this daemon reads versions up to \(formatVersion) "
                    + "(the file is kept as it is for a newer daemon)")
        }
        guard let unit = recordedUnit else { throw .invalidState("the journal's header names no known unit") }
        let document = Document()
        var selections: [(ViewID, JournaledSelection)] = []
        var wholeBytes = first.end
        var batch: [JournalRecord] = []
        replaying: for (line, end) in lines.dropFirst() {
            guard case .intact(let body) = line, let record = JournalRecord.decode(body) else { break }
            guard record == .commit else {
                batch.append(record)
                continue
            }
            // One call's records apply together or not at all.
            let saved = document.snapshot()
            var batchSelections = selections
            for record in batch where !document.replay(record, selections: &batchSelections) {
                document.restore(saved)
                break replaying
            }
            selections = batchSelections
            batch.removeAll(keepingCapacity: true)
            wholeBytes = end
        }
        let selection = selections.first.flatMap { first in selections.last { $0.0 == first.0 }?.1 }
        return Restored(
            document: document, unit: unit, persist: persist, selection: selection,
            discardedBytes: bytes.count - wholeBytes)
    }

    /// Cuts the file at `path` to `length` bytes, durably.
    public static func truncate(path: String, to length: Int) throws(InkstoneError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .invalidState("cannot open \(path) to cut its damaged tail") }
        defer { Glibc.close(descriptor) }
        guard ftruncate(descriptor, off_t(length)) == 0, fsync(descriptor) == 0 else {
            throw .invalidState("cannot cut the damaged tail of \(path)")
        }
    }

    /// Takes the journal at `path` over for a restored document and its first
    /// view: rewrites it as a snapshot (the restored state, with the new view's
    /// id) and follows the document's changes from now on.
    public static func resume(
        path: String, document: Document, unit: OffsetUnit, persist: Bool, compactionBytes: Int
    ) throws(InkstoneError) -> DocumentJournal {
        try create(path: path, document: document, unit: unit, persist: persist, compactionBytes: compactionBytes)
    }

    // MARK: Following the document

    private func observe(_ document: Document) {
        observer = document.addObserver { [unowned self] event in self.record(event) }
    }

    /// Collects the record of one event of the call in progress.
    private func record(_ event: DocumentEvent) {
        isDirty = true
        guard let document, let record = document.journalRecord(for: event) else { return }
        pending += ChecksummedLines.frame(record.encoded())
    }

    /// A mark to roll the records of a call back to (see ``discardPending(from:)``).
    public var pendingMark: Int { pending.count }

    /// Drops the records collected since `mark` (the call was rolled back).
    public func discardPending(from mark: Int) {
        if mark < pending.count { pending.removeSubrange(mark...) }
    }

    /// Writes the call's records and every view's changed selection with one
    /// `fdatasync`, then compacts when the file passed ``compactionBytes``.
    /// Nothing to write costs one flag test.
    public func commit() throws(InkstoneError) {
        guard isDirty, let document else { return }
        isDirty = false
        for view in document.liveViews {
            let selection = JournaledSelection(view)
            guard writtenSelections[view.id] != selection else { continue }
            writtenSelections[view.id] = selection
            pending += ChecksummedLines.frame(
                JournalRecord.selection(view: view.id.rawValue, anchor: selection.anchor, head: selection.head)
                    .encoded())
        }
        guard !pending.isEmpty else { return }
        pending += ChecksummedLines.frame(JournalRecord.commit.encoded())
        guard descriptor >= 0 else { throw .invalidState("the journal \(path) is closed") }
        do throws(DurableFile.Failure) {
            try DurableFile.append(pending, to: descriptor, path: path)
        } catch {
            throw .invalidState("the journal could not be written: \(error)")
        }
        fileBytes += pending.count
        pending.removeAll(keepingCapacity: true)
        if fileBytes > compactionBytes && fileBytes > nextCompactionAttempt {
            do throws(InkstoneError) {
                try compact()
            } catch {
                nextCompactionAttempt = fileBytes + compactionBytes
                throw error
            }
        }
    }

    /// Rewrites the journal as a snapshot of the document (atomic rename) and
    /// reopens it for appending.
    public func compact() throws(InkstoneError) {
        guard let document else { throw .invalidState("the journal \(path) has no document") }
        var bytes = ChecksummedLines.frame(
            JournalRecord.header(version: Self.formatVersion, unit: unit, persist: persist).encoded())
        bytes += ChecksummedLines.frame(document.snapshotRecord().encoded())
        var selections: [ViewID: JournaledSelection] = [:]
        for view in document.liveViews {
            let selection = JournaledSelection(view)
            selections[view.id] = selection
            bytes += ChecksummedLines.frame(
                JournalRecord.selection(view: view.id.rawValue, anchor: selection.anchor, head: selection.head)
                    .encoded())
        }
        bytes += ChecksummedLines.frame(JournalRecord.commit.encoded())
        do throws(DurableFile.Failure) {
            try DurableFile.replace(path, with: bytes)
        } catch {
            throw .invalidState("the journal could not be compacted: \(error)")
        }
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw .invalidState("cannot reopen the journal \(path)") }
        fileBytes = bytes.count
        writtenSelections = selections
        pending.removeAll(keepingCapacity: true)
        nextCompactionAttempt = 0
    }

    /// Stops following the document and closes the file (which stays).
    public func close() {
        if let observer, let document { document.removeObserver(observer) }
        observer = nil
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Closes the journal and deletes its file.
    public func remove() {
        close()
        unlink(path)
        try? DurableFile.syncFolder(of: path)
    }

    // MARK: Collecting

    /// Deletes the journals (`*.journal`, and temporary files of interrupted
    /// compactions) in `folder` last written more than `age` seconds before
    /// `now`, except those in `keep` (open ones); returns the deleted paths.
    public static func collect(folder: String, olderThan age: Int, now: Int = time(nil), keep: Set<String>) -> [String]
    {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".journal") || name.contains(".journal.tmp-") else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard !keep.contains(path), lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                now - Int(info.st_mtim.tv_sec) > age
            else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        if !removed.isEmpty { try? DurableFile.syncFolder(of: folder + "/x") }
        return removed
    }
}

/// A view's selection as the journal keeps it: UTF-8 anchor and head, nil for none.
public struct JournaledSelection: Equatable, Sendable {
    /// Where the selection started (UTF-8), nil for no selection.
    public let anchor: Int?
    /// Where it ends, the moving end (UTF-8), nil for no selection.
    public let head: Int?

    /// A selection.
    public init(anchor: Int?, head: Int?) {
        self.anchor = anchor
        self.head = head
    }

    init(_ view: DocumentView) {
        anchor = view.selectionAnchors?.anchor.utf8Offset
        head = view.selectionAnchors?.head.utf8Offset
    }
}
