import Glibc

/// Resident memory (`VmRSS` in `/proc/PID/status`): the one reader for the daemon's
/// status, the benchmarks and the tests.
public enum ResidentMemory {
    /// VmRSS of this process, in bytes (0 when unreadable).
    public static func ofSelf() -> UInt64 { read("/proc/self/status") }

    /// VmRSS of process `pid`, in bytes (0 when unreadable or gone).
    public static func of(pid: pid_t) -> UInt64 { read("/proc/\(pid)/status") }

    private static func read(_ path: String) -> UInt64 {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("VmRSS:") else { continue }
            return (UInt64(String(text.dropFirst(6).filter(\.isNumber))) ?? 0) * 1024
        }
        return 0
    }
}
