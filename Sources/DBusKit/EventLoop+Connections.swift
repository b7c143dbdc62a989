import CLinux
import CSystemd
import Glibc

/// What a loop keeps for one attached connection (on its thread, under the connection's lock).
struct ConnectionLoopState {
    /// The connection's descriptor while registered in epoll (-1: not registered).
    var fd: Int32 = -1
    /// The epoll interest registered for it.
    var events: UInt32 = 0
    /// Whether the last turn stopped at the budget (the connection may have more to do).
    var workLeft = false
    /// sd-bus's deadline for the connection (monotonic nanoseconds; `.max`: none).
    var deadline: UInt64 = 0
    /// Whether the loop let go of the connection (closed, or sd-bus closed its socket).
    var detached = false
    /// Whether something was sent or called on the connection since its interest and
    /// deadline were last read (e.g. by a handler of another connection, after this one's turn).
    var rearmPending = false
}

extension EventLoop {
    /// Drives `connection` from this loop: its descriptor, deadlines and dispatch.
    ///
    /// Several connections (e.g. a bus connection and peer connections accepted
    /// by a server) can share one loop. The connection is processed from the next turn on.
    public func attach(_ connection: Connection) {
        connection.attachment.withLock { $0 = self }
        state.withLock { $0.connections.append(connection) }
        wake()
    }

    /// Stops driving `connection` (called by ``Connection/close()``).
    func detach(_ connection: Connection) {
        connection.lock.withLock {
            if connection.loopState.fd >= 0 { removeInterest(fd: connection.loopState.fd) }
            connection.loopState.fd = -1
            connection.loopState.detached = true
        }
        state.withLock { state in state.connections.removeAll { $0 === connection } }
    }

    func wakeUnlessLoopThread() {
        if !isLoopThread { wake() }
    }
}

extension Connection {
    /// One turn of the loop for this connection (on the loop thread): processes up to the
    /// loop's budget when its descriptor is ready, its deadline passed or work was left, then
    /// re-arms its epoll interest. Returns whether work is left and its next deadline.
    func takeTurn(
        on loop: EventLoop, readyDescriptors: [Int32], now: UInt64
    ) -> (workLeft: Bool, deadline: UInt64?) {
        lock.withLock {
            guard !loopState.detached else { return (false, nil) }
            let registered = loopState.fd >= 0
            let due =
                !registered || loopState.workLeft || loopState.deadline <= now
                || readyDescriptors.contains(loopState.fd)
            var workLeft = false
            if due {
                var budget = loop.dispatchBudget
                while budget > 0, sd_bus_process(bus, nil) > 0 { budget -= 1 }
                workLeft = budget == 0 && hasWorkWithoutReading
            }
            loopState.workLeft = workLeft
            return (workLeft, rearm(on: loop))
        }
    }

    /// After every connection's turn (on the loop thread): when something was sent or called
    /// on this connection since its turn, re-reads the interest and deadline sd-bus asks for
    /// (a call another connection's handler made here has a timeout the loop must wake for);
    /// returns the deadline, or nil when nothing changed.
    func rearmIfPending(on loop: EventLoop) -> UInt64? {
        lock.withLock {
            guard loopState.rearmPending, !loopState.detached, loopState.fd >= 0 else { return nil }
            return rearm(on: loop)
        }
    }

    /// After a turn that used its whole budget (under ``lock``): whether sd-bus has more to do
    /// that no descriptor will announce: a message it already read and holds, or a closing
    /// connection still to be wound down. Bytes still in the socket make epoll report it
    /// ready (level-triggered), so the loop does not poll again at once for them, which
    /// would cost a `recvmsg` that finds nothing and an `epoll_wait` per message.
    private var hasWorkWithoutReading: Bool {
        var queued: UInt64 = 0
        return (sd_bus_get_n_queued_read(bus, &queued) >= 0 && queued > 0) || sd_bus_is_open(bus) <= 0
    }

    /// Registers the interest sd-bus asks for and returns its deadline (under ``lock``).
    /// A closing connection is still processed (its `Disconnected` is dispatched then); a
    /// socket sd-bus closed is gone from epoll already: the loop lets go of it.
    private func rearm(on loop: EventLoop) -> UInt64? {
        loopState.rearmPending = false
        let fd = sd_bus_get_fd(bus)
        let wanted = sd_bus_get_events(bus)
        guard fd >= 0, wanted >= 0 else {
            loopState.fd = -1
            loopState.detached = true
            return nil
        }
        var events: UInt32 = 0
        if Int16(wanted) & Int16(POLLIN) != 0 { events |= CLINUX_EPOLLIN }
        if Int16(wanted) & Int16(POLLOUT) != 0 { events |= CLINUX_EPOLLOUT }
        if loopState.fd != fd || loopState.events != events {
            loop.setInterest(fd: fd, events: events)
            loopState.fd = fd
            loopState.events = events
        }
        var microseconds: UInt64 = .max
        guard sd_bus_get_timeout(bus, &microseconds) >= 0, microseconds != .max else {
            loopState.deadline = .max
            return nil
        }
        loopState.deadline = microseconds * 1000
        return loopState.deadline
    }
}
