/// The methods of the contract (`dbus/*.xml`), read from its introspection XML.
public struct ContractMethod: Sendable, CustomStringConvertible {
    /// One in-argument: its name and complete type.
    public struct Argument: Sendable {
        /// The argument's name in the XML (generators use it to pick meaningful values).
        public let name: String
        /// Its complete D-Bus type, e.g. `x` or `a{sv}`.
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

    /// `interface.Name(signature)`.
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
        guard
            let start = tag.firstRange(of: " " + name + "=\"")?.upperBound
                ?? (tag.hasPrefix(name + "=\"") ? tag.index(tag.startIndex, offsetBy: name.count + 2) : nil)
        else { return nil }
        return String(tag[start...].prefix { $0 != "\"" })
    }
}
