import InkstoneEngines
import InkstoneLayout
import InkstoneText

extension InputContext {
    /// Processes keys in order, all or nothing: past
    /// ``ServiceLimits/keyNamesPerCall`` keys nothing is processed
    /// (`LimitExceeded`); when key k fails, the document (text, revision,
    /// selections, marked text, undo stacks, queued edits), this context's
    /// engine and candidates are put back as they were before the call, and no
    /// notification of keys 0…k−1 is sent (geometry ones included: all are
    /// held until the last key succeeds). Returns whether each key was handled.
    public func processKeys(_ keys: [KeyEvent]) throws(InkstoneError) -> [Bool] {
        let limit = service.limits.keyNamesPerCall
        guard keys.count <= limit else {
            throw .limitExceeded("\(keys.count) keys in one call; the limit is \(limit)")
        }
        let saved = BatchState(self)
        let buffer = BufferingSink()
        let sink = service.sink
        service.sink = buffer
        let geometrySinks = shared.contexts.map { ($0, $0.geometry.sink) }
        for (context, _) in geometrySinks { context.geometry.sink = buffer }
        func restoreSinks() {
            service.sink = sink
            for (context, geometrySink) in geometrySinks { context.geometry.sink = geometrySink }
        }
        var handled: [Bool] = []
        do {
            for key in keys { handled.append(try processKey(key)) }
        } catch {
            saved.restore(into: self)
            restoreSinks()
            throw error
        }
        restoreSinks()
        buffer.forward(to: sink)
        return handled
    }
}

/// Notifications (geometry ones included) held back until a multi-step call succeeds.
private final class BufferingSink: NotificationSink, GeometrySink {
    private enum Held {
        case notification(Notification, InputContext)
        case invalidate(InputContext)
        case anchor(LayoutRect, InputContext)
    }

    private var held: [Held] = []

    func deliver(_ notification: Notification, to context: InputContext) {
        held.append(.notification(notification, context))
    }

    func invalidateCharacterCoordinates(of context: InputContext) {
        held.append(.invalidate(context))
    }

    func candidateAnchorChanged(_ rect: LayoutRect, of context: InputContext) {
        held.append(.anchor(rect, context))
    }

    /// Sends what was held, in order, each to where it would have gone.
    func forward(to sink: (any NotificationSink)?) {
        for entry in held {
            switch entry {
            case .notification(let notification, let context): sink?.deliver(notification, to: context)
            case .invalidate(let context): context.geometry.sink?.invalidateCharacterCoordinates(of: context)
            case .anchor(let rect, let context): context.geometry.sink?.candidateAnchorChanged(rect, of: context)
            }
        }
    }
}

/// What a key batch can change, saved before it starts.
private struct BatchState {
    let document: DocumentSnapshot
    let engine: any CompositionEngine
    let candidates: CandidatesSnapshot
    let ticketOwners: [UInt64: InputContext]
    let publishedProperties: [(InputContext, ContextProperties?)]
    let journalMark: Int?

    init(_ context: InputContext) {
        journalMark = context.shared.durability?.journal.pendingMark
        document = context.shared.document.snapshot()
        engine = context.engine
        candidates = context.candidates
        ticketOwners = context.shared.ticketOwners
        publishedProperties = context.shared.contexts.map { ($0, $0.publishedProperties) }
    }

    func restore(into context: InputContext) {
        let shared = context.shared
        shared.document.restore(document)
        if let journalMark { shared.durability?.journal.discardPending(from: journalMark) }
        context.install(engine)
        context.surroundingStamp = nil
        context.candidates = candidates
        shared.ticketOwners = ticketOwners
        for (other, properties) in publishedProperties { other.publishedProperties = properties }
        // Revision numbers are reused after a rollback: drop what was derived from the undone ones.
        shared.dropDerivedState()
        for other in shared.contexts { other.geometry.dropLayoutCache() }
    }
}
