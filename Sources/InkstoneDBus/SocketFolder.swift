import DBusKit
import Glibc

/// The folder that holds the daemon's peer-to-peer socket, and the sockets
/// dead daemons left in it.
///
/// `$XDG_RUNTIME_DIR/inkstone`, else `$TMPDIR/inkstone-<uid>` (else under
/// `/tmp`): one fixed folder per user, created with mode 0700 and used only
/// when it is a real folder (not a link) owned by the daemon's uid.
enum SocketFolder {
    /// The name of the socket of the daemon with process id `pid`.
    static func socketName(pid: pid_t) -> String { "inkstoned-\(pid).socket" }

    /// The longest socket path a `sockaddr_un` holds.
    static let maximumSocketPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The folder for this user, created and checked (see the type's documentation).
    static func prepare() throws -> String {
        let folder = try choose()
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw DBusKitError.failed("cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard lstat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid() else {
            throw DBusKitError.failed("\(folder) is not a folder owned by uid \(getuid())")
        }
        guard chmod(folder, 0o700) == 0 else {
            throw DBusKitError.failed("cannot make \(folder) private: \(String(cString: strerror(errno)))")
        }
        return folder
    }

    /// Where the folder goes: the runtime folder, else the temporary one
    /// (`/tmp` when `TMPDIR` is unset or too deep for a socket path).
    private static func choose() throws -> String {
        if let runtime = environment("XDG_RUNTIME_DIR") { return runtime + "/inkstone" }
        let name = "/inkstone-\(getuid())"
        let longestSocket = "/" + socketName(pid: pid_t.max)
        if let temporary = environment("TMPDIR"), temporary.hasPrefix("/"),
            (temporary + name + longestSocket).utf8.count <= maximumSocketPath
        {
            return temporary + name
        }
        return "/tmp" + name
    }

    /// Removes the sockets in `folder` whose daemon is no longer running
    /// (left by a daemon that was killed); returns their names.
    @discardableResult
    static func removeStaleSockets(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = owner(ofSocketNamed: name), pid != getpid(), !isRunning(pid) else { continue }
            var status = stat()
            let path = folder + "/" + name
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK, status.st_uid == getuid() else {
                continue
            }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The process id in a socket name `inkstoned-<pid>.socket`, nil for other names.
    static func owner(ofSocketNamed name: String) -> pid_t? {
        let prefix = "inkstoned-"
        let suffix = ".socket"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process with `pid` exists (one we may not signal counts as running).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
