extension Connection {
    /// Exports `object` at exactly `path`.
    public func export(_ object: ExportedObject, at path: String) throws {
        try register(object, at: path, subtree: false)
    }

    /// Exports `object` for every path under `path` (e.g. `/org/example/context/N`);
    /// handlers read ``MethodCall/path`` to find which one.
    public func exportSubtree(_ object: ExportedObject, under path: String) throws {
        try register(object, at: path, subtree: true)
    }

    /// Removes what was exported at `path`.
    public func unexport(path: String) {
        guard (try? DBusValidation.objectPath(path)) != nil else { return }
        hooks.routes.remove(at: path)
    }

    private func register(_ object: ExportedObject, at path: String, subtree: Bool) throws {
        try DBusValidation.objectPath(path)
        installRootFallback()
        hooks.routes.add(Registration(object: object, connection: self), at: path, subtree: subtree)
    }

    /// Routes every path no export covers to an answer of `UnknownObject` (and to
    /// `Introspect`, the exported paths below it).
    private func installRootFallback() {
        guard !rootFallbackInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        hooks.routes.add(Registration(object: nil, connection: self), at: "/", subtree: true)
    }

    /// Answers a call to a path with no exported object.
    func answerUnregistered(_ message: Message) {
        let path = message.path ?? "/"
        let children = hooks.routes.children(of: path)
        if !children.isEmpty, message.isMember("Introspect", of: StandardInterfaces.introspectable) {
            let xml = IntrospectionWriter.xml(for: [], children: children)
            if !message.noReply, let reply = message.makeReturn() {
                reply.write { $0.append(xml) }
                _ = try? send(reply)
            }
            return
        }
        guard !message.noReply,
            let reply = message.makeError(
                name: DBusErrorName.unknownObject, message: "No object is exported at path '\(path)'")
        else { return }
        _ = try? send(reply)
    }
}
