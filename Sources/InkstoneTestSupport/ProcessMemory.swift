import Glibc

/// VmRSS of process `pid` from `/proc/PID/status`, in bytes (0 when unreadable).
public func residentBytes(of pid: pid_t) -> UInt64 {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix("VmRSS:") else { continue }
        return (UInt64(String(text.dropFirst(6).filter(\.isNumber))) ?? 0) * 1024
    }
    return 0
}
