import Glibc

/// One record of a durable document's journal (see ``DocumentJournal``).
/// Offsets and lengths are UTF-8 bytes, whatever unit the views speak.
public enum JournalRecord: Equatable, Sendable {
    /// The file's first record: the format version it is written in, the
    /// unit of the document's first view (nil when a newer format names one
    /// this build does not know) and whether that view's context was persistent.
    case header(version: Int, unit: OffsetUnit?, persist: Bool)
    /// `utf8Start..<utf8Start + utf8OldLength` was replaced by `text`,
    /// producing `revision`; `runs` are the attributes of the inserted text
    /// right after the edit (consecutive spans covering it exactly).
    case edit(revision: UInt64, utf8Start: Int, utf8OldLength: Int, text: String, runs: [JournalRun])
    /// The attributes over `utf8Start..<utf8Start + runs' total length` became `runs`.
    case attributes(utf8Start: Int, runs: [JournalRun])
    /// A view's selection (UTF-8 anchor and head; nil for no selection).
    case selection(view: UInt64, anchor: Int?, head: Int?)
    /// The end of one call's records: a restore applies the records of a call
    /// only when its commit record is whole, so no call comes back half-applied.
    case commit
}

/// A stretch of text and its attributes, as a journal stores it.
public struct JournalRun: Equatable, Sendable {
    /// Length in UTF-8 bytes.
    public var utf8Length: Int
    /// The attributes of every character of the stretch.
    public var attributes: AttributeSet

    /// A run.
    public init(utf8Length: Int, attributes: AttributeSet) {
        self.utf8Length = utf8Length
        self.attributes = attributes
    }
}

/// The body of each record is a line of space-separated fields: a tag
/// (`H`, `E`, `A`, `S`, `C`), numbers in decimal, strings with `\` `\\`, newline
/// `\n` and space `\s` escaped. Runs are a count, then per run its length,
/// its number of keys and per key the key and a typed value (`b0`/`b1`,
/// `i<int>`, `d<hex bits>`, `s<string>`, `c<4 hex bit patterns joined by ,>`);
/// `-` stands for one run without attributes over the whole stretch.
extension JournalRecord {
    /// The record's line body (no newline, no checksum).
    public func encoded() -> [UInt8] {
        var out = JournalFieldWriter()
        switch self {
        case .header(let version, let unit, let persist):
            out.token("H")
            out.token("inkstone-document")
            out.number(version)
            out.token(unit?.rawValue ?? "-")
            out.token(persist ? "persist" : "-")
        case .edit(let revision, let start, let oldLength, let text, let runs):
            out.token("E")
            out.number(revision)
            out.number(start)
            out.number(oldLength)
            out.string(text)
            out.runs(runs, total: text.utf8.count)
        case .attributes(let start, let runs):
            out.token("A")
            out.number(start)
            out.number(runs.reduce(0) { $0 + $1.utf8Length })
            out.runs(runs, total: nil)
        case .selection(let view, let anchor, let head):
            out.token("S")
            out.number(view)
            out.number(anchor ?? -1)
            out.number(head ?? -1)
        case .commit:
            out.token("C")
        }
        return out.bytes
    }

    /// The record of a line body, or nil when it is malformed.
    public static func decode(_ body: ArraySlice<UInt8>) -> JournalRecord? {
        var fields = JournalFieldReader(body)
        guard let tag = fields.token() else { return nil }
        let record: JournalRecord?
        switch tag {
        case "H":
            // Only the version is read strictly: a newer format may change the rest.
            guard fields.token() == "inkstone-document", let version = fields.number(), version >= 0 else {
                return nil
            }
            let unit = fields.token().flatMap(OffsetUnit.init(rawValue:))
            return .header(version: version, unit: unit, persist: fields.token() == "persist")
        case "E":
            guard let revision = fields.unsigned(), let start = fields.number(), let oldLength = fields.number(),
                let text = fields.string(), let runs = fields.runs(total: text.utf8.count),
                start >= 0, oldLength >= 0
            else { return nil }
            record = .edit(revision: revision, utf8Start: start, utf8OldLength: oldLength, text: text, runs: runs)
        case "A":
            guard let start = fields.number(), let length = fields.number(), start >= 0, length >= 0,
                let runs = fields.runs(total: length)
            else { return nil }
            record = .attributes(utf8Start: start, runs: runs)
        case "S":
            guard let view = fields.unsigned(), let anchor = fields.number(), let head = fields.number(),
                (anchor < 0) == (head < 0)
            else { return nil }
            record = .selection(view: view, anchor: anchor < 0 ? nil : anchor, head: head < 0 ? nil : head)
        case "C":
            record = .commit
        default:
            return nil
        }
        return fields.atEnd ? record : nil
    }
}

/// Writes the fields of a record body.
struct JournalFieldWriter {
    private(set) var bytes: [UInt8] = []

    private mutating func separate() {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
    }

    mutating func token(_ text: String) {
        separate()
        bytes += text.utf8
    }

    mutating func number(_ value: some BinaryInteger) { token(String(value)) }

