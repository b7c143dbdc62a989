import Glibc
import InkstoneMeasure

/// VmRSS of process `pid`, in bytes (0 when unreadable); see ``ResidentMemory``.
public func residentBytes(of pid: pid_t) -> UInt64 { ResidentMemory.of(pid: pid) }
