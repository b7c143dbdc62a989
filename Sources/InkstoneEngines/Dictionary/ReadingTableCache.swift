import Glibc
import InkstoneCore

/// Compiled reading tables cached on disk: a dictionary engine parses its
/// source once, and later loads map the compiled file instead
/// (`$XDG_CACHE_HOME/inkstone/<name>.table`, else `~/.cache/inkstone/`).
///
/// A cached file is used only while its header matches the source's path,
/// size, modification time and the parser's format version; a stale, damaged
/// or foreign file is rebuilt. It is written atomically (temporary file,
/// `fsync`, `rename`; mode 0600 in a 0700 folder). When the cache cannot be
/// written the table is served from memory.
public enum ReadingTableCache {
    /// Where a loaded table came from.
    public enum Origin: Equatable, Sendable {
        /// The cached file matched and was mapped.
        case cached
        /// The source was parsed and the compiled file written, then mapped; the
        /// value says why the cache was not used (missing, stale, damaged).
        case built(CompiledTableError)
        /// The source was parsed into memory; the value says why nothing was cached.
        case memory(String)
    }

    /// A table and where it came from.
    public struct Loaded: Sendable {
        /// The table to convert with.
        public let table: any ReadingTable
        /// Where it came from.
        public let origin: Origin
    }

    /// `$XDG_CACHE_HOME/inkstone`, else `$HOME/.cache/inkstone` (nil when neither is set).
    public static func defaultDirectory() -> String? {
        XDGFolder.path("XDG_CACHE_HOME", fallback: ".cache").map { $0 + "/inkstone" }
    }

    /// The table named `name` (a file name: letters, digits, `_`, `-`, `.`) built
    /// from `source` by `rows` (the engine's parser, version `formatVersion`):
    /// mapped from the cache when it is current, else parsed and cached.
    public static func load<Rows: Sequence>(
        name: String, source: String, formatVersion: UInt32, directory: String? = nil, rows: () throws -> Rows
    ) rethrows -> any ReadingTable where Rows.Element == (reading: String, entry: DictionaryEntry) {
        try open(name: name, source: source, formatVersion: formatVersion, directory: directory, rows: rows).table
    }

    /// As ``load(name:source:formatVersion:directory:rows:)``, also saying where the table came from.
    public static func open<Rows: Sequence>(
        name: String, source: String, formatVersion: UInt32, directory: String? = nil, rows: () throws -> Rows
    ) rethrows -> Loaded where Rows.Element == (reading: String, entry: DictionaryEntry) {
        try open(name: name, sources: [source], formatVersion: formatVersion, directory: directory, rows: rows)
    }

    /// As ``open(name:source:formatVersion:directory:rows:)`` for a table built from
    /// several files: the cached table is used only while every one of `sources` is
    /// as it was (see ``SourceStamp/init(paths:formatVersion:)``).
    public static func open<Rows: Sequence>(
        name: String, sources: [String], formatVersion: UInt32, directory: String? = nil, rows: () throws -> Rows
    ) rethrows -> Loaded where Rows.Element == (reading: String, entry: DictionaryEntry) {
        let folder = directory ?? defaultDirectory()
        let stamp =
            sources.count == 1
            ? SourceStamp(path: sources[0], formatVersion: formatVersion)
            : SourceStamp(paths: sources, formatVersion: formatVersion)
        let source = sources.joined(separator: ", ")
        let validName =
            !name.isEmpty && name.utf8.count <= 200
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) } && name.first != "."
        guard let folder, let stamp, validName else {
            let reason =
                !validName
                ? "'\(name)' is not a valid table name"
                : stamp == nil ? "cannot read \(source)" : "no cache folder (neither XDG_CACHE_HOME nor HOME is set)"
            return Loaded(table: SortedReadingTable(rows: try rows()), origin: .memory(reason))
        }
        let path = folder + "/" + name + ".table"
        let why: CompiledTableError
        do throws(CompiledTableError) {
            return Loaded(table: try CompiledReadingTable(path: path, expecting: stamp), origin: .cached)
        } catch {
            why = error
        }
        let memory = SortedReadingTable(rows: try rows())
        do throws(CompiledTableError) {
            let bytes = try CompiledReadingTable.encode(memory, stamp: stamp)
            do throws(DurableFile.Failure) {
                try DurableFile.makeDirectory(folder)
                try DurableFile.replace(path, with: bytes)
            } catch {
                throw CompiledTableError.unwritable(error.description)
            }
            return Loaded(table: try CompiledReadingTable(path: path, expecting: stamp), origin: .built(why))
        } catch {
            return Loaded(table: memory, origin: .memory(error.description))
        }
    }
}

/// The XDG base folders, with their fallbacks under `$HOME`.
enum XDGFolder {
    /// `$variable` when set to an absolute path, else `$HOME/fallback`; nil when neither is usable.
    static func path(_ variable: String, fallback: String) -> String? {
        if let value = getenv(variable).map({ String(cString: $0) }), value.hasPrefix("/") { return value }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") { return home + "/" + fallback }
        return nil
    }
}
