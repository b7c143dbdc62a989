import DBusKit

extension InkstoneConnection {
    /// `RestoreDocument`: a new context, owned by this client, on the durable
    /// document `token` (a context's `RestoreToken`) names.
    public func restoreDocument(token: String) throws(InkstoneClientError) -> InputContextProxy {
        let path = try callService(
            "RestoreDocument", replying: "o", { $0.append(token) },
            read: {
                try $0.readObjectPath()
            })
        return InputContextProxy(connection: self, path: path)
    }
}
