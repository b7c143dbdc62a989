import ArgumentParser

/// The client's exit codes, as `inkstone --help` documents them.
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// The daemon answered an error, could not be reached, or a file could not be used.
    static let failure: Int32 = 1
    /// Usage error: unknown command or option, or an option value that does not parse
    /// (ArgumentParser's own code for these, 64, is mapped to this).
    static let usage: Int32 = 2
    /// `type`: the engine left some keys unhandled (each printed as `unhandled: KEY`).
    static let keysUnhandled: Int32 = 3

    /// The text of `--help`.
    static let documentation = """
        Exit codes: 0 success; 1 the daemon answered an error (its D-Bus name and message are \
        printed), no daemon or bus could be reached, or a configuration file has an error; \
        2 usage error (unknown command or option, bad option value); 3 `type`: some keys were \
        not handled by the engine (printed as `unhandled: KEY`).
        """
}
