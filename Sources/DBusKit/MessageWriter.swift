import CSystemd

/// Appends arguments to a message body through sd-bus.
///
/// Containers nest through closures: `appendArray(of: "s") { $0.append("x") }`.
/// sd-bus opens a struct or dict entry only with its field types: the writer finds them
/// in the enclosing array's element, variant's or struct's signature (or, at the top of
/// a reply, the method's output signature); elsewhere give them with
/// ``appendStruct(signature:_:)``.
///
/// Values D-Bus cannot carry (a string with U+0000, an invalid object path or signature,
/// an empty struct) are checked before they are written; sd-bus checks the rest (a
/// container's signature, a type the container's signature does not expect) and writes
/// nothing it refuses. The first value refused either way is recorded as the message's
/// ``Message/writeFailure`` (`InvalidArgs`), everything after it is skipped, and sending
/// the message throws that error instead. sd-bus cannot take back a container it opened,
/// so a value refused inside one leaves that container open in the (unsendable) message.
public struct MessageWriter {
    private let message: Message
    /// The types this container holds, when known: the element of an array, the
    /// fields of a struct or dict entry, the value of a variant. (A signature of up to
    /// 15 bytes is stored in the `String` itself: no container allocates.)
    private let contents: String?
    /// Where the next value's type starts in ``contents`` (arrays repeat their element).
    private var position = 0
    private let repeats: Bool

    /// A writer appending to `message`'s body.
    public init(_ message: Message) {
        self.message = message
        contents = nil
        repeats = false
    }

    /// A writer appending to `message`'s body, whose arguments are `signature` (e.g. a
    /// method's output): structs and dict entries at the top find their field types there.
    public init(_ message: Message, expecting signature: String) {
        self.message = message
        contents = signature.isEmpty ? nil : signature
        repeats = false
    }

    private init(container contents: String, repeats: Bool, of message: Message) {
        self.message = message
        self.contents = contents
        self.repeats = repeats
    }

    /// The first value this message's writers refused, if any.
    public var failure: DBusKitError? { message.writeFailure }

    /// The bounds of the next value's type in ``contents`` (UTF-8 offsets), when the
    /// container's types are known; moves past it.
    private mutating func nextType() -> Range<Int>? {
        guard let contents else { return nil }
        let count = contents.utf8.count
        guard position < count else { return nil }
        if repeats { return 0..<count }
        let start = position
        position =
            contents.utf8.withContiguousStorageIfAvailable { Self.endOfType(in: $0, at: start) }
            ?? Self.endOfType(in: Array(contents.utf8), at: start)
        return start..<position
    }

    /// The field types of the struct or dict entry (`opening` its first byte) whose type
    /// is at `bounds` in ``contents``, or nil when that is not such a type.
    private func fieldTypes(at bounds: Range<Int>?, opening: UInt8) -> String? {
        guard let bounds, let contents, bounds.count >= 2 else { return nil }
        let utf8 = contents.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        guard utf8[start] == opening else { return nil }
        let end = utf8.index(utf8.startIndex, offsetBy: bounds.upperBound - 1)
        return String(decoding: utf8[utf8.index(after: start)..<end], as: UTF8.self)
    }

