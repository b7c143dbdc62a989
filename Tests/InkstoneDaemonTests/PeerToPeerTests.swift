import DBusKit
import Glibc
import InkstoneClient
import InkstoneTestSupport
import Testing

/// A daemon whose direct transport lives in a runtime folder of the test's own.
typealias PeerDaemon = DirectDaemon

/// A call with no destination (peer to peer).
@discardableResult
func peerCall(
    _ connection: Connection, _ path: String, _ interface: String, _ member: String,
    _ body: (inout MessageWriter) throws -> Void = { _ in }
) throws -> Message {
    try connection.peerCall(path, interface, member, body)
}

@Suite struct PeerToPeerTests {
    @Test func socketLivesInTheRuntimeFolderOwnerOnly() throws {
        let daemon = try PeerDaemon()
        #expect(daemon.peerAddress.hasPrefix("unix:path=\(daemon.runtime)/inkstone/"), "\(daemon.peerAddress)")
        var folder = stat()
        #expect(stat(daemon.runtime + "/inkstone", &folder) == 0)
        #expect(folder.st_mode & 0o777 == 0o700)
        let socketPath = String(daemon.peerAddress.dropFirst("unix:path=".count).prefix { $0 != "," })
        var socket = stat()
        #expect(stat(socketPath, &socket) == 0)
        #expect(socket.st_mode & 0o077 == 0, "socket mode \(String(socket.st_mode & 0o777, radix: 8))")
    }

