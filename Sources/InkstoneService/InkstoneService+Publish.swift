import InkstoneText

extension InkstoneService {
    /// Turns what a call did into notifications for every context of the
    /// document, each in its own unit and only of the kinds it wants. Every
    /// will is followed at once by its did, so pairs never nest.
    ///
    /// - Parameters:
    ///   - result: the events of the call, in order.
    ///   - origin: the context that made the call (owner of a queued ticket).
    ///   - committed: text the origin committed, for `Committed`.
    ///   - publishingProperties: false for the first step of a call whose
    ///     later step publishes them (one `PropertiesChanged` per call).
    func publish(
        _ result: EditResult, in shared: SharedDocument, origin: InputContext?, committed: String? = nil,
        publishingProperties: Bool = true
    ) {
        // `Committed` goes out when the composition ends (the origin's marked
        // text changes), before the queued edits that ending releases.
        var pendingCommit = committed.flatMap { $0.isEmpty ? nil : $0 }
        func deliverCommit() {
            guard let text = pendingCommit, let origin else { return }
            pendingCommit = nil
            if origin.wants(.commit) { deliver(.committed(text), to: origin) }
        }
        // One SelectionWill/Did pair per context and call: the pair carries the
        // selection as it is now, so a second one would repeat it.
        var selectionReported = ReportedContexts()
        for event in result.events {
            switch event {
            case .textChanged(let record):
                for context in shared.contexts where context.wants(.text) {
                    let unit = context.unit
                    // A client's own programmatic edit is external to every other context.
                    let cause =
                        record.cause == .programmatic && record.viewID != context.view.id ? .external : record.cause
                    deliver(.textWillChange(revision: record.revision - 1), to: context)
                    deliver(
                        .textDidChange(
                            revision: record.revision, start: record.start(in: unit),
                            oldLength: record.oldLength(in: unit), newLength: record.newLength(in: unit),
                            cause: cause), to: context)
                }
            case .selectionChanged(let viewID):
                guard let context = shared.context(viewID), context.wants(.selection),
                    selectionReported.insert(context)
                else { continue }
                let range = context.view.selectedRange
                deliver(.selectionWillChange, to: context)
                deliver(.selectionDidChange(start: range?.start ?? -1, length: range?.length ?? 0), to: context)
            case .markedTextChanged(let viewID):
                if let context = shared.context(viewID), context.wants(.marked) {
                    let view = context.view
                    let selection = view.markedSelection
                    deliver(
                        .markedTextChanged(
                            text: view.markedText ?? "", selectionStart: selection?.start ?? 0,
                            selectionLength: selection?.length ?? 0), to: context)
                }
                if viewID == origin?.view.id { deliverCommit() }
            case .editQueued(let ticket):
                if let origin { shared.ticketOwners[ticket.id] = origin }
            case .queuedEditApplied(let ticket, let records):
                guard let owner = shared.ticketOwners.removeValue(forKey: ticket.id), owner.wants(.edits) else {
                    continue
                }
                let revision = records.last?.revision ?? shared.document.revision
                deliver(.editApplied(ticket: ticket.id, revision: revision), to: owner)
            case .queuedEditFailed(let ticket, let error):
                guard let owner = shared.ticketOwners.removeValue(forKey: ticket.id), owner.wants(.edits) else {
                    continue
                }
                deliver(.editFailed(ticket: ticket.id, error: error), to: owner)
            case .attributesChanged(let change):
                for context in shared.contexts where context.wants(.attributes) {
                    deliver(.attributesWillChange, to: context)
                    deliver(
                        .attributesDidChange(
                            start: change.start(in: context.unit), length: change.length(in: context.unit),
                            keys: change.keys),
                        to: context)
                }
            }
        }
        deliverCommit()
        if publishingProperties, origin?.defersProperties != true { publishProperties(of: shared) }
        publishGeometry(of: shared, events: result.events)
    }

    /// Sends `PropertiesChanged` to every context of the document whose
    /// observable properties moved since they were last sent.
    func publishProperties(of shared: SharedDocument) {
        guard sink != nil else { return }
        for context in shared.contexts where context.wants(.properties) {
            publishProperties(of: context)
        }
    }

    /// Sends `PropertiesChanged` for one context if anything moved.
    func publishProperties(of context: InputContext) {
        let now = ContextProperties(context)
        let changes = now.changes(since: context.publishedProperties)
        context.publishedProperties = now
        if !changes.isEmpty { deliver(.propertiesChanged(changes), to: context) }
    }
}

extension InkstoneService {
    /// Hands one notification to the context: into the reply of a running
    /// reporting call, else to the sink.
    func deliver(_ notification: Notification, to context: InputContext) {
        if context.report != nil {
            // A call that reports anything reports several events (a key: text, selection,
            // marked text): room for them at once, not one reallocation per doubling.
            if context.report?.isEmpty == true { context.report?.reserveCapacity(8) }
            context.report?.append(notification)
        } else {
            sink?.deliver(notification, to: context)
        }
    }
}

extension SharedDocument {
    /// The context whose view has `viewID`.
    func context(_ viewID: ViewID) -> InputContext? {
        contexts.first { $0.view.id == viewID }
    }
}

/// The contexts a call already reported something to. Nearly every call reports
/// to one context: that one is held inline, so a key allocates no set.
private struct ReportedContexts {
    private var first: ObjectIdentifier?
    private var others: Set<ObjectIdentifier> = []

    /// Adds `context`; false when it was there already.
    mutating func insert(_ context: InputContext) -> Bool {
        let id = ObjectIdentifier(context)
        guard let first else {
            first = id
            return true
        }
        return first != id && others.insert(id).inserted
    }
}
