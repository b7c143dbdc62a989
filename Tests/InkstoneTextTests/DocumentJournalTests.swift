import Glibc
import InkstoneTestSupport
import InkstoneText
import Testing

/// The journal of a durable document, without a bus: what is committed reads
/// back exactly; a torn or bit-flipped tail is cut at the last whole record; a
/// newer format is refused untouched; compaction keeps the file bounded.
@Suite("Document journal")
struct DocumentJournalTests {
    /// A fresh journal path in a new 0700 folder.
    static func journalPath() throws -> String {
        let folder = try makeTemporaryDirectory(prefix: "inkstone-journal") + "/documents"
        try DurableFile.makeDirectory(folder)
        return folder + "/doc.journal"
    }

    static func fileBytes(_ path: String) throws -> [UInt8] { try DurableFile.read(path) ?? [] }

    static func writeBytes(_ bytes: [UInt8], to path: String) throws { try DurableFile.replace(path, with: bytes) }

    /// Every attributed run of a document, in UTF-8.
    static func runs(_ document: Document) throws -> [AttributedRun] {
        try document.attributedRuns(start: 0, length: document.storage.utf8Count, in: .utf8)
    }

    @Test func committedEditsAttributesAndSelectionReadBack() throws {
        let path = try Self.journalPath()
        let document = Document()
        let view = document.makeView(unit: .utf16)
        let journal = try DocumentJournal.create(path: path, document: document, unit: .utf16, compactionBytes: 1 << 20)
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("Hello, wörld\nline two with spaces \\ and 'quotes'")
        try document.setAttribute("bold", value: .bool(true), start: 0, length: 5, in: .utf16)
        try document.setAttribute("size", value: .double(12.5), start: 2, length: 6, in: .utf16)
        try document.setAttribute("font", value: .string("Noto Sans 'x' \\ y"), start: 7, length: 5, in: .utf16)
        try document.setAttribute(
            "colour", value: .color(AttributeColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), start: 0, length: 1,
            in: .utf16)
        try document.setAttribute("level", value: .int(-3), start: 13, length: 4, in: .utf16)
        try view.setSelectedRange(start: 3, length: 4)
        try journal.commit()

        let restored = try DocumentJournal.read(path: path)
        #expect(restored.document.text == document.text)
        #expect(restored.document.revision == document.revision)
        #expect(try Self.runs(restored.document) == Self.runs(document))
        #expect(restored.unit == .utf16)
        #expect(restored.selection == JournaledSelection(anchor: 3, head: 7))
        #expect(restored.discardedBytes == 0)
    }

    @Test func uncommittedAndRolledBackRecordsAreNotInTheFile() throws {
        let path = try Self.journalPath()
        let document = Document()
        let view = document.makeView(unit: .utf8)
        let journal = try DocumentJournal.create(path: path, document: document, unit: .utf8, compactionBytes: 1 << 20)
        try view.setSelectedRange(start: 0, length: 0)
        try view.insertText("kept")
        try journal.commit()
        let mark = journal.pendingMark
        let saved = document.snapshot()
        try view.insertText(" rolled back")
        document.restore(saved)
        journal.discardPending(from: mark)
        try journal.commit()
        try view.insertText(" never committed")
        let restored = try DocumentJournal.read(path: path)
        #expect(restored.document.text == "kept")
        #expect(restored.document.revision == 1)
    }

    /// Commits "a", "ab", "abc", … and returns the file size after each commit.
    static func typeCommitted(_ text: String, path: String, compactionBytes: Int = 1 << 20) throws -> (
        Document, [Int]
    ) {
        let document = Document()
        let view = document.makeView(unit: .scalars)
        let journal = try DocumentJournal.create(
            path: path, document: document, unit: .scalars, compactionBytes: compactionBytes)
        try view.setSelectedRange(start: 0, length: 0)
        var sizes: [Int] = []
        for character in text {
            try view.insertText(String(character))
            try journal.commit()
            sizes.append(journal.fileBytes)
        }
        return (document, sizes)
    }