    /// Typing over a direct connection behaves as over the bus: same replies, same signals (on that connection).
    @Test(arguments: NotificationMode.allCases) func directClientTypesHangulAndGetsItsSignals(mode: NotificationMode)
        throws
    {
        let daemon = try PeerDaemon()
        let connection = try daemon.connect()
        defer { connection.close() }
        #expect(connection.uniqueName == nil)
        var created = try peerCall(connection, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["engine=hangul"] + (mode == .perEvent ? ["coalesce=false"] : []))
        }.reader()
        let context = try created.readObjectPath()
        var handled = try peerCall(connection, context, contextInterface, "ProcessKeyNames") {
            $0.append(strings: ["g", "k", "s", "r", "m", "f", "space"])
        }.reader()
        #expect(try handled.readArray { try $0.readBool() } == Array(repeating: true, count: 7))
        var text = try peerCall(connection, context, contextInterface, "GetText").reader()
        #expect(try text.readString() == "한글 ")
        var commits = ""
        var members: Set<String> = []
        while let message = connection.nextMessage(timeoutMilliseconds: 0) {
            guard message.kind == .signal, message.path == context else { continue }
            #expect((message.member == "Notifications") == (mode == .coalesced), "\(message.member ?? "")")
            for signal in SeenSignal.expand(message) {
                members.insert(signal.member)
                if signal.member == "Committed" { commits += signal.arguments.first?.stringValue ?? "" }
            }
        }
        #expect(commits == "한글 ")
        #expect(members.isSuperset(of: ["TextDidChange", "MarkedTextChanged", "SelectionDidChange"]), "\(members)")
    }

    /// Over the direct socket a reporting key brings its events in the reply and no signal.
    @Test func directClientTakesItsEventsFromTheReply() throws {
        let daemon = try PeerDaemon()
        let connection = try daemon.connect()
        defer { connection.close() }
        var created = try peerCall(connection, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: ["engine=hangul"])
        }.reader()
        let context = try created.readObjectPath()
        let reply = try peerCall(connection, context, contextInterface, "ProcessKeyNamesReporting") {
            $0.append(strings: ["g", "k", "s", "r", "m", "f", "space"])
        }
        // One struct: the plain reply (handled per key), then the call report.
        var reader = try MessageReader(reply, expecting: "(ab(tayataxasav))")
        let (handled, report) = try reader.readStruct { fields in
            (try fields.readArray { try $0.readBool() }, try fields.readValue())
        }
        #expect(handled == Array(repeating: true, count: 7))
        guard let message = connection.signal(path: context, interface: contextInterface, member: "Notifications")
        else {
            throw TestSupportError("no message")
        }
        #expect((CallEvents(report: report)?.revision ?? 0) > 0)
        message.write { $0.append(report) }
        #expect(
            only(["Committed"], SeenSignal.expand(message)).compactMap { $0.arguments.first?.stringValue }.joined()
                == "한글 ")
        var text = try peerCall(connection, context, contextInterface, "GetText").reader()
        #expect(try text.readString() == "한글 ")
        var signals: [String] = []
        while let message = connection.nextMessage(timeoutMilliseconds: 0) {
            if message.kind == .signal, message.path == context { signals.append(message.member ?? "") }
        }
        #expect(signals.isEmpty, "\(signals)")
    }

    /// A direct connection is its own caller: others cannot use its contexts, and they die with it.
    @Test func directContextsAreOwnedAndDieWithTheConnection() throws {
        let daemon = try PeerDaemon()
        let first = try daemon.connect()
        var created = try peerCall(first, servicePath, serviceInterface, "NewInputContext") { $0.append(strings: []) }
            .reader()
        let context = try created.readObjectPath()
        #expect(try daemon.contextCount() == 1)

        let second = try daemon.connect()
        defer { second.close() }
        #expect(throws: DBusKitError.self) {
            _ = try peerCall(second, context, contextInterface, "GetText")
        }
        let bus = try BusClient(address: daemon.bus.address)
        #expect(throws: DBusKitError.self) {
            _ = try bus.call(busName, context, contextInterface, "GetText")
        }

        first.close()
        var remaining = try daemon.contextCount()
        for _ in 0..<100 where remaining != 0 {
            usleep(20_000)
            remaining = try daemon.contextCount()
        }
        #expect(remaining == 0)
        #expect(try daemon.contextCount() == 0)
    }

    /// Another uid cannot connect, even when the folder and socket are opened up: the EXTERNAL check refuses it.
    ///
    /// Everything `nobody` needs lives in a fresh folder under `/tmp` (whose
    /// ancestors anyone may traverse), whatever the checkout path's modes: the
    /// runtime folder and a copy of the client. So the refusal comes from the
    /// daemon, never from the file system.
    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
    func anotherUserIsRefused() throws {
        let base = try makeWorldTraversableFolder()
        defer { _ = try? run(["rm", "-rf", base]) }
        let client = base + "/inkstone"
        #expect(try run(["cp", builtProduct("inkstone"), client]).termination == .exited(0))
        chmod(client, 0o755)
        let runtime = base + "/runtime"
        #expect(mkdir(runtime, 0o700) == 0)
        let daemon = try PeerDaemon(runtime: runtime)
        let socketPath = String(daemon.peerAddress.dropFirst("unix:path=".count).prefix { $0 != "," })
        let asNobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let status = [client, "status", "--peer-address", daemon.peerAddress]
        let locked = try run(asNobody + status)
        #expect(locked.termination == .exited(1), "\(locked.stdout)")
        // Open the folders and the socket to everyone: only authentication stands in the way now.
        chmod(daemon.runtime, 0o755)
        chmod(daemon.runtime + "/inkstone", 0o755)
        chmod(socketPath, 0o777)
        let opened = try run(asNobody + status)
        #expect(opened.termination == .exited(1), "\(opened.stdout)")
        #expect(!opened.stderr.contains("Permission denied"), "\(opened.stderr)")
        #expect(opened.stderr.contains("did not accept this connection"), "\(opened.stderr)")
        // The same command as the daemon's own user succeeds.
        let own = try run(status)
        #expect(own.termination == .exited(0), "\(own.stderr)")
    }
}

/// A new folder of mode 0755 directly under `/tmp`, whose ancestors anyone may traverse.
private func makeWorldTraversableFolder() throws -> String {
    var template = Array("/tmp/inkstone-peer-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
        guard let base = buffer.baseAddress else { return nil }
        return mkdtemp(base)
    }
    guard let made else { throw TestSupportError("mkdtemp: \(String(cString: strerror(errno)))") }
    let folder = String(cString: made)
    chmod(folder, 0o755)
    return folder
}
