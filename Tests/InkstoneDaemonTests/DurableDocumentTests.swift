import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// Durable documents over D-Bus: `inkstoned` killed with SIGKILL at random
/// points of an editing loop loses no acknowledged edit and half-applies
/// none; damaged journal tails, newer formats, permissions and collection.
@Suite(.serialized) struct DurableDocumentTests {
    /// A daemon on `state` (`XDG_STATE_HOME`) and a peer of it.
    static func start(_ state: String, arguments: [String] = []) throws -> (RunningDaemon, InkstonePeer) {
        let daemon = try RunningDaemon(arguments: arguments, environment: ["XDG_STATE_HOME": state])
        return (daemon, try InkstonePeer(daemon))
    }

    static func token(_ peer: InkstonePeer, _ context: String) throws -> String {
        guard case .string(let token)? = try peer.property(context, "RestoreToken") else { return "" }
        return token
    }

    /// `RestoreDocument`: the new context's path.
    static func restore(_ peer: InkstonePeer, _ token: String) throws -> String {
        let reply = try peer.call(servicePath, "RestoreDocument", interface: serviceInterface) { $0.append(token) }
        guard case .objectPath(let path)? = reply.first else { throw DBusKitError.failed("no path in \(reply)") }
        return path
    }

    static func journals(_ state: String) throws -> [String] {
        try run(["ls", state + "/inkstone/documents"]).stdout.split(separator: "\n").map {
            state + "/inkstone/documents/" + $0
        }
    }

    /// A journal line: the FNV-1a 64 of `body` in hex, a space, the body, a newline.
    static func checksummedLine(_ body: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits + " " + body + "\n"
    }

    /// The document as the test knows it: text (ASCII, so UTF-8 offsets are characters) and revision.
    struct Model: Equatable {
        var text = ""
        var revision: UInt64 = 0

        func inserting(_ inserted: String, at offset: Int, revisions: UInt64 = 1) -> Model {
            var text = Array(self.text)
            text.insert(contentsOf: inserted, at: offset)
            return Model(text: String(text), revision: revision + revisions)
        }

        func deleting(_ start: Int, _ length: Int) -> Model {
            var text = Array(self.text)
            text.removeSubrange(start..<start + length)
            return Model(text: String(text), revision: revision + 1)
        }
    }

    @Test(.timeLimit(.minutes(5))) func everyAcknowledgedEditSurvivesSIGKILL() throws {
        let state = try makeTemporaryDirectory(prefix: "inkstone-durable")
        var random = SplitMix64(seed: UInt64(time(nil)))
        var acknowledged = Model()
        var acknowledgedCalls = 0
        var token = ""
        for iteration in 0..<30 {
            let (daemon, peer) = try Self.start(state)
            let context: String
            if iteration == 0 {
                context = try peer.createContext(["durable": .bool(true), "unit": .string("utf8")])
                token = try Self.token(peer, context)
                #expect(token.count == 32)
            } else {
                context = try Self.restore(peer, token)
                let restored = Model(text: try peer.text(context), revision: try peer.revision(context))
                #expect(
                    restored == acknowledged,
                    "iteration \(iteration): restored \(restored), acknowledged \(acknowledged)")
                acknowledged = restored
                #expect(try Self.token(peer, context) == token)
            }
            let pid = daemon.daemon.pid
            let delay = UInt32(2_000 + random.next(below: 60_000))
            let killer = PosixThread.spawn {
                usleep(delay)
                kill(pid, SIGKILL)
            }
            var inFlight: Model?
            editing: while true {
                let length = acknowledged.text.utf8.count
                let offset = random.next(below: length + 1)
                do {
                    inFlight = nil
                    switch random.next(below: 4) {
                    case 0 where length > 0:
                        let deleted = 1 + random.next(below: min(length - offset, 4) + (offset == length ? 1 : 0))
                        let start = min(offset, length - deleted)
                        inFlight = acknowledged.deleting(start, deleted)
                        let (revision, _) = try peer.replace(context, start, deleted, "")
                        #expect(revision == inFlight?.revision)
                    case 1:
                        try peer.call(context, "SetSelectedRange") {
                            $0.append(Int64(offset))
                            $0.append(Int64(0))
                        }
                        inFlight = acknowledged.inserting("qrs", at: offset, revisions: 3)
                        _ = try peer.keys(context, ["q", "r", "s"])
                    default:
                        let word = "w\(iteration).\(acknowledgedCalls) "
                        inFlight = acknowledged.inserting(word, at: offset)
                        let (revision, _) = try peer.replace(context, offset, 0, word)
                        #expect(revision == inFlight?.revision)
                    }
                } catch {
                    break editing
                }
                if let inFlight { acknowledged = inFlight }
                acknowledgedCalls += 1
            }
            killer?.join()
            #expect(daemon.daemon.waitForExit() == .signaled(SIGKILL))
            // The call cut short may have been written whole before the kill (its reply never
            // came): then it is there whole, never in part.
            if let inFlight {
                let (next, nextPeer) = try Self.start(state)
                let context = try Self.restore(nextPeer, token)
                let restored = Model(text: try nextPeer.text(context), revision: try nextPeer.revision(context))
                #expect(restored == acknowledged || restored == inFlight, "iteration \(iteration): \(restored)")
                acknowledged = restored
                next.daemon.signal(SIGKILL)
                _ = next.daemon.waitForExit()
            }
        }
        #expect(acknowledgedCalls > 30, "the loop made progress")

