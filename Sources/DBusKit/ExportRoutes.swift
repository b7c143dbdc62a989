import CSystemd
import Glibc
import Synchronization

/// What a connection's routes hold for one exported path.
final class Registration: Sendable {
    let object: ExportedObject?
    unowned let connection: Connection

    init(object: ExportedObject?, connection: Connection) {
        self.object = object
        self.connection = connection
    }
}

/// The paths a connection exports, for its filter to hand each method call to its object.
///
/// The deepest registration wins that is the call's path itself or, exported as a subtree,
/// an ancestor of it. When that one has no object (the root fallback, installed with the
/// first export), the call is answered `UnknownObject` (or, for `Introspect`, with the
/// exported paths below it).
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

    /// Dispatches a method call to the object exported for its path (or answers it from
    /// the root fallback); false when no route covers the path.
    func dispatch(_ rawMessage: OpaquePointer, lock: BusLock) -> Bool {
        guard let path = sd_bus_message_get_path(rawMessage),
            let registration = registration(for: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self))
        else { return false }
        // sd-bus answers org.freedesktop.DBus.Peer itself at every path no object serves.
        if registration.object == nil, let interface = sd_bus_message_get_interface(rawMessage),
            strcmp(interface, StandardInterfaces.peer) == 0
        {
            return false
        }
        let message = Message(retaining: rawMessage, lock: lock)
        let connection = registration.connection
        connection.dispatchGatheringWrites {
            if let object = registration.object {
                object.dispatch(message, on: connection)
            } else {
                connection.answerUnregistered(message)
            }
        }
        return true
    }

    /// The names of the nodes right below `path` that lead to an exported path.
    func children(of path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        let names = routes.withLock { routes in
            routes.compactMap { route -> String? in
                guard route.registration.object != nil, let routePath = String(validating: route.path, as: UTF8.self),
                    routePath.count > prefix.count, routePath.hasPrefix(prefix)
                else { return nil }
                return routePath.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
            }
        }
        return Array(Set(names)).sorted()
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
