import Glibc

/// A body handed to a new thread.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A joinable POSIX thread (outside Swift's concurrency pool).
public struct PosixThread: @unchecked Sendable {
    /// The thread's id.
    public let id: pthread_t

    /// Starts `body` on a new thread.
    public static func spawn(_ body: @escaping @Sendable () -> Void) -> PosixThread? {
        var id = pthread_t()
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let status = pthread_create(
            &id, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return PosixThread(id: id)
    }

    /// Waits for the thread to finish.
    public func join() { pthread_join(id, nil) }

    /// Lets the thread finish on its own (it is never joined).
    public func detach() { pthread_detach(id) }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
