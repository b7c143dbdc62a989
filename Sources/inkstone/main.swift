import ArgumentParser

/// `inkstone`: a command-line client of the Inkstone daemon.
struct InkstoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inkstone",
        abstract: "Talk to the Inkstone daemon: type keys, watch notifications, list engines, show its status.",
        discussion: """
            By default the client asks the daemon on the bus for its direct transport \
            (GetPeerAddress) and talks to it peer to peer; --via-bus keeps every call on the bus. \
            Any D-Bus error ends the command with exit code 1 and prints the error's name and message.
            """,
        subcommands: [TypeCommand.self, MonitorCommand.self, EnginesCommand.self, StatusCommand.self]
    )
}

InkstoneCommand.main()
