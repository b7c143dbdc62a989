import CSystemd
import Glibc
import Synchronization

/// A peer-to-peer D-Bus server: a listening unix socket whose accepted connections join an
/// ``EventLoop`` as sd-bus server connections.
///
/// sd-bus has no server object: the loop watches the socket, accepts each peer, and
/// admits only peers of the same user (`SO_PEERCRED` uid equal to the server process's,
/// then EXTERNAL authentication, no anonymous peers). Each accepted socket becomes an
/// sd-bus connection in server mode carrying the server's GUID.
public final class Server: @unchecked Sendable {
    private let listener: Int32
    private let socketPath: String
    private let loop: EventLoop
    private let guid: sd_id128_t
    /// The address clients connect to (with the server's GUID).
    public let address: String
    private let listening = Atomic<Bool>(true)

    /// The address of a unix socket at `path`, the path escaped as D-Bus addresses
    /// require (a comma, space or `=` in a folder name would otherwise end or break it).
    public static func unixAddress(path: String) throws -> String {
        try DBusValidation.string(path)
        return "unix:path=" + DBusAddress.escape(path)
    }

    /// Listens on `listenAddress` (`unix:path=…`, or `unix:dir=…`/`unix:tmpdir=…` for a
    /// new socket in that folder), driven by `loop`.
    ///
    /// - Parameter onConnection: runs on the loop thread with each new connection,
    ///   already attached to the loop; export objects on it there.
    public init(
        listenAddress: String, loop: EventLoop, onConnection: @escaping @Sendable (Connection) -> Void
    ) throws {
        var id = sd_id128_t()
        var hex = [CChar](repeating: 0, count: 33)
        guard csd_random_id(&id, &hex) >= 0 else { throw DBusKitError.failed("could not make a server GUID") }
        guid = id
        let guidHex = String(decoding: hex.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        socketPath = try DBusAddress.listeningPath(listenAddress, name: "dbus-" + guidHex.prefix(10))
        listener = try Self.listen(at: socketPath)
        address = "unix:path=" + DBusAddress.escape(socketPath) + ",guid=" + guidHex
        self.loop = loop
        let acceptor = Acceptor(listener: listener, guid: id, loop: loop, onConnection: onConnection)
        loop.watchReadable(fd: listener) { acceptor.acceptAll() }
    }

    deinit { disconnect() }

    /// A listening, non-blocking unix socket bound to `path`.
    private static func listen(at path: String) throws -> Int32 {
        let fd = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw DBusKitError.failed("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            close(fd)
            throw DBusKitError.failed("the socket path \(path) is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw DBusKitError.failed("cannot listen on \(path): \(reason)")
        }
        return fd
    }

    /// Stops listening (and removes the socket); accepted connections stay open.
    public func disconnect() {
        guard listening.exchange(false, ordering: .acquiringAndReleasing) else { return }
        loop.unwatch(fd: listener)
        close(listener)
        unlink(socketPath)
    }
}

/// Accepts the peers waiting on a listening socket (on the loop thread).
private final class Acceptor: Sendable {
    let listener: Int32
    let guid: sd_id128_t
    let loop: EventLoop
    let onConnection: @Sendable (Connection) -> Void

    init(listener: Int32, guid: sd_id128_t, loop: EventLoop, onConnection: @escaping @Sendable (Connection) -> Void) {
        self.listener = listener
        self.guid = guid
        self.loop = loop
        self.onConnection = onConnection
    }

    func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var uid: UInt32 = 0
            guard csd_peer_uid(fd, &uid) == 0, uid == getuid() else {
                close(fd)
                continue
            }
            guard let bus = serverBus(on: fd) else { continue }
            let connection = Connection(adopting: bus)
            loop.attach(connection)
            onConnection(connection)
        }
    }

    /// A started sd-bus server connection on the accepted socket `fd`, or nil; either way
    /// `fd` is taken (closed on failure exactly once, by sd-bus once it holds it).
    private func serverBus(on fd: Int32) -> OpaquePointer? {
        var created: OpaquePointer?
        guard sd_bus_new(&created) >= 0, let bus = created else {
            close(fd)
            return nil
        }
        guard sd_bus_set_fd(bus, fd, fd) >= 0 else {
            sd_bus_unref(bus)
            close(fd)
            return nil
        }
        // From here the bus holds the descriptor: releasing the bus closes it.
        var result = sd_bus_set_server(bus, 1, guid)
        if result >= 0 { result = sd_bus_set_anonymous(bus, 0) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            return nil
        }
        return bus
    }
}

/// D-Bus server addresses (the specification's "Server Addresses"), as far as a server here reads them.
enum DBusAddress {
    /// `value` with every byte outside `[-0-9A-Za-z_/.\*]` written `%xx`.
    static func escape(_ value: String) -> String {
        var escaped = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "\\"),
                UInt8(ascii: "*"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                escaped.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16)
                escaped += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return escaped
    }

    /// `value` with its `%xx` escapes decoded.
    static func unescape(_ value: Substring) throws -> String {
        var bytes: [UInt8] = []
        var index = value.utf8.startIndex
        while index < value.utf8.endIndex {
            let byte = value.utf8[index]
            if byte == UInt8(ascii: "%") {
                let start = value.utf8.index(after: index)
                guard let end = value.utf8.index(start, offsetBy: 2, limitedBy: value.utf8.endIndex),
                    let decoded = UInt8(String(value[start..<end]), radix: 16)
                else { throw DBusKitError.invalidArgs("a bad escape in the address value '\(value)'") }
                bytes.append(decoded)
                index = end
            } else {
                bytes.append(byte)
                index = value.utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The socket path a server listens on for `address`: its `path`, or a new socket
    /// called `name` in its `dir` or `tmpdir`.
    static func listeningPath(_ address: String, name: String) throws -> String {
        guard address.hasPrefix("unix:") else {
            throw DBusKitError.invalidArgs("only unix: server addresses are supported, not '\(address)'")
        }
        var keys: [String: String] = [:]
        for pair in address.dropFirst("unix:".count).split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else {
                throw DBusKitError.invalidArgs("a key without a value in the address '\(address)'")
            }
            keys[String(pair[..<equals])] = try unescape(pair[pair.index(after: equals)...])
        }
        if let path = keys["path"] { return path }
        if let folder = keys["dir"] ?? keys["tmpdir"] { return folder + "/" + name }
        throw DBusKitError.invalidArgs("the address '\(address)' names no path, dir or tmpdir")
    }
}
