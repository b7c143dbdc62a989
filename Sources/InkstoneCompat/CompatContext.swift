import InkstoneEngines
import InkstoneService
import InkstoneText

/// One compatibility client's input context: an ordinary Inkstone ``InputContext`` (same
/// engines, buffer model and notifications to other views of its document, offsets in
/// code points) plus what the client's protocol adds — who created it, whether the client
/// commits its own preedit on focus-out, and what it was last told.
///
/// Every call runs as a reporting call on the Inkstone context; what it did is returned
/// as ``ClientEvent``s, which the front sends before the call's reply.
final class CompatContext {
    /// The Inkstone context underneath.
    let context: InputContext
    /// The unique bus name of the client that created it; only it may call it.
    let creator: String
    /// Whether the client commits its own copy of the preedit on focus-out (fcitx5
    /// `ClientUnfocusCommit`, IBus `ClientCommitPreedit`); otherwise the daemon commits it.
    var clientCommitsPreedit = false
    /// Whether the client wants keys it did not consume sent back after the call's events
    /// (fcitx5 `KeyEventOrderFix`): such a key is then answered handled and forwarded.
    var forwardsUnhandledKeys = false
    /// Whether the client has sent surrounding text (else the document is trimmed behind
    /// the caret, see ``trimBehindCaret()``).
    var receivedSurroundingText = false
    /// The preedit the client shows.
    private(set) var shownPreedit = PreeditState.none
    /// The candidate page the client shows.
    private(set) var shownCandidates = CandidatesSnapshot.closed
    private let switcher: EngineSwitch
    private unowned let service: InkstoneService

    /// Creates the Inkstone context for `creator` (a new document, offsets in code points).
    init(service: InkstoneService, creator: String, program: String, switcher: EngineSwitch) throws(InkstoneError) {
        var options = ContextOptions()
        options.unit = .scalars
        options.program = String(decoding: program.utf8.prefix(ContextOptions.programNameBytes), as: UTF8.self)
        // Everything the client needs comes back through reporting calls.
        options.notifications = []
        context = try service.createContext(owner: creator, options: options)
        // The application keeps the undo history of its text (its own Undo acts on the
        // widget): the document, a mirror of what was typed, registers no undo steps.
        context.setUndoRegistration(false)
        // Its edits are measured in code points (and UTF-8) only, until an Inkstone view in
        // another unit, or an observer, joins the document.
        context.view.document.measuresCodePointsOnly = true
        self.creator = creator
        self.switcher = switcher
        self.service = service
    }

    /// The engine's name for the client.
    var engineName: EngineName { EngineName(engineID: context.engineID) }

    // MARK: keys

    /// Processes one key; returns whether the client must treat it as consumed, and the
    /// events to send first (a forwarded key last).
    func processKey(_ key: KeyEvent) throws(InkstoneError) -> (handled: Bool, events: [ClientEvent]) {
        if !context.isFocused { context.focusIn() }
        let caret = caretBefore()
        let engineBefore = context.engineID
        let (handled, report) = try context.reporting { () throws(InkstoneError) -> Bool in
            if let next = switcher.engine(
                after: key, current: context.engineID, defaultEngine: service.engineSettings.defaultEngine
            ) {
                try context.setEngine(next)
                return true
            }
            guard !key.isRelease, Self.isApplicationKey(key), shownCandidates.items.isEmpty else {
                return try context.processKey(key)
            }
            // An editing key acts on the application's text, which the application owns.
            if context.view.markedText == nil { return false }
            // BackSpace edits the composition; any other editing key commits it first, then
            // goes back to the application.
            if Self.editsComposition(key) { return try context.processKey(key) }
            context.unmarkText()
            return false
        }
        var events = translate(report, caretBefore: caret)
        trimBehindCaret()
        if context.engineID != engineBefore { events.append(.engine(engineName)) }
        if !handled, forwardsUnhandledKeys, events.contains(where: \.ordersBeforeKey) {
            events.append(.forwardKey(key))
            return (true, events)
        }
        return (handled, events)
    }

    /// Keys that edit or move through text: the application acts on them unless a
    /// candidate list is open.
    static func isApplicationKey(_ key: KeyEvent) -> Bool {
        switch key.keysym {
        case Keysym.returnKey, Keysym.kpEnter, Keysym.tab, Keysym.isoLeftTab, Keysym.backSpace, Keysym.delete,
            Keysym.kpDelete, Keysym.escape, Keysym.left, Keysym.right, Keysym.up, Keysym.down, Keysym.home, Keysym.end,
            Keysym.pageUp, Keysym.pageDown, Keysym.kpLeft, Keysym.kpRight, Keysym.kpUp, Keysym.kpDown, Keysym.kpHome,
            Keysym.kpEnd, Keysym.kpPageUp, Keysym.kpPageDown:
            return true
        default:
            return false
        }
    }