    @Test func aTornTailIsCutAtTheLastWholeRecord() throws {
        let path = try Self.journalPath()
        let (_, sizes) = try Self.typeCommitted("abcdef", path: path)
        let whole = try Self.fileBytes(path)
        #expect(whole.count == sizes.last)
        // Every cut inside the last record loses that record only.
        for cut in sizes[4] + 1..<sizes[5] {
            try Self.writeBytes(Array(whole[..<cut]), to: path)
            let restored = try DocumentJournal.read(path: path)
            #expect(restored.document.text == "abcde", "cut at \(cut)")
            #expect(restored.document.revision == 5)
            #expect(restored.discardedBytes == cut - sizes[4])
            try DocumentJournal.truncate(path: path, to: cut - restored.discardedBytes)
            #expect(try Self.fileBytes(path) == Array(whole[..<sizes[4]]))
        }
    }

    @Test func aFlippedBitDropsItsRecordAndEverythingAfter() throws {
        let path = try Self.journalPath()
        let (_, sizes) = try Self.typeCommitted("abcdef", path: path)
        let whole = try Self.fileBytes(path)
        for offset in stride(from: sizes[2], to: sizes[3], by: 3) {
            var flipped = whole
            flipped[offset] ^= 0x04
            try Self.writeBytes(flipped, to: path)
            let restored = try DocumentJournal.read(path: path)
            #expect(restored.document.text == "abc", "bit flipped at \(offset)")
            #expect(restored.discardedBytes == whole.count - sizes[2])
        }
    }

