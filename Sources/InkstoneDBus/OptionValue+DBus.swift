import DBusKit
import InkstoneService
import InkstoneText

extension OptionValue {
    /// Converts a variant's value; types no option takes are `InvalidArgument`.
    init(_ value: DBusValue, name: String) throws(InkstoneError) {
        switch value {
        case .string(let string): self = .string(string)
        case .objectPath(let path): self = .objectPath(path)
        case .bool(let flag): self = .bool(flag)
        case .int32(let number): self = .int(Int64(number))
        case .int64(let number): self = .int(number)
        case .uint32(let number): self = .int(Int64(number))
        case .array(elementSignature: "s", let elements):
            self = .strings(elements.compactMap(\.stringValue))
        case .array(elementSignature: "{sv}", let entries) where name == "formatting":
            var dictionary: [String: DBusValue] = [:]
            for case .dictEntry(.string(let key), .variant(let value)) in entries { dictionary[key] = value }
            self = .formatting(try FormattingDefinition.fromDBus(dictionary))
        case .variant(let inner): self = try OptionValue(inner, name: name)
        default:
            throw .invalidArgument("option '\(name)' has an unsupported type '\(value.signature)'")
        }
    }

    /// Converts an `a{sv}` dictionary.
    static func options(_ vardict: [String: DBusValue]) throws(InkstoneError) -> [String: OptionValue] {
        var options: [String: OptionValue] = [:]
        for (name, value) in vardict { options[name] = try OptionValue(value, name: name) }
        return options
    }
}