    /// The index after the complete type starting at `start`.
    private static func endOfType<Bytes: RandomAccessCollection<UInt8>>(in signature: Bytes, at start: Int) -> Int
    where Bytes.Index == Int {
        var index = start
        while index < signature.count, signature[index] == UInt8(ascii: "a") { index += 1 }
        guard index < signature.count else { return index }
        let opening = signature[index]
        guard opening == UInt8(ascii: "(") || opening == UInt8(ascii: "{") else { return index + 1 }
        var depth = 0
        while index < signature.count {
            switch signature[index] {
            case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
            index += 1
            if depth == 0 { break }
        }
        return index
    }

    /// Records sd-bus's refusal of a value (a negative `errno`), if it refused. `what` is
    /// made only then: every value written passes through here.
    private func check(_ result: Int32, _ what: @autoclosure () -> String) {
        guard result < 0 else { return }
        message.recordWriteFailure(
            .invalidArgs("could not write \(what()): \(String(cString: strerror(-result)))"))
    }

    private mutating func appendBasic<Value>(_ type: CChar, _ value: Value) {
        guard !message.hasWriteFailure else { return }
        _ = nextType()
        var value = value
        let result = withUnsafePointer(to: &value) { sd_bus_message_append_basic(message.raw, type, $0) }
        message.bodyBytes += MemoryLayout<Value>.size
        check(result, "a value of type '\(String(UnicodeScalar(UInt8(bitPattern: type))))'")
    }

    private mutating func appendCString(_ type: CChar, _ string: String) {
        guard !message.hasWriteFailure else { return }
        do {
            switch type {
            case CSD_TYPE_OBJECT_PATH: try DBusValidation.objectPath(string)
            case CSD_TYPE_SIGNATURE: try DBusValidation.signature(string)
            default: try DBusValidation.string(string)
            }
        } catch {
            message.recordWriteFailure(error)
            return
        }
        _ = nextType()
        let result = string.withCString { sd_bus_message_append_basic(message.raw, type, $0) }
        message.bodyBytes += string.utf8.count + 5
        check(result, "a string")
    }

    /// Appends a string (`s`).
    public mutating func append(_ value: String) { appendCString(CSD_TYPE_STRING, value) }
    /// Appends an object path (`o`); the path must be valid.
    public mutating func append(objectPath: String) { appendCString(CSD_TYPE_OBJECT_PATH, objectPath) }
    /// Appends a signature (`g`).
    public mutating func append(signature: String) { appendCString(CSD_TYPE_SIGNATURE, signature) }
    /// Appends a boolean (`b`).
    public mutating func append(_ value: Bool) { appendBasic(CSD_TYPE_BOOLEAN, Int32(value ? 1 : 0)) }
    /// Appends a byte (`y`).
    public mutating func append(_ value: UInt8) { appendBasic(CSD_TYPE_BYTE, value) }
    /// Appends a 16-bit signed integer (`n`).
    public mutating func append(_ value: Int16) { appendBasic(CSD_TYPE_INT16, value) }
    /// Appends a 16-bit unsigned integer (`q`).
    public mutating func append(_ value: UInt16) { appendBasic(CSD_TYPE_UINT16, value) }
    /// Appends a 32-bit signed integer (`i`).
    public mutating func append(_ value: Int32) { appendBasic(CSD_TYPE_INT32, value) }
    /// Appends a 32-bit unsigned integer (`u`).
    public mutating func append(_ value: UInt32) { appendBasic(CSD_TYPE_UINT32, value) }
    /// Appends a 64-bit signed integer (`x`).
    public mutating func append(_ value: Int64) { appendBasic(CSD_TYPE_INT64, value) }
    /// Appends a 64-bit unsigned integer (`t`).
    public mutating func append(_ value: UInt64) { appendBasic(CSD_TYPE_UINT64, value) }
    /// Appends a double (`d`).
    public mutating func append(_ value: Double) { appendBasic(CSD_TYPE_DOUBLE, value) }

    private mutating func appendContainer(
        _ type: CChar, signature: String?, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        // `signature`: an array's element, a variant's value, a struct's fields.
        guard !message.hasWriteFailure else { return }
        let expected = nextType()
        let innerContents: String
        if let signature {
            // sd-bus checks the signature itself (refusing it with EINVAL) but opens an empty struct.
            guard type != CSD_TYPE_STRUCT || !signature.isEmpty else {
                message.recordWriteFailure(.invalidArgs("a struct must have at least one field"))
                return
            }
            innerContents = signature
        } else if let fields = fieldTypes(at: expected, opening: UInt8(ascii: type == CSD_TYPE_STRUCT ? "(" : "{")) {
            innerContents = fields
        } else {
            message.recordWriteFailure(
                .invalidArgs("the field types of a struct or dict entry here are unknown: give its signature"))
            return
        }
        let result = innerContents.withCString { sd_bus_message_open_container(message.raw, type, $0) }
        guard result >= 0 else {
            check(
                result,
                "a container of type '\(String(UnicodeScalar(UInt8(bitPattern: type))))' holding '\(innerContents)'")
            return
        }
        message.bodyBytes += innerContents.utf8.count + 4
        var inner = MessageWriter(container: innerContents, repeats: type == CSD_TYPE_ARRAY, of: message)
        try body(&inner)
        // A refused value leaves the container incomplete: sd-bus would refuse to close it.
        guard !message.hasWriteFailure else { return }
        check(sd_bus_message_close_container(message.raw), "the end of a container")
    }

    /// Appends an array whose elements have `elementSignature` (e.g. `"s"`, `"{sv}"`, `"(sss)"`).
    public mutating func appendArray(
        of elementSignature: String, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        try appendContainer(CSD_TYPE_ARRAY, signature: elementSignature, body)
    }

    /// Appends a struct; `body` appends its fields in order. `signature` gives the field
    /// types (`"ss"` for `(ss)`) where the enclosing container does not say them.
    public mutating func appendStruct(
        signature: String? = nil, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        try appendContainer(CSD_TYPE_STRUCT, signature: signature, body)
    }

    /// Appends a dict entry (inside an array of `{..}`); `body` appends key then value.
    public mutating func appendDictEntry(_ body: (inout MessageWriter) throws -> Void) rethrows {
        try appendContainer(CSD_TYPE_DICT_ENTRY, signature: nil, body)
    }

    /// Appends a variant holding one value of `signature`, written by `body`.
    public mutating func appendVariant(
        signature: String, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        try appendContainer(CSD_TYPE_VARIANT, signature: signature, body)
    }

    /// Appends an array of a fixed-size type (`ay`, `at`, `ax`) in one copy: sd-bus
    /// writes the elements as a block instead of one call each.
    public mutating func appendFixedArray<Element: DBusFixedElement>(_ elements: UnsafeBufferPointer<Element>) {
        guard !message.hasWriteFailure else { return }
        _ = nextType()
        let result = sd_bus_message_append_array(
            message.raw, Element.typeCode, elements.baseAddress, elements.count * MemoryLayout<Element>.stride)
        message.bodyBytes += elements.count * MemoryLayout<Element>.stride + 4
        check(result, "an array")
    }

    /// Appends an array of strings (`as`).
    public mutating func append(strings: [String]) {
        appendArray(of: "s") { writer in
            for string in strings { writer.append(string) }
        }
    }

    /// Appends an option dictionary (`a{sv}`), keys in sorted order.
    public mutating func append(vardict: [String: DBusValue]) {
        appendArray(of: "{sv}") { writer in
            for key in vardict.keys.sorted() {
                guard let value = vardict[key] else { continue }
                writer.appendDictEntry { entry in
                    entry.append(key)
                    entry.appendVariant(signature: value.signature) { $0.append(value) }
                }
            }
        }
    }

    /// Appends any value, including containers.
    public mutating func append(_ value: DBusValue) {
        switch value {
        case .byte(let byte): append(byte)
        case .bool(let flag): append(flag)
        case .int16(let number): append(number)
        case .uint16(let number): append(number)
        case .int32(let number): append(number)
        case .uint32(let number): append(number)
        case .int64(let number): append(number)
        case .uint64(let number): append(number)
        case .double(let number): append(number)
        case .string(let string): append(string)
        case .objectPath(let path): append(objectPath: path)
        case .signature(let signature): append(signature: signature)
        case .array(let elementSignature, let elements):
            appendArray(of: elementSignature) { writer in
                for element in elements { writer.append(element) }
            }
        case .structure(let fields):
            appendStruct(signature: fields.map(\.signature).joined()) { writer in
                for field in fields { writer.append(field) }
            }
        case .dictEntry(let key, let entryValue):
            appendDictEntry { writer in
                writer.append(key)
                writer.append(entryValue)
            }
        case .variant(let inner):
            appendVariant(signature: inner.signature) { $0.append(inner) }
        }
    }
}