        // A torn write at the journal's end, then a flipped bit in its last call.
        let journal = try #require(try Self.journals(state).first)
        let file = fopen(journal, "a")
        fputs("0123456789abcdef E 99 0 0 'torn", file)
        fclose(file)
        do {
            let (daemon, peer) = try Self.start(state)
            let context = try Self.restore(peer, token)
            #expect(try peer.text(context) == acknowledged.text)
            #expect(daemon.daemon.waitForStderr(containing: "damaged tail"), "\(daemon.daemon.stderr)")
            try peer.replace(context, 0, 0, "lost ")
            daemon.daemon.signal(SIGKILL)
            _ = daemon.daemon.waitForExit()
        }
        var bytes = Array(try readFile(journal).utf8)
        let lastCall = try #require(bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")))
        bytes[lastCall - 3] ^= 0x04
        try writeFile(journal, String(decoding: bytes, as: UTF8.self))
        let (daemon, peer) = try Self.start(state)
        let context = try peer.inkstone.restoreDocument(token: token).path
        #expect(try peer.text(context) == acknowledged.text, "the call whose record was damaged is dropped whole")
        #expect(daemon.daemon.waitForStderr(containing: "damaged tail"), "\(daemon.daemon.stderr)")
    }

    @Test func aJournalOfANewerFormatIsRefusedAndKept() throws {
        let state = try makeTemporaryDirectory(prefix: "inkstone-durable")
        let token: String
        do {
            let (daemon, peer) = try Self.start(state)
            let context = try peer.createContext(["durable": .bool(true)])
            token = try Self.token(peer, context)
            try peer.insert(context, "text")
            withExtendedLifetime(daemon) {}
        }
        let journal = try #require(try Self.journals(state).first)
        let newer = Self.checksummedLine("H inkstone-document 9 utf16")
        try writeFile(journal, newer + "future records\n")
        let (daemon, peer) = try Self.start(state)
        defer { withExtendedLifetime(daemon) {} }
        #expect(
            peer.errorName(servicePath, "RestoreDocument", interface: serviceInterface) { $0.append(token) }
                == "org.inkstone.Error.UnsupportedVersion")
        #expect(try readFile(journal) == newer + "future records\n")
        #expect(
            peer.errorName(servicePath, "RestoreDocument", interface: serviceInterface) { $0.append("../x") }
                == "org.inkstone.Error.InvalidArgument")
        #expect(
            peer.errorName(servicePath, "RestoreDocument", interface: serviceInterface) {
                $0.append(String(repeating: "a", count: 32))
            } == "org.inkstone.Error.UnknownObject")
    }

    @Test func journalsAre0600InA0700FolderAndNonDurableDocumentsWriteNone() throws {
        let state = try makeTemporaryDirectory(prefix: "inkstone-durable")
        let (daemon, peer) = try Self.start(state)
        defer { withExtendedLifetime(daemon) {} }
        let plain = try peer.newContext()
        try peer.insert(plain, "plain")
        #expect(try Self.token(peer, plain) == "")
        #expect(access(state + "/inkstone", F_OK) != 0, "a non-durable document writes nothing")
        let durable = try peer.newContext(["durable=true"])
        try peer.insert(durable, "durable")
        var info = stat()
        #expect(stat(state + "/inkstone/documents", &info) == 0 && info.st_mode & 0o777 == 0o700)
        let journal = try #require(try Self.journals(state).first)
        #expect(stat(journal, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(!journal.contains(try Self.token(peer, durable)), "the file name does not give the token away")
        // Destroy deletes the journal of the document's last context.
        try peer.call(durable, "Destroy")
        #expect(try Self.journals(state).isEmpty)
    }

    @Test func unrestoredJournalsAreCollectedAfterTheConfiguredAge() throws {
        let state = try makeTemporaryDirectory(prefix: "inkstone-durable")
        let folder = state + "/inkstone/documents"
        _ = try run(["mkdir", "-p", folder])
        let now = Int(time(nil))
        for (name, days) in [("old", 40), ("recent", 5)] {
            try writeFile(folder + "/\(name).journal", "x")
            var times = [
                timeval(tv_sec: now - days * 86_400, tv_usec: 0), timeval(tv_sec: now - days * 86_400, tv_usec: 0),
            ]
            #expect(utimes(folder + "/\(name).journal", &times) == 0)
        }
        let config = state + "/config.toml"
        try writeFile(config, "[durability]\ncollect_after_days = 60\n")
        do {
            let (daemon, _) = try Self.start(state, arguments: ["--config", config])
            #expect(try Self.journals(state).count == 2, "60 days: both kept")
            withExtendedLifetime(daemon) {}
        }
        let (daemon, _) = try Self.start(state)
        #expect(try Self.journals(state) == [folder + "/recent.journal"], "the default, 30 days")
        #expect(daemon.daemon.waitForStderr(containing: "collected"), "\(daemon.daemon.stderr)")
    }
}
