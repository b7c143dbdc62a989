import CDBus

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

    /// The uid of the process at the other end, once authenticated (nil before or when unknown).
    public var unixUser: UInt? {
        var uid: UInt = 0
        guard dbus_connection_get_unix_user(raw, &uid) != 0 else { return nil }
        return uid
    }
}
