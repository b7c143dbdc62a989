import CLinux
import Glibc

extension EventLoop {
    /// Delivers `signals` (e.g. `[SIGTERM, SIGINT]`) to `handler` on the loop thread via a signalfd.
    ///
    /// Blocks the signals in the calling thread; call it from the main thread
    /// before other threads start, so every thread inherits the mask.
    public func handleSignals(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) throws {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let signalFD = signalfd(-1, &mask, CLINUX_SFD_CLOEXEC | CLINUX_SFD_NONBLOCK)
        guard signalFD >= 0 else {
            throw DBusKitError.failed("signalfd: \(String(cString: strerror(errno)))")
        }
        watchReadable(fd: signalFD) {
            var info = signalfd_siginfo()
            while read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                handler(Int32(info.ssi_signo))
            }
        }
    }
}
