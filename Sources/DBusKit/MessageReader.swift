import CSystemd
import Glibc

/// Reads a message body through sd-bus, checking each argument's type.
///
/// An sd-bus message has one read position: a reader starts at the first argument, and
/// the reader a container closure gets reads on from the same position (it is not kept
/// past the closure). Every read throws ``DBusKitError`` `InvalidArgs` on a type mismatch
/// or when the arguments run out, so a handler can `try` its way through a body.
public struct MessageReader {
    /// Keeps the message alive while it is read.
    private let message: Message
    /// The bound on the strings of the call, if any (set by the dispatcher).
    public var limits: ArgumentLimits?
    /// UTF-8 bytes of strings read so far, nested containers included.
    public private(set) var stringBytesRead = 0

    /// A reader at the first argument of `message`.
    public init(_ message: Message) {
        self.message = message
        message.sealForReading()
        _ = sd_bus_message_rewind(message.raw, 1)
    }

    /// A reader at the first argument of `message`, which must have exactly `signature`.
    ///
    /// - Throws: `InvalidArgs` naming the expected and the actual signature.
    public init(_ message: Message, expecting signature: String) throws {
        guard message.hasSignature(signature) else {
            throw DBusKitError.invalidArgs(
                "expected arguments of signature '\(signature)', got '\(message.signature)'")
        }
        self.init(message)
    }

    private init(inside message: Message, limits: ArgumentLimits?, stringBytesRead: Int) {
        self.message = message
        self.limits = limits
        self.stringBytesRead = stringBytesRead
    }

    /// The D-Bus type code of the current argument (0 at the end).
    public var currentType: Int32 {
        var type: CChar = 0
        guard sd_bus_message_peek_type(message.raw, &type, nil) > 0 else { return 0 }
        return Int32(type)
    }

    /// Whether every argument has been read.
    public var isAtEnd: Bool { currentType == 0 }

    private func expect(_ type: CChar) throws {
        let actual = currentType
        guard actual == Int32(type) else {
            throw DBusKitError.invalidArgs(
                "expected an argument of type '\(Self.typeName(Int32(type)))', got '\(Self.typeName(actual))'")
        }
    }

    /// The error for a basic value sd-bus would not read (`result` ≤ 0): a type mismatch or
    /// the end of the arguments, said as ``expect(_:)`` says it.
    private func readFailure(_ type: CChar, _ result: Int32) -> DBusKitError {
        do {
            try expect(type)
        } catch let error as DBusKitError {
            return error
        } catch {}
        return .invalidArgs("could not read an argument of type '\(Self.typeName(Int32(type)))' (\(-result))")
    }

    private static func typeName(_ type: Int32) -> String {
        type == 0 ? "end of arguments" : String(UnicodeScalar(UInt8(truncatingIfNeeded: type)))
    }

