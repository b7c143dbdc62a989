import ArgumentParser

/// How to reach the daemon; shared by every subcommand.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "Bus address to use instead of the session bus (DBUS_SESSION_BUS_ADDRESS).")
    var address: String?

    @Flag(help: "Send every call through the bus instead of the daemon's direct peer-to-peer socket.")
    var viaBus = false

    @Option(help: "Connect straight to this peer-to-peer address (as GetPeerAddress returns), skipping the bus.")
    var peerAddress: String?

    /// Opens the link these options describe.
    func connect() throws -> DaemonLink {
        try DaemonLink(busAddress: address, viaBus: viaBus, peerAddress: peerAddress)
    }
}
