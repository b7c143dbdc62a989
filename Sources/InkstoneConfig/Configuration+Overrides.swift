/// Command-line flags that override the file (`inkstoned --max-contexts 8`).
public struct ConfigurationOverrides: Sendable, Equatable {
    /// `--max-contexts`.
    public var contextsPerPeer: Int?
    /// `--max-documents`.
    public var documentsPerPeer: Int?
    /// `--max-document-bytes`.
    public var documentBytes: Int?
    /// `--max-string-bytes`.
    public var stringBytes: Int?
    /// `--max-contexts-per-user`.
    public var contextsPerUser: Int?
    /// `--max-persistent-contexts`.
    public var persistentContexts: Int?
    /// `--max-shares`.
    public var sharesPerDocument: Int?
    /// `--max-listener-backlog`.
    public var listenerBacklogBytes: Int?
    /// `--log-level`.
    public var logLevel: String?
    /// `--default-engine`.
    public var defaultEngine: String?

    /// No overrides.
    public init() {}
}

extension Configuration {
    /// The configuration with `overrides` applied, each checked as its key in the file would be.
    /// - Throws: a ``ConfigurationError`` naming the flag.
    public func applying(_ overrides: ConfigurationOverrides) throws(ConfigurationError) -> Configuration {
        var result = self
        let flags: [(flag: String, key: String, value: ConfigurationValue?)] = [
            ("--max-contexts", "limits.contexts_per_peer", overrides.contextsPerPeer.map { .integer($0) }),
            ("--max-documents", "limits.documents_per_peer", overrides.documentsPerPeer.map { .integer($0) }),
            ("--max-document-bytes", "limits.document_bytes", overrides.documentBytes.map { .integer($0) }),
            ("--max-string-bytes", "limits.string_bytes", overrides.stringBytes.map { .integer($0) }),
            ("--max-contexts-per-user", "limits.contexts_per_user", overrides.contextsPerUser.map { .integer($0) }),
            (
                "--max-persistent-contexts", "limits.persistent_contexts",
                overrides.persistentContexts.map { .integer($0) }
            ),
            ("--max-shares", "limits.shares_per_document", overrides.sharesPerDocument.map { .integer($0) }),
            (
                "--max-listener-backlog", "limits.listener_backlog_bytes",
                overrides.listenerBacklogBytes.map { .integer($0) }
            ),
            ("--log-level", "log_level", overrides.logLevel.map { .string($0) }),
            ("--default-engine", "default_engine", overrides.defaultEngine.map { .string($0) }),
        ]
        for (flag, name, value) in flags {
            guard let value, let key = ConfigurationKey.all.first(where: { $0.name == name }) else { continue }
            do {
                try key.apply(value, &result)
            } catch {
                throw ConfigurationError(file: "command line", line: nil, message: "\(flag): \(error.message)")
            }
        }
        return result
    }
}
