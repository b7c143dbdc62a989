import CDBus

/// Appends arguments to a message body through libdbus iterators.
///
/// Containers nest through closures: `appendArray(of: "s") { $0.append("x") }`.
/// libdbus only fails an append when out of memory, which it treats as fatal
/// elsewhere too, so the writer does not report it.
///
/// Values libdbus would abort on (a string with U+0000, an invalid object
/// path or signature) are checked first and never reach it: the first one
/// is recorded as the message's ``Message/writeFailure``, everything after it
/// is skipped, and sending the message throws that error instead.
public struct MessageWriter {
    private var iter = DBusMessageIter()
    private let message: Message

    /// A writer appending to `message`'s body.
    public init(_ message: Message) {
        self.message = message
        dbus_message_iter_init_append(message.raw, &iter)
    }

    private init(container: DBusMessageIter, of message: Message) {
        iter = container
        self.message = message
    }

    /// The first value this message's writers refused, if any.
    public var failure: DBusKitError? { message.writeFailure }

    private mutating func appendBasic<Value>(_ type: Int32, _ value: Value) {
        guard !message.hasWriteFailure else { return }
        var value = value
        _ = withUnsafePointer(to: &value) { dbus_message_iter_append_basic(&iter, type, $0) }
    }

    private mutating func appendCString(_ type: Int32, _ string: String) {
        guard !message.hasWriteFailure else { return }
        do {
            switch type {
            case CDBUS_TYPE_OBJECT_PATH: try DBusValidation.objectPath(string)
            case CDBUS_TYPE_SIGNATURE: try DBusValidation.signature(string)
            default: try DBusValidation.string(string)
            }
        } catch {
            message.recordWriteFailure(error)
            return
        }
        string.withCString { cString in
            var pointer: UnsafePointer<CChar>? = cString
            _ = dbus_message_iter_append_basic(&iter, type, &pointer)
        }
    }

    /// Appends a string (`s`).
    public mutating func append(_ value: String) { appendCString(CDBUS_TYPE_STRING, value) }
    /// Appends an object path (`o`); the path must be valid.
    public mutating func append(objectPath: String) { appendCString(CDBUS_TYPE_OBJECT_PATH, objectPath) }
    /// Appends a signature (`g`).
    public mutating func append(signature: String) { appendCString(CDBUS_TYPE_SIGNATURE, signature) }
    /// Appends a boolean (`b`).
    public mutating func append(_ value: Bool) { appendBasic(CDBUS_TYPE_BOOLEAN, dbus_bool_t(value ? 1 : 0)) }
    /// Appends a byte (`y`).
    public mutating func append(_ value: UInt8) { appendBasic(CDBUS_TYPE_BYTE, value) }
    /// Appends a 16-bit signed integer (`n`).
    public mutating func append(_ value: Int16) { appendBasic(CDBUS_TYPE_INT16, value) }
    /// Appends a 16-bit unsigned integer (`q`).
    public mutating func append(_ value: UInt16) { appendBasic(CDBUS_TYPE_UINT16, value) }
    /// Appends a 32-bit signed integer (`i`).
    public mutating func append(_ value: Int32) { appendBasic(CDBUS_TYPE_INT32, value) }
    /// Appends a 32-bit unsigned integer (`u`).
    public mutating func append(_ value: UInt32) { appendBasic(CDBUS_TYPE_UINT32, value) }
    /// Appends a 64-bit signed integer (`x`).
    public mutating func append(_ value: Int64) { appendBasic(CDBUS_TYPE_INT64, value) }
    /// Appends a 64-bit unsigned integer (`t`).
    public mutating func append(_ value: UInt64) { appendBasic(CDBUS_TYPE_UINT64, value) }
    /// Appends a double (`d`).
    public mutating func append(_ value: Double) { appendBasic(CDBUS_TYPE_DOUBLE, value) }

    private mutating func appendContainer(
        _ type: Int32, signature: String?, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        guard !message.hasWriteFailure else { return }
        var sub = DBusMessageIter()
        if let signature {
            do {
                // An array's element may be a dict entry, complete only inside the array.
                if type == CDBUS_TYPE_ARRAY {
                    try DBusValidation.arrayElement(signature)
                } else {
                    try DBusValidation.singleType(signature)
                }
            } catch {
                message.recordWriteFailure(error)
                return
            }
            _ = signature.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
        } else {
            _ = dbus_message_iter_open_container(&iter, type, nil, &sub)
        }
        var inner = MessageWriter(container: sub, of: message)
        do {
            try body(&inner)
        } catch {
            dbus_message_iter_abandon_container(&iter, &inner.iter)
            throw error
        }
        // A refused value left the container incomplete: abandon it rather than let libdbus check it.
        if message.hasWriteFailure {
            dbus_message_iter_abandon_container(&iter, &inner.iter)
            return
        }
        _ = dbus_message_iter_close_container(&iter, &inner.iter)
    }

    /// Appends an array whose elements have `elementSignature` (e.g. `"s"`, `"{sv}"`, `"(sss)"`).
    public mutating func appendArray(
        of elementSignature: String, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        try appendContainer(CDBUS_TYPE_ARRAY, signature: elementSignature, body)
    }

    /// Appends a struct; `body` appends its fields in order.
    public mutating func appendStruct(_ body: (inout MessageWriter) throws -> Void) rethrows {
        try appendContainer(CDBUS_TYPE_STRUCT, signature: nil, body)
    }

    /// Appends a dict entry (inside an array of `{..}`); `body` appends key then value.
    public mutating func appendDictEntry(_ body: (inout MessageWriter) throws -> Void) rethrows {
        try appendContainer(CDBUS_TYPE_DICT_ENTRY, signature: nil, body)
    }

    /// Appends a variant holding one value of `signature`, written by `body`.
    public mutating func appendVariant(
        signature: String, _ body: (inout MessageWriter) throws -> Void
    ) rethrows {
        try appendContainer(CDBUS_TYPE_VARIANT, signature: signature, body)
    }

    /// Appends an array of a fixed-size type (`ay`, `at`, `ax`) in one copy: libdbus
    /// writes the elements as a block instead of one iterator call each.
    public mutating func appendFixedArray<Element: DBusFixedElement>(_ elements: UnsafeBufferPointer<Element>) {
        guard !message.hasWriteFailure else { return }
        var sub = DBusMessageIter()
        let signature = UnsafeRawPointer(Element.signature.utf8Start).assumingMemoryBound(to: CChar.self)
        _ = dbus_message_iter_open_container(&iter, CDBUS_TYPE_ARRAY, signature, &sub)
        if let base = elements.baseAddress, !elements.isEmpty {
            var pointer: UnsafePointer<Element>? = base
            _ = dbus_message_iter_append_fixed_array(&sub, Element.typeCode, &pointer, Int32(elements.count))
        }
        _ = dbus_message_iter_close_container(&iter, &sub)
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
            appendStruct { writer in
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
