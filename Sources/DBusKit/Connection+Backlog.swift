import CSystemd
import Synchronization

/// A cap on the bytes a connection queues for a peer that does not read.
struct OutgoingBacklog {
    /// The most bytes queued before signals are dropped.
    let limit: Int
    /// Runs once when the queue first passes the limit, with its size.
    let onOverflow: @Sendable (Int) -> Void
    /// Runs once when the queue is back under the limit, with how many signals were dropped meanwhile.
    let onRecovery: @Sendable (Int) -> Void
    var overflowing = false
    var dropped = 0
}

/// The estimated sizes of the messages in sd-bus's write queue, oldest first: sd-bus tells
/// how many messages it holds, not their bytes, and writes them in order.
struct QueuedSizes {
    private var sizes: [Int] = []
    private var first = 0
    /// The sum of the sizes held.
    private(set) var bytes = 0

    /// Forgets the oldest sizes until `count` are held (sd-bus wrote the others).
    mutating func trim(to count: Int) {
        while sizes.count - first > count {
            bytes -= sizes[first]
            first += 1
        }
        if first == sizes.count {
            sizes.removeAll(keepingCapacity: true)
            first = 0
        }
    }

    /// Adds sizes until `count` are held, the newest `size`, any before it (sd-bus's own
    /// messages) `otherSize`.
    mutating func grow(to count: Int, newest size: Int, otherSize: Int) {
        while sizes.count - first < count {
            let added = sizes.count - first == count - 1 ? size : otherSize
            sizes.append(added)
            bytes += added
        }
    }
}

/// An upper bound on the bytes the peer has not read, kept between measurements so that
/// most sends need no `SIOCOUTQ` system call: what the last measurement found, plus every
/// message sent since, each counted at more than the kernel charges the socket for it.
struct UnreadBound {
    /// What the last measurement found.
    var measured = 0
    /// The charges of the messages sent since (``charge(forMessageOf:)``).
    var sentSince = 0

    /// The bound.
    var bytes: Int { measured + sentSince }

    /// Starts again from a measurement.
    mutating func reset(to measured: Int) {
        self.measured = measured
        sentSince = 0
    }

    /// More than a socket's accounting of a message of about `size` bytes: its data (the
    /// size leaves alignment padding out, so twice it) and the kernel's per-buffer overhead.
    static func charge(forMessageOf size: Int) -> Int { 2 * size + 1024 }
}

/// What ``Connection/admitsOutgoing(_:)`` decided for one message.
enum OutgoingAdmission {
    /// The connection has no cap: nothing to count.
    case uncapped
    /// Under the cap: the message goes out and counts toward the bound.
    case admitted
    /// A signal while over the cap: dropped.
    case refused
}

extension Connection {
    /// Caps what this connection has sent and the peer not read at `bytes` (see
    /// ``outgoingBytes``): past it, signals are dropped
    /// rather than queued, replies still go out. `onOverflow` runs once per episode (when
    /// the queue first passes the cap, with its size; e.g. to log and disconnect a peer
    /// that stopped reading), `onRecovery` when it is back under the cap, with the number
    /// of signals dropped.
    ///
    /// Both run on the sending thread (the loop's), inside a send: defer
    /// anything that closes the connection with ``EventLoop/execute(_:)``.
    public func limitOutgoing(
        to bytes: Int, onOverflow: @escaping @Sendable (Int) -> Void,
        onRecovery: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        backlog.withLock { $0 = OutgoingBacklog(limit: bytes, onOverflow: onOverflow, onRecovery: onRecovery) }
    }

    /// The bytes sent and not yet read by the peer: what its socket holds unread
    /// (`SIOCOUTQ`, kernel accounting included) and what sd-bus still queues because the
    /// socket was full. sd-bus sizes the socket's buffer at 8 MiB, so a peer that stops
    /// reading first fills the socket; sd-bus counts the messages it queues but not their
    /// bytes, so each is counted at its estimated size (header fields and body, alignment
    /// padding left out).
    public var outgoingBytes: Int {
        lock.withLock {
            queuedSizes.trim(to: queuedWriteCount)
            let fd = sd_bus_get_fd(bus)
            let unread = fd >= 0 ? max(0, Int(csd_unread_bytes(fd))) : 0
            unreadBound.reset(to: unread + queuedSizes.bytes)
            return unreadBound.bytes
        }
    }

    /// Counts a message just sent toward ``unreadBound`` (under ``lock``).
    func chargeSent(_ message: Message) {
        unreadBound.sentSince += UnreadBound.charge(forMessageOf: message.estimatedSize)
    }

    /// The messages in sd-bus's write queue (under ``lock``).
    var queuedWriteCount: Int {
        var count: UInt64 = 0
        return sd_bus_get_n_queued_write(bus, &count) >= 0 ? Int(count) : 0
    }

    /// After sending `message` (under ``lock``): counts it when sd-bus queued it; whether the queue holds anything.
    func noteQueued(_ message: Message) -> Bool {
        let count = queuedWriteCount
        guard count > 0 else {
            queuedSizes.trim(to: 0)
            return false
        }
        queuedSizes.trim(to: count)
        queuedSizes.grow(to: count, newest: message.estimatedSize, otherSize: 64)
        return true
    }

    /// Whether `message` may be queued: refused for a signal while the queue is over its cap.
    ///
    /// Under the cap and with nothing in sd-bus's write queue, the bound on what the peer
    /// has not read (``UnreadBound``) decides without a system call; only when it could be
    /// over the cap (or sd-bus queues, because the socket is full) is the socket measured.
    func admitsOutgoing(_ message: Message) -> OutgoingAdmission {
        // The queue is measured before the backlog is locked: a loop thread holding the bus
        // lock may be waiting for the backlog's.
        guard let (limit, overflowing) = backlog.withLock({ slot in slot.map { ($0.limit, $0.overflowing) } })
        else { return .uncapped }
        if !overflowing, lock.withLock({ queuedWriteCount == 0 && unreadBound.bytes <= limit }) { return .admitted }
        let queued = outgoingBytes
        var report: (@Sendable () -> Void)?
        let admitted = backlog.withLock { slot -> Bool in
            guard var state = slot else { return true }
            defer { slot = state }
            if queued <= state.limit {
                if state.overflowing {
                    let (dropped, onRecovery) = (state.dropped, state.onRecovery)
                    report = { onRecovery(dropped) }
                    state.overflowing = false
                    state.dropped = 0
                }
                return true
            }
            if !state.overflowing {
                state.overflowing = true
                let onOverflow = state.onOverflow
                report = { onOverflow(queued) }
            }
            guard message.kind == .signal else { return true }
            state.dropped += 1
            return false
        }
        report?()
        return admitted ? .admitted : .refused
    }
}
