import CLinux
import CSystemd
import Glibc
import Synchronization

/// An epoll event loop on one thread, driving sd-bus connections, timers,
/// signals, extra file descriptors and closures sent from other threads.
///
/// Each attached connection is one descriptor in epoll, with the interest sd-bus asks for
/// (`sd_bus_get_events`, re-armed after every turn) and its deadline (`sd_bus_get_timeout`,
/// for reply timeouts) among the loop's timers. Connections are served round-robin: each
/// turn, every connection that is readable, due or left with work processes at most
/// ``dispatchBudget`` messages (`sd_bus_process`), then the loop polls again (without
/// sleeping while any connection has work left), so a client that floods its connection
/// delays the others by one budget per turn, not by its whole backlog. sd-bus reads one
/// message per process, so a connection reads only as fast as it dispatches: a peer that
/// sends faster than its turns allow is held back by its socket, not buffered here.
public final class EventLoop: @unchecked Sendable {
    let epollFD: Int32
    let wakeFD: Int32
    let state = Mutex(LoopState())
    private let stopping = Atomic<Bool>(false)
    private let loopThreadID = Atomic<UInt>(0)
    private let thread = Mutex<PosixThread?>(nil)
    /// Whether a connection stopped with messages left at its last turn.
    private var dispatchPending = false
    /// Where the last turn started in the list of connections.
    private var firstConnection = 0
    /// An empty job queue with capacity, swapped in by each turn that runs jobs (loop thread only).
    private var spareJobs: [@Sendable () -> Void] = []
    /// The descriptors epoll reported readable or writable this turn (loop thread only).
    private var readyDescriptors: [Int32] = []
    /// The nearest deadline sd-bus gave any connection at the last turn (loop thread only).
    var connectionDeadline: UInt64?

    /// The most messages one connection dispatches per turn of the loop.
    public let dispatchBudget: Int

    /// Creates a loop (not yet running).
    ///
    /// - Parameter dispatchBudget: the most messages one connection dispatches per turn.
    /// - Throws: ``DBusKitError`` when epoll or eventfd cannot be created.
    public init(dispatchBudget: Int = 1) throws {
        self.dispatchBudget = max(1, dispatchBudget)
        epollFD = epoll_create1(CLINUX_EPOLL_CLOEXEC)
        wakeFD = eventfd(0, CLINUX_EFD_CLOEXEC | CLINUX_EFD_NONBLOCK)
        guard epollFD >= 0, wakeFD >= 0 else {
            throw DBusKitError.failed("epoll/eventfd: \(String(cString: strerror(errno)))")
        }
        setInterest(fd: wakeFD, events: CLINUX_EPOLLIN)
    }

    deinit {
        close(epollFD)
        close(wakeFD)
    }

    /// Whether the caller runs on the loop thread.
    public var isLoopThread: Bool {
        let current = loopThreadID.load(ordering: .acquiring)
        return current != 0 && pthread_equal(pthread_self(), pthread_t(current)) != 0
    }

    /// Whether the loop is running (on some thread).
    public var isRunning: Bool { loopThreadID.load(ordering: .acquiring) != 0 }

