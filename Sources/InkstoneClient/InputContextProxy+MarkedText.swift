import DBusKit

extension InputContextProxy {
    /// `SetMarkedText`: `text` becomes the marked text (the preedit), `selected` is relative to it,
    /// and it replaces `replacing` (``OffsetRange/none``: the selection, or the marked text there is).
    public func setMarkedText(_ text: String, selected: OffsetRange, replacing: OffsetRange = .none)
        throws(InkstoneClientError)
    {
        try call("SetMarkedText") { writer in
            writer.append(text)
            Self.write(selected, &writer)
            Self.write(replacing, &writer)
        }
    }

    /// `UnmarkText`: commits the marked text.
    public func unmarkText() throws(InkstoneClientError) { try call("UnmarkText") }

    /// `DiscardMarkedText`: drops the marked text.
    public func discardMarkedText() throws(InkstoneClientError) { try call("DiscardMarkedText") }

    /// `MarkedRange` (start −1 when there is no marked text).
    public func markedRange() throws(InkstoneClientError) -> OffsetRange {
        try call("MarkedRange", replying: "xx", read: Self.readRange)
    }

    /// `HasMarkedText`.
    public func hasMarkedText() throws(InkstoneClientError) -> Bool {
        try call("HasMarkedText", replying: "b") { try $0.readBool() }
    }
}
