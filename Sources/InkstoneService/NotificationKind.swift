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

/// Notification kinds as bits: what ``InputContext/wants(_:)`` asks for every event of
/// every call, answered without hashing.
struct NotificationKindMask: Equatable {
    private var bits: UInt16 = 0

    /// The mask of `kinds`.
    init(_ kinds: some Sequence<NotificationKind>) {
        for kind in kinds { bits |= Self.bit(of: kind) }
    }

    /// Whether `kind` is in the mask.
    func contains(_ kind: NotificationKind) -> Bool { bits & Self.bit(of: kind) != 0 }

    private static func bit(of kind: NotificationKind) -> UInt16 {
        switch kind {
        case .text: 1 << 0
        case .selection: 1 << 1
        case .marked: 1 << 2
        case .commit: 1 << 3
        case .edits: 1 << 4
        case .properties: 1 << 5
        case .candidates: 1 << 6
        case .geometry: 1 << 7
        case .attributes: 1 << 8
        }
    }
}
