import Synchronization

/// What gathers the messages a method call's dispatch sends into one write: C functions that
/// see sd-bus's writes (they define `sendmsg` for the process, so only an executable links
/// them: the daemon's `CGatheredWrites`), installed once at start-up. Until one is installed,
/// sd-bus writes each message itself (see ``Connection/dispatchGatheringWrites(_:)``).
public struct WriteGatherer: @unchecked Sendable {
    /// Starts gathering the calling thread's writes to a socket: 1 when it started.
    public typealias Begin = @convention(c) (Int32) -> Int32
    /// Stops gathering and writes what is still gathered: 0 or -errno; sets the sends that
    /// carried gathered messages and how many messages they carried.
    public typealias Release = @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32

    let begin: Begin
    let release: Release
    /// The most bytes one gathering holds.
    let capacity: Int

    /// A gatherer of `begin` and `release`, whose buffer holds `capacity` bytes.
    public init(begin: Begin, release: Release, capacity: Int) {
        self.begin = begin
        self.release = release
        self.capacity = capacity
    }

    private static let installed = Mutex<WriteGatherer?>(nil)

    /// Makes `gatherer` the process's: every dispatch from now on gathers its writes.
    public static func install(_ gatherer: WriteGatherer) {
        installed.withLock { $0 = gatherer }
    }

    /// The process's gatherer, if one was installed.
    static var current: WriteGatherer? { installed.withLock { $0 } }
}
