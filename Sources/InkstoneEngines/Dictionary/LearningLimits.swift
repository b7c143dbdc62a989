/// How much one learning store keeps (configuration keys
/// `learning.max_readings` and `learning.max_candidates`): past either
/// bound, the oldest readings, or a reading's oldest candidates, are dropped.
public struct LearningLimits: Sendable, Equatable {
    /// Readings one dictionary's store keeps.
    public var maximumReadings = 10_000
    /// Candidates kept per reading.
    public var maximumCandidates = 16

    /// The longest reading, in UTF-8 bytes.
    public static let readingBytes = 255
    /// The longest learnt text, in UTF-8 bytes.
    public static let textBytes = 255

    /// The stock limits.
    public init() {}
}
