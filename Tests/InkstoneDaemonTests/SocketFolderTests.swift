import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The names in `folder`, sorted.
private func entries(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
}

private func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
}

@Suite struct SocketFolderTests {
    /// Without `XDG_RUNTIME_DIR` every run uses the same private `$TMPDIR/inkstone-<uid>`, and leaves no folder per run.
    @Test func withoutARuntimeFolderOneFixedFolderPerUser() throws {
        let temporary = try makeTemporaryDirectory(prefix: "inkstone-tmp")
        defer { _ = try? run(["rm", "-rf", temporary]) }
        let environment = ["XDG_RUNTIME_DIR": "", "TMPDIR": temporary]
        let folder = temporary + "/inkstone-\(getuid())"
        for _ in 0..<2 {
            let running = try DirectDaemon(environment: environment)
            #expect(running.socketPath == folder + "/inkstoned-\(running.daemon.pid).socket", "\(running.peerAddress)")
            var status = stat()
            #expect(lstat(folder, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o700)
            #expect(status.st_uid == getuid())
            running.daemon.signal(SIGTERM)
            _ = running.daemon.waitForExit(timeout: .seconds(5))
            #expect(!exists(running.socketPath), "the socket outlived its daemon")
        }
        #expect(entries(of: temporary) == ["inkstone-\(getuid())"])
        #expect(entries(of: folder) == [])
    }

    /// A killed daemon's socket is removed by the next daemon; a running daemon's socket is left alone.
    @Test func staleSocketsAreRemovedAtStart() throws {
        let runtime = try makeTemporaryDirectory(prefix: "inkstone-runtime")
        defer { _ = try? run(["rm", "-rf", runtime]) }
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let killed = try DirectDaemon(environment: environment)
        killed.daemon.signal(SIGKILL)
        _ = killed.daemon.waitForExit(timeout: .seconds(5))
        #expect(exists(killed.socketPath), "SIGKILL leaves the socket behind")
        let running = try DirectDaemon(environment: environment)
        let next = try DirectDaemon(environment: environment)
        #expect(!exists(killed.socketPath), "the stale socket is still there")
        #expect(exists(running.socketPath), "a running daemon's socket was removed")
        #expect(exists(next.socketPath))
        // The running daemon still serves its socket.
        let connection = try Connection(address: running.peerAddress, registerWithBus: false)
        defer { connection.close() }
        #expect(try peerCall(connection, servicePath, serviceInterface, "GetVersion").kind == .methodReturn)
    }

    /// A fallback folder that is not a real folder of ours (here a link) is not used: no direct transport, the bus still works.
    @Test func aLinkedFallbackFolderIsRefused() throws {
        let temporary = try makeTemporaryDirectory(prefix: "inkstone-tmp")
        defer { _ = try? run(["rm", "-rf", temporary]) }
        let elsewhere = temporary + "/elsewhere"
        #expect(mkdir(elsewhere, 0o700) == 0)
        #expect(symlink(elsewhere, temporary + "/inkstone-\(getuid())") == 0)
        let running = try DirectDaemon(environment: ["XDG_RUNTIME_DIR": "", "TMPDIR": temporary])
        #expect(running.peerAddress == "")
        #expect(entries(of: elsewhere) == [])
        #expect(running.daemon.waitForStderr(containing: "no direct transport"), "\(running.daemon.stderr)")
    }
}
