import CDBus

extension Connection {
    /// Exports `object` at exactly `path`.
    public func export(_ object: ExportedObject, at path: String) throws {
        try register(object, at: path, fallback: false)
    }

    /// Exports `object` for every path under `path` (e.g. `/org/example/context/N`);
    /// handlers read ``MethodCall/path`` to find which one.
    public func exportSubtree(_ object: ExportedObject, under path: String) throws {
        try register(object, at: path, fallback: true)
    }

    /// Removes what was exported at `path`.
    public func unexport(path: String) {
        guard (try? DBusValidation.objectPath(path)) != nil else { return }
        hooks.routes.remove(at: path)
        _ = dbus_connection_unregister_object_path(raw, path)
    }

    private func register(_ object: ExportedObject?, at path: String, fallback: Bool) throws {
        try DBusValidation.objectPath(path)
        if object != nil { try installRootFallback() }
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { _, rawMessage, userData in
            guard let rawMessage, let userData else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            guard dbus_message_get_type(rawMessage) == CDBUS_MESSAGE_TYPE_METHOD_CALL else {
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
            let registration = Unmanaged<Registration>.fromOpaque(userData).takeUnretainedValue()
            let message = Message(retaining: rawMessage)
            if let object = registration.object {
                object.dispatch(message, on: registration.connection)
            } else {
                registration.connection.answerUnregistered(message)
            }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        vtable.unregister_function = { _, userData in
            guard let userData else { return }
            Unmanaged<Registration>.fromOpaque(userData).release()
        }
        let registration = Registration(object: object, connection: self)
        let userData = Unmanaged.passRetained(registration).toOpaque()
        do {
            _ = try DBusKitError.check { error in
                fallback
                    ? dbus_connection_try_register_fallback(raw, path, &vtable, userData, error)
                    : dbus_connection_try_register_object_path(raw, path, &vtable, userData, error)
            }
        } catch {
            Unmanaged<Registration>.fromOpaque(userData).release()
            throw error
        }
        // libdbus keeps the registration too: it lists children and answers what the routes leave to it.
        hooks.routes.add(registration, at: path, subtree: fallback)
    }

    /// Registers a fallback at `/` answering `UnknownObject` (and listing children to `Introspect`).
    private func installRootFallback() throws {
        guard !rootFallbackInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try register(nil, at: "/", fallback: true)
    }

    /// Answers a call to a path with no exported object.
    fileprivate func answerUnregistered(_ message: Message) {
        let path = message.path ?? "/"
        let children = registeredChildren(of: path)
        if !children.isEmpty, message.isMember("Introspect", of: StandardInterfaces.introspectable) {
            let xml = IntrospectionWriter.xml(for: [], children: children)
            if let reply = message.makeReturn() {
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

    private func registeredChildren(of path: String) -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard dbus_connection_list_registered(raw, path, &list) != 0, let list else { return [] }
        defer { dbus_free_string_array(list) }
        var children: [String] = []
        var entry = list
        while let child = entry.pointee {
            children.append(String(cString: child))
            entry += 1
        }
        return children
    }
}
