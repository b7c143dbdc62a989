import DBusKit

extension InputContextProxy {
    /// `InsertText`: inserts at the selection (committing marked text first).
    @discardableResult
    public func insertText(_ text: String) throws(InkstoneClientError) -> EditReply {
        try call("InsertText", replying: "tt", { $0.append(text) }, read: Self.readEdit)
    }

    /// `InsertTextReporting`: ``insertText(_:)`` with the call's events in the reply.
    public func insertTextReporting(_ text: String) throws(InkstoneClientError) -> (EditReply, CallEvents) {
        try callReporting("InsertText", plain: "tt", { $0.append(text) }, read: Self.readEdit)
    }

    /// `DeleteBackward`: deletes the selection, or the grapheme before the caret.
    @discardableResult
    public func deleteBackward() throws(InkstoneClientError) -> EditReply {
        try call("DeleteBackward", replying: "tt", read: Self.readEdit)
    }

    /// `ReplaceRange`: replaces `range` with `text`; a non-zero `expectedRevision` refuses a stale edit.
    @discardableResult
    public func replace(_ range: OffsetRange, with text: String, expectedRevision: UInt64 = 0)
        throws(InkstoneClientError) -> EditReply
    {
        try call(
            "ReplaceRange", replying: "tt",
            { writer in
                Self.write(range, &writer)
                writer.append(text)
                writer.append(expectedRevision)
            }, read: Self.readEdit)
    }

    /// `GetText`: the whole text and the revision it was read at.
    public func text() throws(InkstoneClientError) -> TextSnapshot {
        try call("GetText", replying: "st") { reader in
            TextSnapshot(text: try reader.readString(), revision: try reader.readUInt64())
        }
    }

    /// `TextInRange`.
    public func text(in range: OffsetRange) throws(InkstoneClientError) -> String {
        try call("TextInRange", replying: "s", { Self.write(range, &$0) }, read: { try $0.readString() })
    }

    /// `Length`, in the context's unit.
    public func length() throws(InkstoneClientError) -> Int {
        try call("Length", replying: "x") { Int(try $0.readInt64()) }
    }

    /// `HasText`.
    public func hasText() throws(InkstoneClientError) -> Bool {
        try call("HasText", replying: "b") { try $0.readBool() }
    }

    /// `SelectedRange`.
    public func selectedRange() throws(InkstoneClientError) -> OffsetRange {
        try call("SelectedRange", replying: "xx", read: Self.readRange)
    }

    /// `SetSelectedRange`.
    public func setSelectedRange(_ range: OffsetRange) throws(InkstoneClientError) {
        try call("SetSelectedRange") { Self.write(range, &$0) }
    }

    /// `RangeEnclosingPosition`: the `granularity` unit (character, word, sentence, paragraph, line, document)
    /// around `position` in `direction` (forward, backward).
    public func rangeEnclosing(_ position: Int, granularity: String, direction: String = "forward")
        throws(InkstoneClientError) -> OffsetRange
    {
        try call(
            "RangeEnclosingPosition", replying: "xx",
            { writer in
                writer.append(Int64(position))
                writer.append(granularity)
                writer.append(direction)
            }, read: Self.readRange)
    }

    /// `Undo`.
    public func undo() throws(InkstoneClientError) { try call("Undo") }

    /// `Redo`.
    public func redo() throws(InkstoneClientError) { try call("Redo") }

    /// `FocusIn`.
    public func focusIn() throws(InkstoneClientError) { try call("FocusIn") }

    /// `FocusOut` (commits or discards marked text, as the context's `focus_out` option says).
    public func focusOut() throws(InkstoneClientError) { try call("FocusOut") }

    /// `Subscribe`: the notification kinds this context gets from now on.
    public func subscribe(_ kinds: [String]) throws(InkstoneClientError) {
        try call("Subscribe") { $0.append(strings: kinds) }
    }

    /// `SetEngine`: switches the composition engine.
    public func setEngine(_ engine: String) throws(InkstoneClientError) {
        try call("SetEngine") { $0.append(engine) }
    }

    /// `Destroy`.
    public func destroy() throws(InkstoneClientError) { try call("Destroy") }

    /// A property of `InputContext1` (`Engine`, `Unit`, `Candidates`, …), unwrapped from its variant.
    public func property(_ name: String) throws(InkstoneClientError) -> DBusValue {
        try connection.property(name, of: InkstoneNames.contextInterface, at: path)
    }

    /// Sets a writable property of `InputContext1`.
    public func setProperty(_ name: String, to value: DBusValue) throws(InkstoneClientError) {
        try connection.setProperty(name, of: InkstoneNames.contextInterface, at: path, to: value)
    }
}
