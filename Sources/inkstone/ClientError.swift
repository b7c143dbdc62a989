import ArgumentParser
import DBusKit
import Glibc
import InkstoneClient

/// Failures the client explains with the fix.
enum ClientError: Error, CustomStringConvertible {
    /// No bus address at all.
    case noBus
    /// The bus (or peer address) could not be opened.
    case unreachable(what: String, InkstoneClientError)
    /// Nobody owns org.inkstone.Inkstone1 on the bus (at `address`, nil: the session bus).
    case noDaemon(address: String?, InkstoneClientError)

    /// The direct transport did not accept this client (another user, or the daemon left).
    case peerRefused(address: String, InkstoneClientError)
    /// The connection closed while monitoring.
    case daemonLeft

    var description: String {
        switch self {
        case .noBus:
            return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set; pass --address or run inside a desktop session"
        case .peerRefused(let address, let error):
            return """
                the direct transport at \(address) did not accept this connection (only the daemon's own user \
                may connect; is the daemon still running?): use the bus instead (--address or the session bus) \
                (\(error.name): \(error.message))
                """
        case .daemonLeft:
            return "the daemon closed the connection (stopped or restarted): run the command again"
        case .unreachable(let what, let error):
            return "cannot connect to \(what): \(error.name): \(error.message)"
        case .noDaemon(nil, let error):
            return """
                no daemon on the session bus: start it with `make run` or enable `inkstone.service` \
                (\(error.name): \(error.message))
                """
        case .noDaemon(let address?, let error):
            return """
                no daemon on the bus at \(address): start one with `inkstoned --address '\(address)'` \
                (\(error.name): \(error.message))
                """
        }
    }
}

/// Runs `body`, turning D-Bus and client errors into a line on stderr and exit code 1 (``ExitStatus/failure``).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ClientError {
        printError("inkstone: \(error)")
        throw ExitCode.failure
    } catch let error as InkstoneClientError {
        printError("inkstone: \(error.name): \(error.message)")
        throw ExitCode.failure
    } catch let error as DBusKitError {
        printError("inkstone: \(error.name): \(error.message)")
        throw ExitCode.failure
    }
}

/// Writes a line to stderr.
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