    @Test func aNewerFormatIsRefusedAndLeftUntouched() throws {
        let path = try Self.journalPath()
        let header = ChecksummedLines.frame(Array("H inkstone-document 2 utf16 something-new".utf8))
        let bytes = header + ChecksummedLines.frame(Array("Z a record of version 2".utf8))
        try Self.writeBytes(bytes, to: path)
        let error = #expect(throws: InkstoneError.self) { try DocumentJournal.read(path: path) }
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.message.contains("version 2") == true)
        #expect(try Self.fileBytes(path) == bytes)
    }

    @Test func aDamagedHeaderIsRefusedAndLeftUntouched() throws {
        let path = try Self.journalPath()
        _ = try Self.typeCommitted("abc", path: path)
        var bytes = try Self.fileBytes(path)
        bytes[20] ^= 0x01
        try Self.writeBytes(bytes, to: path)
        let error = #expect(throws: InkstoneError.self) { try DocumentJournal.read(path: path) }
        #expect(error?.code == .invalidState)
        #expect(try Self.fileBytes(path) == bytes)
    }

    @Test func compactionKeepsTheFileBoundedAndTheContent() throws {
        let path = try Self.journalPath()
        let text = String(repeating: "the quick brown fox ", count: 60)
        let (document, sizes) = try Self.typeCommitted(text, path: path, compactionBytes: 4096)
        // Never more than the snapshot (the text and its header) and the bound plus one call.
        #expect(sizes.allSatisfy { $0 <= 4096 + 200 + text.utf8.count }, "\(sizes.max() ?? 0)")
        #expect(sizes.contains { $0 < 4096 } && sizes.last! < text.utf8.count + 4096 + 200)
        let restored = try DocumentJournal.read(path: path)
        #expect(restored.document.text == document.text)
        #expect(restored.document.revision == UInt64(text.count))
        #expect(restored.selection == JournaledSelection(anchor: text.utf8.count, head: text.utf8.count))
        // Compaction is a rename: no temporary file is left.
        let folder = String(path.prefix(upTo: path.lastIndex(of: "/")!))
        #expect(try run(["ls", "-A", folder]).stdout == "doc.journal\n")
    }

    @Test func filesAre0600InA0700Folder() throws {
        let path = try Self.journalPath()
        _ = try Self.typeCommitted("ab", path: path, compactionBytes: 64)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(String(path.prefix(upTo: path.lastIndex(of: "/")!)), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func oldUnopenedJournalsAreCollected() throws {
        let path = try Self.journalPath()
        let folder = String(path.prefix(upTo: path.lastIndex(of: "/")!))
        for name in ["old.journal", "open.journal", "fresh.journal", "notes.txt"] {
            try Self.writeBytes([1], to: folder + "/" + name)
        }
        let now = Int(time(nil))
        var times = [timeval(tv_sec: now - 40 * 86_400, tv_usec: 0), timeval(tv_sec: now - 40 * 86_400, tv_usec: 0)]
        for name in ["old.journal", "open.journal", "notes.txt"] { #expect(utimes(folder + "/" + name, &times) == 0) }
        let removed = DocumentJournal.collect(
            folder: folder, olderThan: 30 * 86_400, now: now, keep: [folder + "/open.journal"])
        #expect(removed == [folder + "/old.journal"])
        #expect(try run(["ls", folder]).stdout == "fresh.journal\nnotes.txt\nopen.journal\n")
    }

    @Test func recordsRoundTripThroughTheirEncoding() throws {
        let records: [JournalRecord] =
            [
                .header(version: 1, unit: .graphemes, persist: false),
                .header(version: 1, unit: .utf8, persist: true),
                .edit(revision: 7, utf8Start: 3, utf8OldLength: 2, text: "", runs: []),
                .edit(
                    revision: 8, utf8Start: 0, utf8OldLength: 0, text: " \\n\n'é 😀",
                    runs: [
                        JournalRun(utf8Length: 3, attributes: ["a b": .string("x\\ y\n'"), "n": .int(Int64.min)]),
                        JournalRun(utf8Length: 9, attributes: [:]),
                    ]),
                .attributes(utf8Start: 4, runs: [JournalRun(utf8Length: 2, attributes: ["d": .double(-0.0)])]),
                .selection(view: 3, anchor: nil, head: nil),
                .selection(view: 1, anchor: 9, head: 2),
            ]
            + ["\\", "\n\n", " a ", "a\\", "\\s", "\\\\ \n", String(repeating: "long text ", count: 300) + "\\"].map {
                JournalRecord.edit(
                    revision: 1, utf8Start: 0, utf8OldLength: 0, text: $0,
                    runs: [JournalRun(utf8Length: $0.utf8.count, attributes: [:])])
            }
        for record in records {
            let line = ChecksummedLines.frame(record.encoded())
            guard case .intact(let body) = ChecksummedLines.lines(line).first?.line else {
                Issue.record("\(record) does not frame")
                continue
            }
            #expect(JournalRecord.decode(body) == record)
            #expect(!body.contains(UInt8(ascii: "\n")))
        }
        #expect(JournalRecord.decode(ArraySlice("E 1 0 0 'ab 1 5 0".utf8)) == nil, "runs longer than the text")
        #expect(JournalRecord.decode(ArraySlice("S 1 4 -1".utf8)) == nil, "half a selection")
        #expect(JournalRecord.decode(ArraySlice("E 1 0 0 'ab\\ -".utf8)) == nil, "an escape cut short")
        #expect(JournalRecord.decode(ArraySlice("E 1 0 0 'a\\x -".utf8)) == nil, "an unknown escape")
        #expect(
            JournalRecord.decode(ArraySlice("E 1 0 0 '\\s\\\\ -".utf8))
                == .edit(
                    revision: 1, utf8Start: 0, utf8OldLength: 0, text: " \\",
                    runs: [JournalRun(utf8Length: 2, attributes: [:])]))
        #expect(
            JournalRecord.decode(ArraySlice([UInt8]("E 1 0 0 'a".utf8) + [0xff, 0x20, 0x2d])) == nil,
            "text that is not UTF-8")
        #expect(
            JournalRecord.decode(ArraySlice([UInt8]("E 1 0 0 'a\\s".utf8) + [0xff, 0x20, 0x2d])) == nil,
            "escaped text that is not UTF-8")
    }
}
