import InkstoneCore
import Synchronization

/// The learning stores of a daemon, one per dictionary name, opened on first
/// use and shared by every context: `$XDG_DATA_HOME/inkstone/<name>.jisyo`
/// (else `~/.local/share/inkstone/`).
public final class UserDictionaries: Sendable {
    /// The dictionary names a store exists for.
    public static let names = ["emoji", "japanese", "pinyin"]

    /// Where the stores are (nil: in memory only).
    public let folder: String?
    private let limits: LearningLimits
    private let log: @Sendable (String) -> Void
    private let opened = Mutex<[String: UserDictionary]>([:])

    /// Stores in `folder` (by default the XDG data folder) bounded by `limits`;
    /// problems with their files are reported through `log`.
    public init(
        folder: String? = UserDictionaries.defaultFolder(), limits: LearningLimits = LearningLimits(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.folder = folder
        self.limits = limits
        self.log = log
    }

    /// `$XDG_DATA_HOME/inkstone`, else `$HOME/.local/share/inkstone` (nil when neither is set).
    public static func defaultFolder() -> String? {
        XDGFolder.path("XDG_DATA_HOME", fallback: ".local/share").map { $0 + "/inkstone" }
    }

    /// The store of `name`, opened on first use.
    /// - Throws: `InvalidArgument` for a name not in ``names``.
    public func dictionary(_ name: String) throws(InkstoneError) -> UserDictionary {
        guard Self.names.contains(name) else {
            throw .invalidArgument(
                "no learning dictionary '\(name)'\(Suggestion.didYouMean(name, in: Self.names)); known: \(Self.names.joined(separator: ", "))"
            )
        }
        return opened.withLock { opened in
            if let store = opened[name] { return store }
            let store = UserDictionary(name: name, folder: folder, limits: limits, log: log)
            opened[name] = store
            return store
        }
    }

    /// The provider engines get their stores from.
    public var provider: LearningProvider {
        LearningProvider { [self] name in try? dictionary(name) }
    }
}
