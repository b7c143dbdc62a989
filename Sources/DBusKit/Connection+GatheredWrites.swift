import CSystemd
import Glibc

/// What a connection keeps for gathering a dispatch's writes (under its lock).
struct WriteGathering {
    /// The size of the socket's send buffer (`SO_SNDBUF`), 0 until read.
    var sendBufferSize = 0
    /// What dispatches wrote together.
    var written = GatheredWrites()
}

/// How many writes carried the messages dispatches gathered, and how many messages they carried.
public struct GatheredWrites: Sendable, Equatable {
    /// The writes.
    public var writes = 0
    /// The messages they carried.
    public var messages = 0

    /// No writes.
    public init() {}

    /// `writes` writes carrying `messages` messages.
    public init(writes: Int, messages: Int) {
        self.writes = writes
        self.messages = messages
    }
}

extension Connection {
    /// How many writes carried the messages this connection's dispatches gathered, and how
    /// many messages they carried (for diagnostics and tests).
    public var gatheredWrites: GatheredWrites { lock.withLock { gathering.written } }

    /// Runs `dispatch` (a method call's, under ``lock``, on the thread that processes the
    /// connection), gathering the messages it sends into one write when the process
    /// installed a ``WriteGatherer``.
    ///
    /// sd-bus writes each message it sends at once, and every write wakes the peer (the bus
    /// daemon): a key's signals and reply written apiece wake it two or three times, and on a
    /// machine with few CPUs it runs on this thread's CPU in between and delays the reply.
    /// Here sd-bus's writes to the socket are gathered (the gatherer holds them, as sd-bus
    /// marshalled and numbered them) and the call's answer sends them all in one write, or
    /// the dispatch's end does. A method call sent meanwhile (its reply may be waited for), a
    /// message with unix descriptors and one too large for the buffer end the gathering: what
    /// was gathered leaves first, in order, then sd-bus writes as usual.
    ///
    /// Gathering starts only when sd-bus queues nothing (nothing may be overtaken) and the
    /// socket has room for twice the buffer, so that write does not wait for a peer that
    /// reads slowly.
    func dispatchGatheringWrites(_ dispatch: () -> Void) {
        guard let gatherer = WriteGatherer.current, let fd = socketWithRoom(for: 2 * gatherer.capacity),
            gatherer.begin(fd) == 1
        else {
            dispatch()
            return
        }
        dispatch()
        var writes: Int32 = 0
        var messages: Int32 = 0
        // A failed write shut the socket down: sd-bus finds the connection closed at its next read.
        _ = gatherer.release(&writes, &messages)
        gathering.written.writes += Int(writes)
        gathering.written.messages += Int(messages)
    }

    /// The connection's socket, when sd-bus queues nothing and the socket's free send space
    /// is at least `bytes` (under ``lock``).
    private func socketWithRoom(for bytes: Int) -> Int32? {
        let fd = sd_bus_get_fd(bus)
        guard fd >= 0, queuedWriteCount == 0 else { return nil }
        if gathering.sendBufferSize == 0 {
            var size: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else { return nil }
            gathering.sendBufferSize = Int(size)
        }
        let unread = csd_unread_bytes(fd)
        return unread >= 0 && gathering.sendBufferSize - Int(unread) >= bytes ? fd : nil
    }
}
