import CLinux
import Glibc
import InkstoneMeasure

/// The outcome of ``run(_:environment:timeout:)``.
public struct RunResult: Sendable {
    /// How the process ended (`.signaled(SIGKILL)` after a timeout).
    public let termination: Termination
    /// Everything it wrote to stdout.
    public let stdout: String
    /// Everything it wrote to stderr.
    public let stderr: String
    /// Whether the timeout killed it.
    public let timedOut: Bool
}

/// Runs `argv` (looked up in PATH) to completion, capturing stdout and stderr.
///
/// The child never sees the caller's D-Bus addresses; pass them in `environment`
/// or as arguments. It is killed with SIGKILL after `timeout`.
public func run(_ argv: [String], environment: [String: String] = [:], timeout: Duration = .seconds(20)) throws
    -> RunResult
{
    let out = try Spawn.pipe()
    let err = try Spawn.pipe()
    let pid: pid_t
    do {
        pid = try Spawn.launch(argv, environment: environment, stdout: out.write, stderr: err.write)
    } catch {
        for descriptor in [out.read, out.write, err.read, err.write] { close(descriptor) }
        throw error
    }
    close(out.write)
    close(err.write)
    defer {
        close(out.read)
        close(err.read)
    }
    let deadline = monotonicMilliseconds() + timeout.wholeMilliseconds
    var stdoutBytes: [UInt8] = []
    var stderrBytes: [UInt8] = []
    var open: [Int32] = [out.read, err.read]
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
        let remaining = deadline - monotonicMilliseconds()
        if remaining <= 0 {
            timedOut = true
            kill(pid, SIGKILL)
            break
        }
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard Glibc.poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1000))) >= 0 || errno == EINTR else { break }
        for entry in fds where entry.revents != 0 {
            let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if entry.fd == out.read { stdoutBytes += buffer[0..<count] } else { stderrBytes += buffer[0..<count] }
            } else {
                open.removeAll { $0 == entry.fd }
            }
        }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return RunResult(
        termination: Termination(waitStatus: status),
        stdout: String(decoding: stdoutBytes, as: UTF8.self),
        stderr: String(decoding: stderrBytes, as: UTF8.self),
        timedOut: timedOut)
}

/// Monotonic time in milliseconds (``MonotonicClock``).
public func monotonicMilliseconds() -> Int { MonotonicClock.milliseconds() }

/// The absolute path of a product built next to the running executable (e.g. `inkstoned`).
public func builtProduct(_ name: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return name }
    let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var components = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    // A test bundle runs from `<build>/<Name>.xctest/...` on some setups.
    if let bundle = components.firstIndex(where: { $0.hasSuffix(".xctest") }) {
        components = components[..<bundle]
    }
    return components.joined(separator: "/") + "/" + name
}

/// A new empty temporary folder in `folder`, by default `TMPDIR` (or /tmp).
public func makeTemporaryDirectory(prefix: String = "inkstone", in folder: String? = nil) throws -> String {
    let base = folder ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
        guard let base = buffer.baseAddress else { return nil }
        return mkdtemp(base)
    }
    guard let made else {
        throw TestSupportError("mkdtemp: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
}

/// Writes `contents` to `path`.
public func writeFile(_ path: String, _ contents: String) throws {
    guard let file = fopen(path, "w") else { throw TestSupportError("cannot write \(path)") }
    defer { fclose(file) }
    fputs(contents, file)
}
