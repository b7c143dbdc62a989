import CDBus
import CLinux
import Glibc

extension EventLoop {
    /// Drives `connection` from this loop: its watches, timeouts, wake-ups and dispatch.
    ///
    /// Several connections (e.g. a bus connection and peer connections accepted
    /// by a server) can share one loop. The connection stops reading while
    /// more than ``receiveBacklogBytes`` of its messages wait for dispatch.
    public func attach(_ connection: Connection) {
        connection.attachment.withLock { $0 = self }
        state.withLock { $0.connections.append(connection) }
        let raw = connection.raw
        dbus_connection_set_max_received_size(raw, receiveBacklogBytes)
        _ = dbus_connection_set_watch_functions(
            raw, LoopCallbacks.addWatch, LoopCallbacks.removeWatch, LoopCallbacks.toggleWatch,
            retainedContext(), LoopCallbacks.release)
        _ = dbus_connection_set_timeout_functions(
            raw, LoopCallbacks.addTimeout, LoopCallbacks.removeTimeout, LoopCallbacks.toggleTimeout,
            retainedContext(), LoopCallbacks.release)
        dbus_connection_set_wakeup_main_function(
            raw, { context in context.map { EventLoop.from($0).wakeUnlessLoopThread() } }, retainedContext(),
            LoopCallbacks.release)
        dbus_connection_set_dispatch_status_function(
            raw,
            { _, status, context in
                guard let context, status == DBUS_DISPATCH_DATA_REMAINS else { return }
                EventLoop.from(context).wakeUnlessLoopThread()
            },
            retainedContext(), LoopCallbacks.release)
        wake()
    }

    /// Stops driving `connection` (called by ``Connection/close()``).
    func detach(_ connection: Connection) {
        let raw = connection.raw
        _ = dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)
        _ = dbus_connection_set_timeout_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(raw, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        state.withLock { state in state.connections.removeAll { $0 === connection } }
    }

    /// One retained reference to the loop, released by ``LoopCallbacks/release``.
    func retainedContext() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ context: UnsafeMutableRawPointer) -> EventLoop {
        Unmanaged<EventLoop>.fromOpaque(context).takeUnretainedValue()
    }

    func wakeUnlessLoopThread() {
        if !isLoopThread { wake() }
    }

    fileprivate func addWatch(_ watch: WatchRef) {
        let fd = dbus_watch_get_unix_fd(watch.raw)
        state.withLock { $0.watchesByFD[fd, default: []].append(watch) }
        updateInterest(fd: fd)
    }

    fileprivate func removeWatch(_ watch: WatchRef) {
        let fd = dbus_watch_get_unix_fd(watch.raw)
        let remaining = state.withLock { state -> Int in
            state.watchesByFD[fd]?.removeAll { $0 == watch }
            let count = state.watchesByFD[fd]?.count ?? 0
            if count == 0 { state.watchesByFD[fd] = nil }
            return count
        }
        if remaining == 0 { removeInterest(fd: fd) } else { updateInterest(fd: fd) }
    }

    /// Sets epoll interest for `fd` to the union of its enabled watches' flags.
    fileprivate func updateInterest(fd: Int32) {
        let watches = state.withLock { $0.watchesByFD[fd] ?? [] }
        guard !watches.isEmpty else { return }
        var events: UInt32 = 0
        for watch in watches where dbus_watch_get_enabled(watch.raw) != 0 {
            let flags = dbus_watch_get_flags(watch.raw)
            if flags & CDBUS_WATCH_READABLE != 0 { events |= CLINUX_EPOLLIN }
            if flags & CDBUS_WATCH_WRITABLE != 0 { events |= CLINUX_EPOLLOUT }
        }
        setInterest(fd: fd, events: events)
    }

    /// Hands epoll's readiness for `fd` to its libdbus watches.
    func handleWatches(fd: Int32, events: UInt32) {
        var flags: UInt32 = 0
        if events & CLINUX_EPOLLIN != 0 { flags |= CDBUS_WATCH_READABLE }
        if events & CLINUX_EPOLLOUT != 0 { flags |= CDBUS_WATCH_WRITABLE }
        if events & CLINUX_EPOLLERR != 0 { flags |= CDBUS_WATCH_ERROR }
        if events & CLINUX_EPOLLHUP != 0 { flags |= CDBUS_WATCH_HANGUP }
        // dbus_watch_handle re-enters the watch callbacks: work on a copy and
        // re-check that each watch still exists before handling it.
        let watches = state.withLock { $0.watchesByFD[fd] ?? [] }
        for watch in watches {
            let stillPresent = state.withLock { $0.watchesByFD[fd]?.contains(watch) ?? false }
            guard stillPresent, dbus_watch_get_enabled(watch.raw) != 0 else { continue }
            let wanted = dbus_watch_get_flags(watch.raw) | CDBUS_WATCH_ERROR | CDBUS_WATCH_HANGUP
            guard flags & wanted != 0 else { continue }
            _ = dbus_watch_handle(watch.raw, flags & wanted)
        }
    }

    fileprivate func armTimeout(_ timeout: TimeoutRef) {
        let enabled = dbus_timeout_get_enabled(timeout.raw) != 0
        let interval = UInt64(max(0, dbus_timeout_get_interval(timeout.raw)))
        let deadline = monotonicNanoseconds() + interval * 1_000_000
        state.withLock { state in state.timeouts[timeout] = enabled ? deadline : nil }
        wakeUnlessLoopThread()
    }

    fileprivate func disarmTimeout(_ timeout: TimeoutRef) {
        state.withLock { state in state.timeouts[timeout] = nil }
    }
}

/// libdbus watch and timeout callbacks shared by connections and servers; the
/// context is a retained ``EventLoop``.
enum LoopCallbacks {
    static let release: DBusFreeFunction = { context in
        guard let context else { return }
        Unmanaged<EventLoop>.fromOpaque(context).release()
    }
    static let addWatch: DBusAddWatchFunction = { watch, context in
        guard let watch, let context else { return 0 }
        EventLoop.from(context).addWatch(WatchRef(raw: watch))
        return 1
    }
    static let removeWatch: DBusRemoveWatchFunction = { watch, context in
        guard let watch, let context else { return }
        EventLoop.from(context).removeWatch(WatchRef(raw: watch))
    }
    static let toggleWatch: DBusWatchToggledFunction = { watch, context in
        guard let watch, let context else { return }
        EventLoop.from(context).updateInterest(fd: dbus_watch_get_unix_fd(watch))
    }
    static let addTimeout: DBusAddTimeoutFunction = { timeout, context in
        guard let timeout, let context else { return 0 }
        EventLoop.from(context).armTimeout(TimeoutRef(raw: timeout))
        return 1
    }
    static let removeTimeout: DBusRemoveTimeoutFunction = { timeout, context in
        guard let timeout, let context else { return }
        EventLoop.from(context).disarmTimeout(TimeoutRef(raw: timeout))
    }
    static let toggleTimeout: DBusTimeoutToggledFunction = { timeout, context in
        guard let timeout, let context else { return }
        EventLoop.from(context).armTimeout(TimeoutRef(raw: timeout))
    }
}
