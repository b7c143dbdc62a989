/// One exported interface as a dispatch table: methods, properties and signals by name.
///
/// The table is both what the object dispatches through and what it declares
/// (``members``), so the two cannot drift apart.
public struct InterfaceTable: Sendable {
    /// A method: input and output signatures and its handler.
    public struct Method: Sendable {
        /// The required input signature (checked before the handler runs).
        public let inputSignature: String
        /// The output signature the handler writes.
        public let outputSignature: String
        /// The handler.
        public let handler: MethodHandler
    }

    /// A property: its type, a getter and an optional setter.
    public struct Property: Sendable {
        /// The property's type signature.
        public let signature: String
        /// Writes the current value (inside the variant); the call says which
        /// object (path) and which caller (sender) asked.
        public let get: @Sendable (MethodCall, inout MessageWriter) throws -> Void
        /// Reads a new value from a reader positioned inside the variant; nil for read-only.
        public let set: (@Sendable (MethodCall, inout MessageReader) throws -> Void)?
    }

    /// The interface name, e.g. `org.inkstone.Inkstone1`.
    public let name: String
    /// Methods by name.
    public private(set) var methods: [String: Method] = [:]
    /// Properties by name.
    public private(set) var properties: [String: Property] = [:]
    /// Signals by name, with their argument signature.
    public private(set) var signals: [String: String] = [:]

    /// An empty table for `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// Adds a method.
    public mutating func method(
        _ member: String, input: String = "", output: String = "", _ handler: @escaping MethodHandler
    ) {
        methods[member] = Method(inputSignature: input, outputSignature: output, handler: handler)
    }

    /// Adds a property; it is read-write when `set` is given.
    public mutating func property(
        _ member: String, signature: String,
        get: @escaping @Sendable (inout MessageWriter) throws -> Void,
        set: (@Sendable (inout MessageReader) throws -> Void)? = nil
    ) {
        let callGet: @Sendable (MethodCall, inout MessageWriter) throws -> Void = { _, writer in try get(&writer) }
        var callSet: (@Sendable (MethodCall, inout MessageReader) throws -> Void)?
        if let set {
            callSet = { _, reader in try set(&reader) }
        }
        properties[member] = Property(signature: signature, get: callGet, set: callSet)
    }

    /// Adds a property whose accessors see the call (object path and caller),
    /// for subtrees of objects and per-caller access checks.
    public mutating func property(
        _ member: String, signature: String,
        getWithCall get: @escaping @Sendable (MethodCall, inout MessageWriter) throws -> Void,
        set: (@Sendable (MethodCall, inout MessageReader) throws -> Void)? = nil
    ) {
        properties[member] = Property(signature: signature, get: get, set: set)
    }

    /// Declares a signal the object emits.
    public mutating func signal(_ member: String, signature: String) {
        signals[member] = signature
    }

    /// Every member, sorted, as (interface, member, kind, signature, detail) records.
    public var members: [MemberDescription] {
        var described: [MemberDescription] = []
        for (member, method) in methods {
            described.append(
                .init(
                    interface: name, member: member, kind: .method,
                    signature: method.inputSignature, detail: method.outputSignature))
        }
        for (member, property) in properties {
            described.append(
                .init(
                    interface: name, member: member, kind: .property,
                    signature: property.signature, detail: property.set == nil ? "read" : "readwrite"))
        }
        for (member, signature) in signals {
            described.append(.init(interface: name, member: member, kind: .signal, signature: signature, detail: ""))
        }
        return described.sorted()
    }
}

/// One declared member of an exported interface.
public struct MemberDescription: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What kind of member.
    public enum Kind: String, Sendable, Comparable {
        /// A method: `signature` is the input, `detail` the output.
        case method
        /// A property: `signature` is its type, `detail` its access (`read`, `readwrite`).
        case property
        /// A signal: `signature` is its arguments, `detail` is empty.
        case signal

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The interface name.
    public let interface: String
    /// The member name.
    public let member: String
    /// The member's kind.
    public let kind: Kind
    /// See ``Kind``.
    public let signature: String
    /// See ``Kind``.
    public let detail: String

    /// Creates a description.
    public init(interface: String, member: String, kind: Kind, signature: String, detail: String) {
        self.interface = interface
        self.member = member
        self.kind = kind
        self.signature = signature
        self.detail = detail
    }

    /// Tab-separated: interface, member, kind, signature, detail.
    public var description: String { "\(interface)\t\(member)\t\(kind.rawValue)\t\(signature)\t\(detail)" }

    public static func < (lhs: MemberDescription, rhs: MemberDescription) -> Bool {
        (lhs.interface, lhs.member, lhs.kind) < (rhs.interface, rhs.member, rhs.kind)
    }
}
