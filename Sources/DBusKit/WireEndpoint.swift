import CSystemd
import Glibc

/// One end of an in-process socket pair whose other end is an sd-bus connection (in server
/// mode, authenticated by this end): D-Bus wire bytes written here arrive as messages,
/// messages sent on ``connection`` come out here as wire bytes. For tools that handle raw
/// messages (the message reader's fuzz target); one endpoint per message, as sd-bus drops
/// a connection that sent it a malformed one.
public final class WireEndpoint {
    /// The sd-bus side, attached to no loop.
    public let connection: Connection
    private let socket: Int32

    /// A new pair, its authentication already written (EXTERNAL, this process's uid).
    public init() throws {
        var pair: [Int32] = [-1, -1]
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, flags, 0, &pair) == 0 else {
            throw DBusKitError.failed("socketpair: \(String(cString: strerror(errno)))")
        }
        var created: OpaquePointer?
        var id = sd_id128_t()
        var hex = [CChar](repeating: 0, count: 33)
        var result = sd_bus_new(&created)
        if result >= 0 { result = csd_random_id(&id, &hex) }
        guard result >= 0, let bus = created else {
            close(pair[0])
            close(pair[1])
            throw DBusKitError.errno(result, "could not create a connection")
        }
        result = sd_bus_set_fd(bus, pair[0], pair[0])
        if result >= 0 { result = sd_bus_set_server(bus, 1, id) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            close(pair[1])
            throw DBusKitError.errno(result, "could not start a connection")
        }
        connection = Connection(adopting: bus)
        socket = pair[1]
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        guard write(Array("\0AUTH EXTERNAL \(uid)\r\nBEGIN\r\n".utf8)) else {
            throw DBusKitError.failed("could not authenticate")
        }
    }

    deinit {
        connection.close()
        close(socket)
    }

    /// Writes `bytes` to the sd-bus side; false when the socket did not take them all.
    private func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in Glibc.write(socket, buffer.baseAddress, buffer.count) == buffer.count }
    }

    /// The message `wire` holds, as sd-bus reads it; nil when sd-bus refuses the bytes.
    public func decode(_ wire: [UInt8]) -> Message? {
        guard write(wire) else { return nil }
        shutdown(socket, Int32(SHUT_WR))
        return connection.nextMessage(timeoutMilliseconds: 1000)
    }

    /// The wire bytes of `message` (made on ``connection``), as sd-bus writes it.
    public func encode(_ message: Message) -> [UInt8]? {
        guard (try? connection.send(message)) != nil else { return nil }
        connection.flush()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        // The server's answer to the authentication ("OK <guid>\r\n") comes first.
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return Array(bytes[(end + 1)...])
    }
}
