import InkstoneText

/// The kinds of notification a context may subscribe to. A context receives
/// only the kinds it chose; nothing is built for kinds no context wants.
public enum NotificationKind: String, CaseIterable, Sendable {
    /// `TextWillChange` / `TextDidChange`.
    case text
    /// `SelectionWillChange` / `SelectionDidChange`.
    case selection
    /// `MarkedTextChanged`.
    case marked
    /// `Committed`.
    case commit
    /// `EditApplied` for queued edits.
    case edits
    /// `PropertiesChanged` for the context's properties.
    case properties
    /// `CandidatesChanged`.
    case candidates
    /// `InvalidateCharacterCoordinates` and candidate-anchor moves.
    case geometry
    /// `AttributesWillChange` / `AttributesDidChange` (opt-in).
    case attributes

    /// The kinds a context gets when it names none: all but `properties` and `attributes`.
    public static let defaults: Set<NotificationKind> = Set(allCases).subtracting([.properties, .attributes])

    /// Parses a list of kind names; unknown names are `InvalidArgument`.
    public static func parse(_ names: [String]) throws -> Set<NotificationKind> {
        var kinds = Set<NotificationKind>()
        for name in names {
            guard let kind = NotificationKind(rawValue: name) else {
                let valid = allCases.map(\.rawValue).joined(separator: ", ")
                throw InkstoneError.invalidArgument("unknown notification kind '\(name)'; valid kinds: \(valid)")
            }
            kinds.insert(kind)
        }
        return kinds
    }
}