    /// A string, escaped, after `prefix` (`'`, or `s` for a string attribute value).
    /// Stretches without a byte to escape are copied whole.
    mutating func string(_ text: String, prefix: UInt8 = UInt8(ascii: "'")) {
        separate()
        bytes.append(prefix)
        var text = text
        text.withUTF8 { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count)
            var copied = 0
            for index in utf8.indices {
                let escape: UInt8
                switch utf8[index] {
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
                case UInt8(ascii: " "): escape = UInt8(ascii: "s")
                default: continue
                }
                bytes += UnsafeBufferPointer(rebasing: utf8[copied..<index])
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escape)
                copied = index + 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[copied...])
        }
    }

    /// Runs; with `total`, one attribute-free run over all of it is written `-`.
    mutating func runs(_ runs: [JournalRun], total: Int?) {
        if let total, runs.isEmpty || (runs.count == 1 && runs[0].attributes.isEmpty && runs[0].utf8Length == total) {
            token("-")
            return
        }
        number(runs.count)
        for run in runs {
            number(run.utf8Length)
            number(run.attributes.count)
            for (key, value) in run.attributes.sorted(by: { $0.key < $1.key }) {
                string(key)
                self.value(value)
            }
        }
    }

    private mutating func value(_ value: AttributeValue) {
        switch value {
        case .bool(let flag): token(flag ? "b1" : "b0")
        case .int(let number): token("i\(number)")
        case .double(let number): token("d" + String(number.bitPattern, radix: 16))
        case .string(let text): string(text, prefix: UInt8(ascii: "s"))
        case .color(let colour):
            token(
                "c"
                    + [colour.red, colour.green, colour.blue, colour.alpha].map { String($0.bitPattern, radix: 16) }
                    .joined(separator: ","))
        }
    }
}

/// Reads the fields of a record body.
struct JournalFieldReader {
    private let body: ArraySlice<UInt8>
    private var position: Int

    init(_ body: ArraySlice<UInt8>) {
        self.body = body
        position = body.startIndex
    }

    var atEnd: Bool { position >= body.endIndex }

    /// The raw bytes of the next field.
    private mutating func field() -> ArraySlice<UInt8>? {
        guard position < body.endIndex else { return nil }
        let end = body.withUnsafeBytes { raw in
            let from = position - body.startIndex
            guard let base = raw.baseAddress,
                let found = memchr(base + from, Int32(UInt8(ascii: " ")), raw.count - from)
            else { return body.endIndex }
            return body.startIndex + base.distance(to: UnsafeRawPointer(found))
        }
        let field = body[position..<end]
        position = end == body.endIndex ? end : end + 1
        return field
    }

    mutating func token() -> String? { field().map { String(decoding: $0, as: UTF8.self) } }

    mutating func number() -> Int? { token().flatMap { Int($0) } }

    mutating func unsigned() -> UInt64? { token().flatMap { UInt64($0) } }

    /// A string field (first byte `'`, or `s` for a string attribute value).
    mutating func string() -> String? {
        guard let raw = field(), raw.first == UInt8(ascii: "'") else { return nil }
        return Self.unescape(raw.dropFirst())
    }

    /// The bytes of an escaped string, unescaped; stretches between escapes
    /// are copied whole.
    private static func unescape(_ raw: ArraySlice<UInt8>) -> String? {
        raw.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return "" }
            let backslash = Int32(UInt8(ascii: "\\"))
            guard var found = memchr(base, backslash, raw.count) else {
                return String(validating: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(raw.count)
            var copied = 0
            while true {
                let index = base.distance(to: UnsafeRawPointer(found))
                bytes += UnsafeRawBufferPointer(rebasing: raw[copied..<index])
                guard index + 1 < raw.count else { return nil }
                switch raw[index + 1] {
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "s"): bytes.append(UInt8(ascii: " "))
                default: return nil
                }
                copied = index + 2
                guard let next = memchr(base + copied, backslash, raw.count - copied) else { break }
                found = next
            }
            bytes += UnsafeRawBufferPointer(rebasing: raw[copied...])
            return String(validating: bytes, as: UTF8.self)
        }
    }

    mutating func runs(total: Int) -> [JournalRun]? {
        guard let first = token() else { return nil }
        if first == "-" { return total == 0 ? [] : [JournalRun(utf8Length: total, attributes: [:])] }
        guard let count = Int(first), count >= 0, count <= total else { return nil }
        var runs: [JournalRun] = []
        var covered = 0
        for _ in 0..<count {
            guard let length = number(), length > 0, let keys = number(), keys >= 0 else { return nil }
            var attributes: AttributeSet = [:]
            for _ in 0..<keys {
                guard let key = string(), let value = value() else { return nil }
                attributes[key] = value
            }
            covered += length
            runs.append(JournalRun(utf8Length: length, attributes: attributes))
        }
        return covered == total ? runs : nil
    }

    private mutating func value() -> AttributeValue? {
        guard let raw = field(), let tag = raw.first else { return nil }
        let rest = String(decoding: raw.dropFirst(), as: UTF8.self)
        switch tag {
        case UInt8(ascii: "b"): return rest == "1" ? .bool(true) : rest == "0" ? .bool(false) : nil
        case UInt8(ascii: "i"): return Int64(rest).map(AttributeValue.int)
        case UInt8(ascii: "d"): return UInt64(rest, radix: 16).map { .double(Double(bitPattern: $0)) }
        case UInt8(ascii: "s"): return Self.unescape(raw.dropFirst()).map(AttributeValue.string)
        case UInt8(ascii: "c"):
            let parts = rest.split(separator: ",").compactMap { UInt64($0, radix: 16).map(Double.init(bitPattern:)) }
            guard parts.count == 4 else { return nil }
            return .color(AttributeColor(red: parts[0], green: parts[1], blue: parts[2], alpha: parts[3]))
        default: return nil
        }
    }
}
