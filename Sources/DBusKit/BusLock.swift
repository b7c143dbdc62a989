import Glibc

/// The lock of one sd-bus connection, shared by the ``Connection`` and every ``Message``
/// made on it or received from it.
///
/// sd-bus is not thread-safe: a bus, and the reference counts of its messages (each
/// message reference is also a reference to its bus), are plain memory. Every sd-bus call
/// that touches a bus or a message's references (sending, processing, creating, releasing)
/// runs under this lock. It is recursive because processing runs handlers that send on
/// the same connection and release its messages.
final class BusLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