    /// Keys an open composition takes itself (BackSpace removes one jamo or dead key).
    static func editsComposition(_ key: KeyEvent) -> Bool {
        key.keysym == Keysym.backSpace && !key.isShortcut
    }

    // MARK: focus, reset, candidates, engines

    /// Focus in; the engine's name when the client wants it on focus.
    func focusIn() {
        context.focusIn()
    }

    /// Focus out: an open preedit is committed (unless the client commits its own copy,
    /// then it is only cleared) and the candidate list closes.
    func focusOut() -> [ClientEvent] {
        let caret = caretBefore()
        let ((), report) = context.reporting { () -> Void in
            if clientCommitsPreedit { context.discardMarkedText() }
            context.focusOut()
        }
        defer { trimBehindCaret() }
        return translate(report, caretBefore: caret, closingCandidates: true)
    }

    /// Reset: the preedit is cleared, nothing is committed (the client commits its copy first).
    func reset() -> [ClientEvent] {
        let caret = caretBefore()
        let ((), report) = context.reporting { () -> Void in context.discardMarkedText() }
        return translate(report, caretBefore: caret, closingCandidates: true)
    }

    /// Picks candidate `index` of the visible page.
    func selectCandidate(_ index: Int) throws(InkstoneError) -> [ClientEvent] {
        let caret = caretBefore()
        let ((), report) = try context.reporting { () throws(InkstoneError) in try context.selectCandidate(index) }
        defer { trimBehindCaret() }
        return translate(report, caretBefore: caret)
    }

    /// Turns the candidate page.
    func turnPage(forward: Bool) throws(InkstoneError) -> [ClientEvent] {
        let caret = caretBefore()
        let ((), report) = try context.reporting { () throws(InkstoneError) in
            try context.turnCandidatePage(forward: forward)
        }
        return translate(report, caretBefore: caret)
    }

    /// Switches the engine (an open composition is committed first).
    func setEngine(_ id: String) throws(InkstoneError) -> [ClientEvent] {
        let caret = caretBefore()
        let ((), report) = try context.reporting { () throws(InkstoneError) in try context.setEngine(id) }
        var events = translate(report, caretBefore: caret)
        trimBehindCaret()
        events.append(.engine(engineName))
        return events
    }

    // MARK: translation

    /// The caret (start of the selection, or of the marked text) before a call, in code points.
    private func caretBefore() -> Int? {
        context.view.markedStart ?? context.view.selectedRange?.start
    }

    /// The client's events for what one call did: surrounding deletions (text removed
    /// before the caret outside the composition), commits, then the preedit and the
    /// candidate page when they changed.
    private func translate(_ report: CallReport, caretBefore: Int?, closingCandidates: Bool = false) -> [ClientEvent] {
        var events: [ClientEvent] = []
        var caret = caretBefore
        var markedLength = shownPreedit.length
        var markedChanged = false
        for event in report.events {
            switch event {
            case .markedTextChanged(let text, _, _):
                markedLength = text.unicodeScalars.count
                markedChanged = true
            case .textDidChange(_, let start, let oldLength, let newLength, let cause)
            where cause == .composition && newLength == 0 && oldLength > 0 && markedLength == 0:
                // Text outside any composition removed by the engine (a reconversion).
                if let current = caret, start + oldLength <= current {
                    events.append(.deleteSurrounding(offset: start - current, count: oldLength))
                    caret = start
                }
            case .committed(let text):
                events.append(.commit(text))
            default:
                break
            }
        }
        // The preedit is read again only when the call changed the marked text (every such
        // change is reported): most key releases change nothing.
        if markedChanged {
            let preedit = PreeditState(view: context.view)
            if preedit != shownPreedit {
                shownPreedit = preedit
                events.append(.preedit(preedit))
            }
        }
        let candidates = closingCandidates ? .closed : context.candidates
        if candidates != shownCandidates {
            shownCandidates = candidates
            events.append(.candidates(candidates))
        }
        return events
    }
}

extension ClientEvent {
    /// Whether the event must reach the client before a key it did not consume
    /// (text and preedit changes; candidate and engine updates need no order).
    var ordersBeforeKey: Bool {
        switch self {
        case .commit, .preedit, .deleteSurrounding: true
        case .forwardKey, .candidates, .engine: false
        }
    }
}
