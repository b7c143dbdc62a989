/// What a soak saw.
public struct SoakReport: Sendable {
    /// Calls made (invariant checks not counted).
    public var calls = 0
    /// Calls answered with an error, by error name.
    public var errors: [String: Int] = [:]
    /// Broken invariants and daemon deaths, each with the calls that led to it.
    public var violations: [String] = []
    /// Connections opened (bus and direct).
    public var connections = 0
    /// Times the daemon was started.
    public var daemonStarts = 0
    /// The daemon's resident memory after start-up and at the end, in KiB.
    public var residentKiB: (start: Int, end: Int) = (0, 0)
    /// Wall time.
    public var seconds = 0.0

    /// A readable summary, one fact a line.
    public var summary: String {
        var lines = [
            "soak: \(calls) calls in \(Int(seconds)) s over \(connections) connections, \(daemonStarts) daemon start(s)"
        ]
        lines.append("soak: daemon memory \(residentKiB.start) KiB after start-up, \(residentKiB.end) KiB at the end")
        lines += errors.sorted { $0.key < $1.key }.map { "soak: \($0.value) × \($0.key)" }
        lines.append("soak: \(violations.count) invariant violation(s)")
        var seen: [String: Int] = [:]
        for violation in violations {
            let headline = String(violation.split(separator: "\n").first ?? "").drop { $0 != ":" }.dropFirst(2)
            let kind = String(headline.prefix(90).map { $0.isNumber ? "#" : $0 })
            seen[kind, default: 0] += 1
        }
        lines += seen.sorted { $0.key < $1.key }.map { "soak:   \($0.value) × \($0.key)" }
        return lines.joined(separator: "\n")
    }
}