    /// Runs the loop on the calling thread until ``stop()``.
    public func run() {
        loopThreadID.store(UInt(pthread_self()), ordering: .releasing)
        defer { loopThreadID.store(0, ordering: .releasing) }
        var events = [epoll_event](repeating: epoll_event(), count: 32)
        while !stopping.load(ordering: .acquiring) {
            let timeout = dispatchPending ? 0 : nextTimeoutMilliseconds()
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epollFD, buffer.baseAddress, Int32(buffer.count), timeout)
            }
            if count < 0 && errno != EINTR { break }
            readyDescriptors.removeAll(keepingCapacity: true)
            for eventIndex in 0..<max(0, Int(count)) {
                handle(fd: events[eventIndex].data.fd)
            }
            runDueTimers()
            runJobs()
            dispatchConnections()
        }
        stopping.store(false, ordering: .releasing)
        dropUnrunJobs()
    }

    /// Drops the jobs the stopped loop did not run: kept, they would keep alive what they
    /// capture, often this loop itself. Released outside the state's lock (a captured
    /// connection that goes detaches from this loop).
    private func dropUnrunJobs() {
        var unrun: [@Sendable () -> Void] = []
        state.withLock { swap(&unrun, &$0.jobs) }
        unrun.removeAll()
    }

    /// Runs the loop on a new thread.
    public func start() throws {
        guard let spawned = PosixThread.spawn({ [self] in run() }) else {
            throw DBusKitError.failed("could not start the loop thread")
        }
        thread.withLock { $0 = spawned }
    }

    /// Asks the loop to return from ``run()`` (and joins its thread when it was started with ``start()``).
    public func stop() {
        stopping.store(true, ordering: .releasing)
        wake()
        let started = thread.withLock { current in
            defer { current = nil }
            return current
        }
        if let started, !isLoopThread { started.join() }
    }

    /// Runs `body` on the loop thread, soon (in order with other `execute` calls); a job still
    /// queued when the loop stops is dropped, not run.
    public func execute(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(body) }
        wake()
    }

    /// Wakes `epoll_wait` so the loop re-checks timers, jobs and connections (safe from any thread).
    public func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Runs the jobs queued so far. The queue's buffer is swapped with a spare
    /// one, so a turn with no jobs (nearly every turn) copies and allocates nothing.
    private func runJobs() {
        var jobs = spareJobs
        state.withLock { state in
            guard !state.jobs.isEmpty else { return }
            swap(&jobs, &state.jobs)
        }
        guard !jobs.isEmpty else { return }
        for job in jobs { job() }
        jobs.removeAll(keepingCapacity: true)
        spareJobs = jobs
    }

    private func handle(fd: Int32) {
        if fd == wakeFD {
            var counter: UInt64 = 0
            _ = read(wakeFD, &counter, 8)
            return
        }
        if let handler = state.withLock({ $0.fileHandlers[fd] }) {
            handler()
            return
        }
        readyDescriptors.append(fd)
    }

    /// Registers (or updates, or removes when `events` is 0) `fd` in epoll.
    func setInterest(fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        if epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event) != 0 && errno == ENOENT {
            _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
        }
    }

    /// Removes `fd` from epoll.
    func removeInterest(fd: Int32) {
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    /// Calls `handler` on the loop thread whenever `fd` is readable (e.g. a listening socket).
    public func watchReadable(fd: Int32, _ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.fileHandlers[fd] = handler }
        setInterest(fd: fd, events: CLINUX_EPOLLIN)
    }

    /// Stops watching `fd` (registered with ``watchReadable(fd:_:)``).
    public func unwatch(fd: Int32) {
        state.withLock { _ = $0.fileHandlers.removeValue(forKey: fd) }
        removeInterest(fd: fd)
    }

    /// Gives every connection one turn of at most ``dispatchBudget`` messages,
    /// starting one connection further each time (so none is always served first).
    private func dispatchConnections() {
        let connections = state.withLock { $0.connections }
        var pending = false
        var nearest: UInt64?
        defer {
            dispatchPending = pending
            connectionDeadline = nearest
        }
        guard !connections.isEmpty else { return }
        firstConnection = (firstConnection + 1) % connections.count
        let now = monotonicNanoseconds()
        for offset in 0..<connections.count {
            let connection = connections[(firstConnection + offset) % connections.count]
            let turn = connection.takeTurn(on: self, readyDescriptors: readyDescriptors, now: now)
            if turn.workLeft { pending = true }
            if let deadline = turn.deadline, deadline < nearest ?? .max { nearest = deadline }
        }
        for connection in connections {
            if let deadline = connection.rearmIfPending(on: self), deadline < nearest ?? .max { nearest = deadline }
        }
    }
}

/// The loop's shared state, guarded by its mutex.
struct LoopState {
    var jobs: [@Sendable () -> Void] = []
    var fileHandlers: [Int32: @Sendable () -> Void] = [:]
    var timers: [UInt64: LoopTimer] = [:]
    var nextTimerID: UInt64 = 1
    var connections: [Connection] = []
}
