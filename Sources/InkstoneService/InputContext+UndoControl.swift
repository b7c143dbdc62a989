import InkstoneText

/// Control of a context's undo stack beyond undo and redo.
extension InputContext {
    /// Forgets every undo and redo step of this context (`removeAllActions`),
    /// for instance after loading a file; `CanUndo` and `CanRedo` turn false.
    public func clearUndo() {
        view.removeAllUndoSteps()
        service.publishProperties(of: shared)
    }

    /// Turns undo registration of this context on or off; while off, its
    /// edits register no undo step and the existing steps are kept (see
    /// ``DocumentView/setUndoRegistration(_:)``).
    public func setUndoRegistration(_ enabled: Bool) {
        view.setUndoRegistration(enabled)
    }
}
