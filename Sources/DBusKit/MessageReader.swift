import CDBus
import Glibc

/// Reads a message body through libdbus iterators, checking each argument's type.
///
/// Every read throws ``DBusKitError`` `InvalidArgs` on a type mismatch or when
/// the arguments run out, so a handler can `try` its way through a body.
public struct MessageReader {
    private var iter = DBusMessageIter()
    /// Keeps the message alive while its iterators are in use.
    private let message: Message
    /// The bound on the strings of the call, if any (set by the dispatcher).
    public var limits: ArgumentLimits?
    /// UTF-8 bytes of strings read so far, nested containers included.
    public private(set) var stringBytesRead = 0

    /// A reader at the first argument of `message`.
    public init(_ message: Message) {
        self.message = message
        if dbus_message_iter_init(message.raw, &iter) == 0 {
            iter = DBusMessageIter()
            isEmptyBody = true
        }
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

    private init(container: DBusMessageIter, message: Message, limits: ArgumentLimits?, stringBytesRead: Int) {
        iter = container
        self.message = message
        self.limits = limits
        self.stringBytesRead = stringBytesRead
    }

    private var isEmptyBody = false

    /// The D-Bus type code of the current argument (`CDBUS_TYPE_INVALID` at the end).
    public var currentType: Int32 {
        if isEmptyBody { return CDBUS_TYPE_INVALID }
        var copy = iter
        return dbus_message_iter_get_arg_type(&copy)
    }

    /// Whether every argument has been read.
    public var isAtEnd: Bool { currentType == CDBUS_TYPE_INVALID }

    private mutating func expect(_ type: Int32) throws {
        let actual = currentType
        guard actual == type else {
            throw DBusKitError.invalidArgs(
                "expected an argument of type '\(Self.typeName(type))', got '\(Self.typeName(actual))'")
        }
    }

    private static func typeName(_ type: Int32) -> String {
        type == CDBUS_TYPE_INVALID ? "end of arguments" : String(UnicodeScalar(UInt8(truncatingIfNeeded: type)))
    }

    private mutating func readBasic<Value>(_ type: Int32, initial: Value) throws -> Value {
        try expect(type)
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iter, $0) }
        dbus_message_iter_next(&iter)
        return value
    }

    private mutating func readCString(_ type: Int32) throws -> String {
        try expect(type)
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &pointer)
        guard let pointer else {
            dbus_message_iter_next(&iter)
            return ""
        }
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
        dbus_message_iter_next(&iter)
        return String(cString: pointer)
    }

    /// Reads a string (`s`).
    public mutating func readString() throws -> String { try readCString(CDBUS_TYPE_STRING) }
    /// Reads an object path (`o`).
    public mutating func readObjectPath() throws -> String { try readCString(CDBUS_TYPE_OBJECT_PATH) }
    /// Reads a signature (`g`).
    public mutating func readSignature() throws -> String { try readCString(CDBUS_TYPE_SIGNATURE) }
    /// Reads a boolean (`b`).
    public mutating func readBool() throws -> Bool { try readBasic(CDBUS_TYPE_BOOLEAN, initial: dbus_bool_t(0)) != 0 }
    /// Reads a byte (`y`).
    public mutating func readByte() throws -> UInt8 { try readBasic(CDBUS_TYPE_BYTE, initial: UInt8(0)) }
    /// Reads a 16-bit signed integer (`n`).
    public mutating func readInt16() throws -> Int16 { try readBasic(CDBUS_TYPE_INT16, initial: Int16(0)) }
    /// Reads a 16-bit unsigned integer (`q`).
    public mutating func readUInt16() throws -> UInt16 { try readBasic(CDBUS_TYPE_UINT16, initial: UInt16(0)) }
    /// Reads a 32-bit signed integer (`i`).
    public mutating func readInt32() throws -> Int32 { try readBasic(CDBUS_TYPE_INT32, initial: Int32(0)) }
    /// Reads a 32-bit unsigned integer (`u`).
    public mutating func readUInt32() throws -> UInt32 { try readBasic(CDBUS_TYPE_UINT32, initial: UInt32(0)) }
    /// Reads a 64-bit signed integer (`x`).
    public mutating func readInt64() throws -> Int64 { try readBasic(CDBUS_TYPE_INT64, initial: Int64(0)) }
    /// Reads a 64-bit unsigned integer (`t`).
    public mutating func readUInt64() throws -> UInt64 { try readBasic(CDBUS_TYPE_UINT64, initial: UInt64(0)) }
    /// Reads a double (`d`).
    public mutating func readDouble() throws -> Double { try readBasic(CDBUS_TYPE_DOUBLE, initial: Double(0)) }

    /// The string at the current position without moving (for error messages).
    public func peekString() throws -> String {
        var copy = self
        return try copy.readString()
    }

    private mutating func readContainer<Result>(
        _ type: Int32, _ body: (inout MessageReader) throws -> Result
    ) throws -> Result {
        try expect(type)
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        var inner = MessageReader(container: sub, message: message, limits: limits, stringBytesRead: stringBytesRead)
        let result = try body(&inner)
        stringBytesRead = inner.stringBytesRead
        dbus_message_iter_next(&iter)
        return result
    }

    /// Reads an array, calling `element` once per element.
    public mutating func readArray<Element>(
        _ element: (inout MessageReader) throws -> Element
    ) throws -> [Element] {
        try readContainer(CDBUS_TYPE_ARRAY) { inner in
            var elements: [Element] = []
            while !inner.isAtEnd { elements.append(try element(&inner)) }
            return elements
        }
    }

    /// Reads a struct; `body` reads its fields.
    public mutating func readStruct<Result>(_ body: (inout MessageReader) throws -> Result) throws -> Result {
        try readContainer(CDBUS_TYPE_STRUCT, body)
    }

    /// Reads a dict entry; `body` reads key then value.
    public mutating func readDictEntry<Result>(_ body: (inout MessageReader) throws -> Result) throws -> Result {
        try readContainer(CDBUS_TYPE_DICT_ENTRY, body)
    }

    /// Reads a variant, giving `body` its contained signature and a reader at its value.
    public mutating func readVariant<Result>(
        _ body: (_ signature: String, inout MessageReader) throws -> Result
    ) throws -> Result {
        try readContainer(CDBUS_TYPE_VARIANT) { inner in
            try body(inner.currentSignature, &inner)
        }
    }

    /// The full signature of the current argument (e.g. `a{sv}`).
    public var currentSignature: String {
        if isEmptyBody { return "" }
        var copy = iter
        guard let signature = dbus_message_iter_get_signature(&copy) else { return "" }
        defer { dbus_free(signature) }
        return String(cString: signature)
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
        switch currentType {
        case CDBUS_TYPE_BYTE: return .byte(try readByte())
        case CDBUS_TYPE_BOOLEAN: return .bool(try readBool())
        case CDBUS_TYPE_INT16: return .int16(try readInt16())
        case CDBUS_TYPE_UINT16: return .uint16(try readUInt16())
        case CDBUS_TYPE_INT32: return .int32(try readInt32())
        case CDBUS_TYPE_UINT32: return .uint32(try readUInt32())
        case CDBUS_TYPE_INT64: return .int64(try readInt64())
        case CDBUS_TYPE_UINT64: return .uint64(try readUInt64())
        case CDBUS_TYPE_DOUBLE: return .double(try readDouble())
        case CDBUS_TYPE_STRING: return .string(try readString())
        case CDBUS_TYPE_OBJECT_PATH: return .objectPath(try readObjectPath())
        case CDBUS_TYPE_SIGNATURE: return .signature(try readSignature())
        case CDBUS_TYPE_ARRAY:
            let elementSignature = String(currentSignature.dropFirst())
            return .array(elementSignature: elementSignature, try readArray { try $0.readValue() })
        case CDBUS_TYPE_STRUCT:
            return .structure(
                try readStruct { inner in
                    var fields: [DBusValue] = []
                    while !inner.isAtEnd { fields.append(try inner.readValue()) }
                    return fields
                })
        case CDBUS_TYPE_DICT_ENTRY:
            return try readDictEntry { entry in .dictEntry(try entry.readValue(), try entry.readValue()) }
        case CDBUS_TYPE_VARIANT:
            return .variant(try readVariant { _, inner in try inner.readValue() })
        default:
            throw DBusKitError.invalidArgs("unsupported argument type '\(Self.typeName(currentType))'")
        }
    }
}
