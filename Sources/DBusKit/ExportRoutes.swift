import CDBus
import Glibc
import Synchronization

/// What libdbus holds for one registered path (and a connection's routes hold too).
final class Registration: Sendable {
    let object: ExportedObject?
    unowned let connection: Connection

    init(object: ExportedObject?, connection: Connection) {
        self.object = object
        self.connection = connection
    }
}

/// The paths a connection exports, for its filter to hand each method call to its object
/// directly: libdbus's object tree would first split the call's path into a heap array of
/// its elements and copy its list of handlers (about 3.5 k instructions per call).
///
/// The rules are libdbus's: the deepest registration wins that is the call's path itself or,
/// exported as a subtree, an ancestor of it. When that one has no object (the root fallback,
/// which answers `UnknownObject`), libdbus's object tree decides as before.
final class ExportRoutes: Sendable {
    private struct Route {
        let path: [UInt8]
        let subtree: Bool
        let registration: Registration
    }

    private let routes = Mutex<[Route]>([])

    /// Adds (or replaces) the registration at `path`.
    func add(_ registration: Registration, at path: String, subtree: Bool) {
        let bytes = Array(path.utf8)
        routes.withLock { routes in
            routes.removeAll { $0.path == bytes }
            routes.append(Route(path: bytes, subtree: subtree, registration: registration))
        }
    }

    /// Removes the registration at `path`, if any.
    func remove(at path: String) {
        let bytes = Array(path.utf8)
        routes.withLock { $0.removeAll { $0.path == bytes } }
    }

    /// Forgets every registration (the connection closed: their handlers may hold it).
    func removeAll() {
        routes.withLock { $0.removeAll() }
    }

    /// Dispatches a method call to the object exported for its path; false when libdbus
    /// should decide (no route, or the deepest one has no object).
    func dispatch(_ rawMessage: OpaquePointer) -> Bool {
        guard let path = dbus_message_get_path(rawMessage),
            let registration = registration(for: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self)),
            let object = registration.object
        else { return false }
        object.dispatch(Message(retaining: rawMessage), on: registration.connection)
        return true
    }

    /// The deepest registration at `path` or, for a subtree, above it. The routes are read
    /// in place (no route is copied: a copy retains its path and its registration).
    private func registration(for path: UnsafePointer<UInt8>) -> Registration? {
        let length = strlen(UnsafeRawPointer(path).assumingMemoryBound(to: CChar.self))
        return routes.withLock { routes in
            var best: Int?
            var bestCount = -1
            for index in routes.indices {
                let count = routes[index].path.count
                guard count > bestCount, count <= length else { continue }
                let samePrefix = routes[index].path.withUnsafeBufferPointer { bytes in
                    bytes.baseAddress.map { memcmp($0, path, count) == 0 } ?? false
                }
                // A subtree also serves the paths below it: its own path then "/" (the root "/" serves every path).
                guard samePrefix,
                    count == length || (routes[index].subtree && (count == 1 || path[count] == UInt8(ascii: "/")))
                else { continue }
                best = index
                bestCount = count
            }
            return best.map { routes[$0].registration }
        }
    }
}
