/// The line each dotted key of a TOML text is set on (TOMLKit reports lines only for
/// syntax errors): follows `[table]` headers and `a.b = …` keys, skipping comments and
/// the inside of multi-line strings and arrays closely enough for a configuration file.
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.dotted(inner)
                if !table.isEmpty, lines[table] == nil { lines[table] = number }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = Self.dotted(line[..<equals])
            guard !key.isEmpty else { continue }
            let name = table.isEmpty ? key : table + "." + key
            if lines[name] == nil { lines[name] = number }
        }
    }

    /// The line of `name`, or of the nearest enclosing table that has one.
    func line(of name: String) -> Int? {
        var parts = name.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let line = lines[parts.joined(separator: ".")] { return line }
            parts.removeLast()
        }
        return nil
    }

    /// `a . "b" . c` → `a.b.c`.
    private static func dotted(_ text: Substring) -> String {
        let unwanted: Set<Character> = [" ", "\t", "\"", "'"]
        return text.split(separator: ".").map { String($0.filter { !unwanted.contains($0) }) }.joined(separator: ".")
    }
}
