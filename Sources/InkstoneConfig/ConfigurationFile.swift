import Glibc
import InkstoneText
import TOMLKit

/// `config.toml`: where it is, reading it into a ``Configuration`` (every error with its
/// line), and writing a configuration back as TOML.
public enum ConfigurationFile {
    /// The largest file read (a configuration is a few hundred bytes).
    public static let maximumBytes = 1 << 20

    /// `$XDG_CONFIG_HOME/inkstone/config.toml`, else `$HOME/.config/inkstone/config.toml`.
    public static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } })
        -> String
    {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return config + "/inkstone/config.toml"
        }
        return (environment("HOME") ?? "") + "/.config/inkstone/config.toml"
    }

    /// Reads `path`. A missing file gives the built-in defaults unless `required`.
    /// - Returns: the configuration and the file it came from ("" for defaults).
    public static func load(path: String, required: Bool) throws(ConfigurationError) -> (Configuration, source: String)
    {
        guard let bytes = readBytes(path) else {
            if !required, errno == ENOENT { return (Configuration(), "") }
            throw ConfigurationError(file: path, line: nil, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, line: nil, message: "not UTF-8 text")
        }
        return (try parse(text, file: path), path)
    }

    /// Parses a configuration; keys left out keep their defaults.
    /// - Throws: the first error by line: TOML syntax, an unknown key (with a suggestion),
    ///   a value of the wrong type or out of its range.
    public static func parse(_ text: String, file: String = "config.toml") throws(ConfigurationError) -> Configuration {
        guard !text.unicodeScalars.contains("\u{0}") else {
            throw ConfigurationError(file: file, line: nil, message: "the file contains a NUL character")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(file: file, line: error.source.begin.line, message: error.description)
        } catch {
            throw ConfigurationError(file: file, line: nil, message: "\(error)")
        }
        let lines = KeyLines(text)
        var entries: [(name: String, value: ConfigurationValue)] = []
        flatten(table, prefix: "", into: &entries)
        entries.sort { (lines.line(of: $0.name) ?? 0, $0.name) < (lines.line(of: $1.name) ?? 0, $1.name) }
        let keys = Dictionary(uniqueKeysWithValues: ConfigurationKey.all.map { ($0.name, $0) })
        var configuration = Configuration()
        for (name, value) in entries {
            let line = lines.line(of: name)
            guard let key = keys[name] else {
                throw ConfigurationError(
                    file: file, line: line,
                    message: "unknown key '\(name)'\(Suggestion.didYouMean(name, in: ConfigurationKey.names))")
            }
            do {
                try key.apply(value, &configuration)
            } catch {
                throw ConfigurationError(file: file, line: line, message: error.message)
            }
        }
        let engines = configuration.engines
        if engines.candidatePageSize > engines.candidateLabels.count {
            throw ConfigurationError(
                file: file, line: lines.line(of: "candidates.page_size") ?? lines.line(of: "candidates.labels"),
                message: "candidates.page_size is \(engines.candidatePageSize) but candidates.labels has only "
                    + "\(engines.candidateLabels.count) labels")
        }
        return configuration
    }

    /// The configuration as a complete `config.toml`, every key with its value and a comment.
    public static func render(_ configuration: Configuration) -> String {
        var output = "# Inkstone configuration ($XDG_CONFIG_HOME/inkstone/config.toml)\n"
        var section = ""
        for key in ConfigurationKey.all where key.replacement == nil {
            let parts = key.name.split(separator: ".")
            let table = parts.count > 1 ? String(parts[0]) : ""
            if table != section {
                output += "\n[\(table)]\n"
                section = table
            }
            output += "# \(key.help)\n\(parts.last ?? "") = \(key.render(configuration))\n"
        }
        return output
    }

    /// Every leaf of `table` with its dotted name.
    private static func flatten(
        _ table: TOMLTable, prefix: String, into entries: inout [(name: String, value: ConfigurationValue)]
    ) {
        for (key, value) in table {
            let name = prefix + key
            if let inner = value.table {
                flatten(inner, prefix: name + ".", into: &entries)
            } else {
                entries.append((name, plain(value)))
            }
        }
    }

    private static func plain(_ value: any TOMLValueConvertible) -> ConfigurationValue {
        if let text = value.string { return .string(text) }
        if let number = value.int { return .integer(number) }
        if let flag = value.bool { return .bool(flag) }
        if let array = value.array {
            var texts: [String] = []
            for element in array {
                guard let text = element.string else { return .other("an array of \(element.type)s") }
                texts.append(text)
            }
            return .strings(texts)
        }
        return .other("a \(value.type)")
    }

    private static func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
