/// The methods of the contract (`dbus/*.xml`), read from its introspection XML.
public struct ContractMethod: Sendable, CustomStringConvertible {
    /// One in-argument: its name and complete type.
    public struct Argument: Sendable {
        public let name: String
        public let type: String
    }

    /// The interface, e.g. `org.inkstone.InputContext1`.
    public let interface: String
    /// The member name.
    public let name: String
    /// The in-arguments, in order.
    public let arguments: [Argument]

    /// The concatenated in-argument types.
    public var signature: String { arguments.map(\.type).joined() }

    public var description: String { "\(interface).\(name)(\(signature))" }

    /// Every method of every interface in `xml`.
    public static func parse(_ xml: String) -> [ContractMethod] {
        var methods: [ContractMethod] = []
        for interfaceText in xml.split(separator: "<interface ").dropFirst() {
            guard let interface = attribute("name", in: interfaceText.prefix { $0 != ">" }) else { continue }
            let body = interfaceText.split(separator: "</interface>", maxSplits: 1).first ?? interfaceText
            for methodText in body.split(separator: "<method ").dropFirst() {
                guard let name = attribute("name", in: methodText.prefix { $0 != ">" }) else { continue }
                let inside = methodText.split(separator: "</method>", maxSplits: 1).first ?? methodText
                var arguments: [Argument] = []
                for argumentText in inside.split(separator: "<arg ").dropFirst() {
                    let tag = argumentText.prefix { $0 != ">" }
                    guard !tag.contains("direction=\"out\""), let type = attribute("type", in: tag) else { continue }
                    arguments.append(Argument(name: attribute("name", in: tag) ?? "", type: type))
                }
                methods.append(ContractMethod(interface: interface, name: name, arguments: arguments))
            }
        }
        return methods
    }

    /// The names of the properties of every interface in `xml`.
    public static func propertyNames(_ xml: String) -> [String] {
        xml.split(separator: "<property ").dropFirst().compactMap { attribute("name", in: $0.prefix { $0 != ">" }) }
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: " " + name + "=\"")?.upperBound
            ?? (tag.hasPrefix(name + "=\"") ? tag.index(tag.startIndex, offsetBy: name.count + 2) : nil)
        else { return nil }
        return String(tag[start...].prefix { $0 != "\"" })
    }
}

/// The complete types of a D-Bus signature, in order (`"sa{sv}(ii)"` → `s`, `a{sv}`, `(ii)`).
struct SignatureTypes: Sequence, IteratorProtocol {
    private var rest: Substring

    init(_ signature: String) { rest = Substring(signature) }

    mutating func next() -> Substring? {
        guard !rest.isEmpty else { return nil }
        var index = rest.startIndex
        while index < rest.endIndex, rest[index] == "a" { index = rest.index(after: index) }
        var depth = 0
        while index < rest.endIndex {
            let character = rest[index]
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            index = rest.index(after: index)
            if depth == 0 { break }
        }
        let type = rest[..<index]
        rest = rest[index...]
        return type
    }
}