    /// Reads one basic value in one sd-bus call: sd-bus checks its type (and reads
    /// nothing on a mismatch or at the end); the error then says what was expected and found.
    private mutating func readBasic<Value>(_ type: CChar, initial: Value) throws -> Value {
        var value = initial
        let result = withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(message.raw, type, $0) }
        guard result > 0 else { throw readFailure(type, result) }
        return value
    }

    private mutating func readCString(_ type: CChar) throws -> String {
        var pointer: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(message.raw, type, &pointer)
        guard result > 0, let pointer else { throw readFailure(type, result) }
        let length = strlen(pointer)
        if let limits {
            guard stringBytesRead + length <= limits.stringBytes else {
                throw DBusKitError(
                    name: limits.errorName,
                    message: "the string arguments of this call exceed \(limits.stringBytes) bytes "
                        + "(a string of \(length) bytes after \(stringBytesRead))")
            }
        }
        stringBytesRead += length
        return String(cString: pointer)
    }

    /// Reads a string (`s`).
    public mutating func readString() throws -> String { try readCString(CSD_TYPE_STRING) }
    /// Reads an object path (`o`).
    public mutating func readObjectPath() throws -> String { try readCString(CSD_TYPE_OBJECT_PATH) }
    /// Reads a signature (`g`).
    public mutating func readSignature() throws -> String { try readCString(CSD_TYPE_SIGNATURE) }
    /// Reads a boolean (`b`).
    public mutating func readBool() throws -> Bool { try readBasic(CSD_TYPE_BOOLEAN, initial: Int32(0)) != 0 }
    /// Reads a byte (`y`).
    public mutating func readByte() throws -> UInt8 { try readBasic(CSD_TYPE_BYTE, initial: UInt8(0)) }
    /// Reads a 16-bit signed integer (`n`).
    public mutating func readInt16() throws -> Int16 { try readBasic(CSD_TYPE_INT16, initial: Int16(0)) }
    /// Reads a 16-bit unsigned integer (`q`).
    public mutating func readUInt16() throws -> UInt16 { try readBasic(CSD_TYPE_UINT16, initial: UInt16(0)) }
    /// Reads a 32-bit signed integer (`i`).
    public mutating func readInt32() throws -> Int32 { try readBasic(CSD_TYPE_INT32, initial: Int32(0)) }
    /// Reads a 32-bit unsigned integer (`u`).
    public mutating func readUInt32() throws -> UInt32 { try readBasic(CSD_TYPE_UINT32, initial: UInt32(0)) }
    /// Reads a 64-bit signed integer (`x`).
    public mutating func readInt64() throws -> Int64 { try readBasic(CSD_TYPE_INT64, initial: Int64(0)) }
    /// Reads a 64-bit unsigned integer (`t`).
    public mutating func readUInt64() throws -> UInt64 { try readBasic(CSD_TYPE_UINT64, initial: UInt64(0)) }
    /// Reads a double (`d`).
    public mutating func readDouble() throws -> Double { try readBasic(CSD_TYPE_DOUBLE, initial: Double(0)) }

    private mutating func readContainer<Result>(
        _ type: CChar, _ body: (inout MessageReader) throws -> Result
    ) throws -> Result {
        try expect(type)
        var peeked: CChar = 0
        var contents: UnsafePointer<CChar>?
        var result = sd_bus_message_peek_type(message.raw, &peeked, &contents)
        if result > 0 { result = sd_bus_message_enter_container(message.raw, type, contents) }
        guard result > 0 else { throw DBusKitError.invalidArgs("could not enter a container of type '\(type)'") }
        var inner = MessageReader(inside: message, limits: limits, stringBytesRead: stringBytesRead)
        let value = try body(&inner)
        stringBytesRead = inner.stringBytesRead
        // sd-bus leaves a struct, dict entry or variant only once all of it was read.
        while inner.currentType != 0 {
            guard sd_bus_message_skip(message.raw, nil) >= 0 else { break }
        }
        _ = sd_bus_message_exit_container(message.raw)
        return value
    }

    /// Reads an array, calling `element` once per element.
    public mutating func readArray<Element>(
        _ element: (inout MessageReader) throws -> Element
    ) throws -> [Element] {
        try readContainer(CSD_TYPE_ARRAY) { inner in
            var elements: [Element] = []
            while !inner.isAtEnd { elements.append(try element(&inner)) }
            return elements
        }
    }

    /// Reads a struct; `body` reads its fields.
    public mutating func readStruct<Result>(_ body: (inout MessageReader) throws -> Result) throws -> Result {
        try readContainer(CSD_TYPE_STRUCT, body)
    }

    /// Reads a dict entry; `body` reads key then value.
    public mutating func readDictEntry<Result>(_ body: (inout MessageReader) throws -> Result) throws -> Result {
        try readContainer(CSD_TYPE_DICT_ENTRY, body)
    }

    /// Reads a variant, giving `body` its contained signature and a reader at its value.
    public mutating func readVariant<Result>(
        _ body: (_ signature: String, inout MessageReader) throws -> Result
    ) throws -> Result {
        try readContainer(CSD_TYPE_VARIANT) { inner in
            try body(inner.currentSignature, &inner)
        }
    }

    /// The full signature of the current argument (e.g. `a{sv}`).
    public var currentSignature: String {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(message.raw, &type, &contents) > 0 else { return "" }
        let inner = contents.map { String(cString: $0) } ?? ""
        switch type {
        case CSD_TYPE_ARRAY: return "a" + inner
        case CSD_TYPE_STRUCT: return "(" + inner + ")"
        case CSD_TYPE_DICT_ENTRY: return "{" + inner + "}"
        default: return String(UnicodeScalar(UInt8(bitPattern: type)))
        }
    }

    /// Reads an array of strings (`as`).
    public mutating func readStrings() throws -> [String] {
        try readArray { try $0.readString() }
    }

    /// Reads an option dictionary (`a{sv}`); a later duplicate key wins.
    public mutating func readVardict() throws -> [String: DBusValue] {
        var options: [String: DBusValue] = [:]
        for (key, value) in try readArray({ element in
            try element.readDictEntry { entry in
                (try entry.readString(), try entry.readVariant { _, inner in try inner.readValue() })
            }
        }) {
            options[key] = value
        }
        return options
    }

    /// Reads the current argument, whatever its type, as a ``DBusValue``.
    public mutating func readValue() throws -> DBusValue {
        switch CChar(truncatingIfNeeded: currentType) {
        case CSD_TYPE_BYTE: return .byte(try readByte())
        case CSD_TYPE_BOOLEAN: return .bool(try readBool())
        case CSD_TYPE_INT16: return .int16(try readInt16())
        case CSD_TYPE_UINT16: return .uint16(try readUInt16())
        case CSD_TYPE_INT32: return .int32(try readInt32())
        case CSD_TYPE_UINT32: return .uint32(try readUInt32())
        case CSD_TYPE_INT64: return .int64(try readInt64())
        case CSD_TYPE_UINT64: return .uint64(try readUInt64())
        case CSD_TYPE_DOUBLE: return .double(try readDouble())
        case CSD_TYPE_STRING: return .string(try readString())
        case CSD_TYPE_OBJECT_PATH: return .objectPath(try readObjectPath())
        case CSD_TYPE_SIGNATURE: return .signature(try readSignature())
        case CSD_TYPE_ARRAY:
            let elementSignature = String(currentSignature.dropFirst())
            return .array(elementSignature: elementSignature, try readArray { try $0.readValue() })
        case CSD_TYPE_STRUCT:
            return .structure(
                try readStruct { inner in
                    var fields: [DBusValue] = []
                    while !inner.isAtEnd { fields.append(try inner.readValue()) }
                    return fields
                })
        case CSD_TYPE_DICT_ENTRY:
            return try readDictEntry { entry in .dictEntry(try entry.readValue(), try entry.readValue()) }
        case CSD_TYPE_VARIANT:
            return .variant(try readVariant { _, inner in try inner.readValue() })
        default:
            throw DBusKitError.invalidArgs("unsupported argument type '\(Self.typeName(currentType))'")
        }
    }
}
