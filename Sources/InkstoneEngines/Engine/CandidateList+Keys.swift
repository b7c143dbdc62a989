/// What a key did to an open candidate list.
public enum CandidateKeyResult: Hashable, Sendable {
    /// The user picked this candidate.
    case picked(Candidate)
    /// The cursor or page changed (or the key was a no-op on the list).
    case navigated
    /// The user closed the list (Escape).
    case closed
    /// The list does not use this key.
    case notForList
}

extension CandidateList {
    /// Handles a key while the list is open: a label key (`1`–`9`/`0` and keypad digits with
    /// the stock labels) picks on the visible page, Up/Down and Left/Right move the cursor, Page_Up/Page_Down change pages,
    /// Return picks the cursor item, Escape closes.
    public mutating func handle(_ key: KeyEvent) -> CandidateKeyResult {
        guard !key.isRelease, !key.isShortcut else { return .notForList }
        if let position = position(ofLabelKey: key.keysym) {
            guard let candidate = select(indexOnPage: position) else { return .navigated }
            return .picked(candidate)
        }
        switch key.keysym {
        case Keysym.up, Keysym.kpUp, Keysym.left, Keysym.kpLeft: moveCursor(by: -1)
        case Keysym.down, Keysym.kpDown, Keysym.right, Keysym.kpRight: moveCursor(by: 1)
        case Keysym.pageUp, Keysym.kpPageUp: prevPage()
        case Keysym.pageDown, Keysym.kpPageDown: nextPage()
        case Keysym.returnKey, Keysym.kpEnter:
            guard let candidate = cursorCandidate else { return .closed }
            return .picked(candidate)
        case Keysym.escape: return .closed
        default: return .notForList
        }
        return .navigated
    }
}
