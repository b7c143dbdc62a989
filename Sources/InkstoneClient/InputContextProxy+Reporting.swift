import DBusKit

extension InputContextProxy {
    /// Calls `member + "Reporting"` and reads its one reply argument, the struct of the plain
    /// method's results (of signature `plain`, read by `read`) followed by the call report.
    /// Any other shape is an ``InkstoneClientError`` named `InvalidArgs`.
    func callReporting<Result>(
        _ member: String, plain: String, _ body: (inout MessageWriter) throws -> Void = { _ in },
        read: (inout MessageReader) throws -> Result
    ) throws(InkstoneClientError) -> (Result, CallEvents) {
        try call(member + "Reporting", replying: CallEvents.replySignature(plain: plain), body) { reader in
            try reader.readStruct { fields in (try read(&fields), try CallEvents.read(&fields)) }
        }
    }
}
