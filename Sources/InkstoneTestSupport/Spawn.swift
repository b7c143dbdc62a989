import CLinux
import Glibc

/// How a child process ended.
public enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It called exit with this code.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)

    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(signal)
    }

    public var description: String {
        switch self {
        case .exited(let code): return "exit \(code)"
        case .signaled(let signal): return "signal \(signal)"
        }
    }
}

/// Starting child processes with `posix_spawnp`.
enum Spawn {
    /// The current environment without any D-Bus address, plus `overrides`.
    static func environment(_ overrides: [String: String]) -> [String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        for name in ["DBUS_SESSION_BUS_ADDRESS", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE"] {
            variables[name] = nil
        }
        for (name, value) in overrides { variables[name] = value }
        return variables.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// Spawns `argv` with stdin from /dev/null and stdout/stderr to the given descriptors.
    static func launch(_ argv: [String], environment overrides: [String: String], stdout: Int32, stderr: Int32) throws
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        _ = clinux_spawn_closefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGTERM)
        sigaddset(&defaultSignals, SIGINT)
        sigaddset(&defaultSignals, SIGPIPE)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = argv.map { strdup($0) } + [nil]
        let environment = Self.environment(overrides).map { strdup($0) } + [nil]
        defer {
            for argument in arguments { free(argument) }
            for variable in environment { free(variable) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, environment)
        guard status == 0 else {
            throw TestSupportError("cannot start \(argv[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// A pipe whose both ends close on exec (the child gets copies through dup2).
    static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw TestSupportError("pipe: \(String(cString: strerror(errno)))") }
        // Children get copies through dup2; closefrom in the child covers the
        // window before FD_CLOEXEC is set.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// Reaps `pid` if it has ended.
    static func poll(_ pid: pid_t) -> Termination? {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        return reaped == pid ? Termination(waitStatus: status) : nil
    }
}

/// A failure in the test harness itself (not in the code under test).
public struct TestSupportError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// Sleeps for `milliseconds`.
func sleepMilliseconds(_ milliseconds: Int) {
    usleep(useconds_t(milliseconds * 1000))
}
