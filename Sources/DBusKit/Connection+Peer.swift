import CSystemd
import Glibc

extension Connection {
    /// The identity a server gives a peer-to-peer connection (e.g. `p2p:3`).
    ///
    /// Messages on a peer-to-peer connection carry no sender, so
    /// ``MethodCall/sender`` falls back to this identity: every ownership check
    /// keyed on the sender then treats the connection as one peer.
    public var peerIdentity: String? {
        get { peerLabel.withLock { $0 } }
        set { peerLabel.withLock { $0 = newValue } }
    }

    /// The uid of the process at the other end of the socket (nil when unknown or closed).
    public var unixUser: UInt? {
        lock.withLock {
            let fd = sd_bus_get_fd(bus)
            var uid: UInt32 = 0
            guard fd >= 0, csd_peer_uid(fd, &uid) == 0 else { return nil }
            return UInt(uid)
        }
    }
}
