import InkstoneTestSupport

/// How long and how hard a soak runs.
public struct SoakConfiguration: Sendable {
    /// Calls to make in all.
    public var calls = 20_000
    /// Stop after this many seconds even if calls remain.
    public var seconds = 600
    /// The random seed (the same seed makes the same calls against a fresh daemon).
    public var seed: UInt64 = 1
    /// Calls between two invariant checks.
    public var batch = 200
    /// The daemon to run.
    public var daemonPath = builtProduct("inkstoned")
    /// Known open defects whose triggers the soak does not send, so a long run
    /// explores past them: `p2p-geometry` (geometry calls from direct peers and
    /// on persistent contexts), `selection-overflow` (`SetSelectedRange` whose
    /// end overflows). Empty by default: every call is made.
    public var avoid: Set<String> = []

    /// The defaults: 20,000 calls, at most 600 s, seed 1.
    public init() {}
}
