import DBusKit
import Glibc
import Synchronization

/// A daemon started for a test: stderr captured, stopped with SIGTERM.
public final class DaemonProcess: @unchecked Sendable {
    /// The child's pid.
    public let pid: pid_t
    private let stderrBytes = ByteSink()
    private let ended = Mutex<Termination?>(nil)
    /// The stderr reader thread, until it is joined (a thread may be joined only once).
    private let reader: Mutex<PosixThread?>

    /// Starts `executable` with `arguments` and `environment` (D-Bus addresses removed unless given).
    public init(
        executable: String = builtProduct("inkstoned"), arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        let err = try Spawn.pipe()
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(devNull) }
        do {
            pid = try Spawn.launch(
                [executable] + arguments, environment: environment, stdout: devNull, stderr: err.write)
        } catch {
            close(err.read)
            close(err.write)
            throw error
        }
        close(err.write)
        let readFD = err.read
        let sink = stderrBytes
        reader = Mutex(
            PosixThread.spawn { [sink] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    sink.bytes.withLock { $0 += buffer[0..<count] }
                }
                close(readFD)
            })
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: .seconds(5))
        }
    }

    /// Everything the daemon wrote to stderr so far.
    public var stderr: String { stderrBytes.bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits until the daemon's stderr contains `text` (its reader thread may lag
    /// behind the daemon); true when it does before `timeout`.
    public func waitForStderr(containing text: String, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = monotonicMilliseconds() + Int(timeout.components.seconds) * 1000
        while !stderr.contains(text) {
            if monotonicMilliseconds() >= deadline { return false }
            sleepMilliseconds(10)
        }
        return true
    }

    /// How it ended, if it has.
    public var termination: Termination? {
        ended.withLock { ended in
            if ended == nil { ended = Spawn.poll(pid) }
            return ended
        }
    }

    /// Waits until `name` has an owner on `busAddress` or the process ends; true when owned.
    public func waitForName(_ name: String, on busAddress: String, timeout: Duration = .seconds(10)) throws -> Bool {
        let client = try Connection(address: busAddress)
        defer { client.close() }
        let deadline = monotonicMilliseconds() + Int(timeout.components.seconds) * 1000
        while monotonicMilliseconds() < deadline {
            if try client.nameHasOwner(name) { return true }
            if termination != nil { return false }
            sleepMilliseconds(10)
        }
        return false
    }

    /// Sends `signal` (SIGTERM by default).
    public func signal(_ signal: Int32 = SIGTERM) {
        if termination == nil { kill(pid, signal) }
    }

    /// Waits until the process ends (or `timeout` passes), then until its stderr is drained.
    public func waitForExit(timeout: Duration = .seconds(10)) -> Termination? {
        let deadline = monotonicMilliseconds() + Int(timeout.components.seconds) * 1000
        while monotonicMilliseconds() < deadline {
            if let ended = termination {
                let unjoined = reader.withLock { thread in
                    defer { thread = nil }
                    return thread
                }
                unjoined?.join()
                return ended
            }
            sleepMilliseconds(5)
        }
        return nil
    }
}

/// Bytes collected by a reader thread.
final class ByteSink: Sendable {
    let bytes = Mutex<[UInt8]>([])
}
