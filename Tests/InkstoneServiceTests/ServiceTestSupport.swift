import InkstoneService
import InkstoneTestSupport
import InkstoneText

/// A sink that records every notification, per context id, in delivery order.
final class RecordingSink: NotificationSink {
    private(set) var log: [(contextID: UInt64, notification: Notification)] = []

    func deliver(_ notification: Notification, to context: InputContext) {
        log.append((context.id, notification))
    }

    /// The notifications one context received.
    func notifications(of context: InputContext) -> [Notification] {
        log.filter { $0.contextID == context.id }.map(\.notification)
    }

    func clear() { log.removeAll() }
}

/// A service with a recording sink (the service holds the sink weakly).
struct RecordedService {
    let service: InkstoneService
    let sink: RecordingSink

    init(limits: ServiceLimits = ServiceLimits()) {
        service = InkstoneService(limits: limits)
        sink = RecordingSink()
        service.sink = sink
    }
}

/// Options with a unit and, optionally, a document to attach to.
func contextOptions(
    unit: OffsetUnit = .utf16, document: SharedDocument? = nil, queueEdits: Bool = true,
    persist: Bool = false, notifications: Set<NotificationKind> = Set(NotificationKind.allCases)
) -> ContextOptions {
    var options = ContextOptions()
    options.unit = unit
    options.documentID = document?.id
    options.queueEdits = queueEdits
    options.persist = persist
    options.notifications = notifications
    return options
}

/// The text split into the elements of a unit (code units, scalars or graphemes) as strings.
func elements(of text: String, in unit: OffsetUnit) -> [String] {
    switch unit {
    case .utf8: text.utf8.map { String($0) }
    case .utf16: text.utf16.map { String($0) }
    case .scalars: text.unicodeScalars.map { String($0) }
    case .graphemes: text.map { String($0) }
    }
}

/// Runs `body` and returns the `InkstoneError` it threw, if any.
func inkstoneError(_ body: () throws -> Void) -> InkstoneError? {
    do {
        try body()
        return nil
    } catch let error as InkstoneError {
        return error
    } catch {
        return InkstoneError(.invalidState, "not an InkstoneError: \(error)")
    }
}
