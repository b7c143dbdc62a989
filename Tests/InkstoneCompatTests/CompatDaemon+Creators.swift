import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

extension CompatDaemon {
    /// A compatibility context the daemon logged as created (debug level).
    struct CreatedContext {
        let front: String
        let id: String
        /// The unique bus name of the connection that created it.
        let creator: String
        /// The program name the module sent.
        let program: String
    }

    /// Every context the daemon logged as created: `<front>: context <id> created for <creator> (<program>)`.
    var createdContexts: [CreatedContext] {
        daemon.stderr.split(separator: "\n").compactMap { line in
            guard let range = line.firstRange(of: ": context ") else { return nil }
            let front = line[..<range.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let words = line[range.upperBound...].split(separator: " ", maxSplits: 4)
            guard words.count == 5, words[1] == "created", words[2] == "for" else { return nil }
            return CreatedContext(
                front: front, id: String(words[0]), creator: String(words[3]),
                program: String(words[4].dropFirst().dropLast()))
        }
    }

    /// The last capability mask the fcitx5 front logged for context `id`.
    func fcitxCapability(of id: String) -> UInt64? {
        let prefix = "fcitx5: context \(id) capability 0x"
        return daemon.stderr.split(separator: "\n").compactMap { line -> UInt64? in
            guard let range = line.firstRange(of: prefix) else { return nil }
            return UInt64(line[range.upperBound...], radix: 16)
        }.last
    }

    /// Waits until a context of `front` has the focus (and, for fcitx5, its capability): the
    /// focused field's context, from then on sent every key.
    func waitForFocusedContext(front: String) throws -> CreatedContext {
        var found: CreatedContext?
        try DesktopSession.waitUntil("a \(front) context has the focus", timeout: 20) { [self] in
            let log = daemon.stderr
            found = createdContexts.first { log.contains("\(front): context \($0.id) focus in") && $0.front == front }
            guard let found else { return false }
            return front != "fcitx5" || fcitxCapability(of: found.id) != nil
        }
        return try #require(found)
    }

    /// The pid of the process behind the connection `uniqueName`, as the bus knows it.
    func processID(of uniqueName: String) throws -> UInt32 {
        let client = try Connection(address: bus.address)
        defer { client.close() }
        let reply = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", timeoutMilliseconds: 5000
        ) { $0.append(uniqueName) }
        var reader = try MessageReader(reply, expecting: "u")
        return try reader.readUInt32()
    }

}
