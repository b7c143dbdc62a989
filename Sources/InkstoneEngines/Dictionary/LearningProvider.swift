/// Hands each dictionary engine its learning store, by dictionary name
/// (`japanese`, `pinyin`, `emoji`). The service passes ``none`` for contexts
/// marked sensitive, so they learn nothing.
public struct LearningProvider: Sendable {
    private let storeForName: @Sendable (String) -> (any CandidateLearning)?

    /// A provider that looks stores up with `storeForName`.
    public init(_ storeForName: @escaping @Sendable (String) -> (any CandidateLearning)?) {
        self.storeForName = storeForName
    }

    /// No store for any dictionary: nothing is learnt.
    public static let none = LearningProvider { _ in nil }

    /// The store for `dictionary`, or nil when nothing is to be learnt.
    public func store(for dictionary: String) -> (any CandidateLearning)? {
        storeForName(dictionary)
    }
}
