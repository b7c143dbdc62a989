import DBusKit
import InkstoneTestSupport
import Testing

/// One member as both the XML and `inkstoned --print-interfaces` describe it.
struct ContractMember: Hashable, CustomStringConvertible {
    let interface: String
    let member: String
    let kind: String
    let signature: String
    let detail: String

    var description: String { "\(interface).\(member) \(kind) [\(signature)] [\(detail)]" }
}

/// A minimal reader for introspection XML (elements and attributes only).
enum IntrospectionParser {
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func members(_ xml: String) -> Set<ContractMember> {
        var members: Set<ContractMember> = []
        var interface = ""
        var current: (name: String, kind: String, inputs: String, outputs: String)?
        func finish() {
            guard let open = current else { return }
            members.insert(
                ContractMember(
                    interface: interface, member: open.name, kind: open.kind, signature: open.inputs,
                    detail: open.kind == "method" ? open.outputs : ""))
            current = nil
        }
        for piece in xml.split(separator: "<").dropFirst() {
            let tag = piece.prefix { $0 != ">" }
            if tag.hasPrefix("interface ") {
                interface = attribute("name", in: tag) ?? ""
            } else if tag.hasPrefix("method ") || tag.hasPrefix("signal ") {
                finish()
                current = (attribute("name", in: tag) ?? "", tag.hasPrefix("method ") ? "method" : "signal", "", "")
                if tag.hasSuffix("/") { finish() }
            } else if tag.hasPrefix("/method") || tag.hasPrefix("/signal") {
                finish()
            } else if tag.hasPrefix("arg "), current != nil {
                let type = attribute("type", in: tag) ?? ""
                if attribute("direction", in: tag) == "out" {
                    current?.outputs += type
                } else {
                    current?.inputs += type
                }
            } else if tag.hasPrefix("property ") {
                members.insert(
                    ContractMember(
                        interface: interface, member: attribute("name", in: tag) ?? "", kind: "property",
                        signature: attribute("type", in: tag) ?? "", detail: attribute("access", in: tag) ?? ""))
            }
        }
        return members
    }
}

@Suite struct ContractTests {
    /// The service object's contract file.
    private func contractXML() throws -> String {
        try readFile(repositoryRoot() + "/dbus/org.inkstone.Inkstone1.xml")
    }

    /// Every contract file: the service object, input contexts, documents.
    private func allContractXML() throws -> [String] {
        try ["org.inkstone.Inkstone1.xml", "org.inkstone.InputContext1.xml", "org.inkstone.Document1.xml"].map {
            try readFile(repositoryRoot() + "/dbus/" + $0)
        }
    }

    private func exportedMembers() throws -> Set<ContractMember> {
        let result = try run([builtProduct("inkstoned"), "--print-interfaces"])
        #expect(result.termination == .exited(0))
        return Set(
            result.stdout.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return ContractMember(
                    interface: fields[0], member: fields[1], kind: fields[2],
                    signature: fields.count > 3 ? fields[3] : "", detail: fields.count > 4 ? fields[4] : "")
            })
    }

    /// Every contract file is well-formed XML to a strict parser (Python's expat):
    /// lenient readers such as GLib's accept, for instance, `--` inside a comment,
    /// which strict clients of the introspection data refuse.
    @Test(arguments: [
        "org.inkstone.Inkstone1.xml", "org.inkstone.InputContext1.xml", "org.inkstone.Document1.xml",
        "org.inkstone.GeometryProvider1.xml",
    ])
    func contractFilesAreWellFormedXML(file: String) throws {
        let result = try run([
            "/usr/bin/python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])",
            repositoryRoot() + "/dbus/" + file,
        ])
        #expect(result.termination == .exited(0), "\(file): \(result.stderr)")
    }

    @Test func xmlAndDispatchTablesAgreeBothWays() throws {
        let documented = try allContractXML().reduce(into: Set<ContractMember>()) {
            $0.formUnion(IntrospectionParser.members($1))
        }
        let exported = try exportedMembers()
        #expect(!exported.isEmpty)
        for missing in exported.subtracting(documented).sorted(by: { $0.description < $1.description }) {
            Issue.record("exported but not in the XML: \(missing)")
        }
        for missing in documented.subtracting(exported).sorted(by: { $0.description < $1.description }) {
            Issue.record("in the XML but not exported: \(missing)")
        }
    }

    @Test(arguments: [
        "org.inkstone.Inkstone1.xml", "org.inkstone.InputContext1.xml", "org.inkstone.Document1.xml",
        "org.inkstone.GeometryProvider1.xml",
    ])
    func everyMemberIsDocumented(file: String) throws {
        let xml = try readFile(repositoryRoot() + "/dbus/" + file)
        var undocumented: [String] = []
        for piece in xml.split(separator: "<").dropFirst() {
            let tag = piece.prefix { $0 != ">" }
            guard
                tag.hasPrefix("method ") || tag.hasPrefix("signal ") || tag.hasPrefix("property ")
                    || tag.hasPrefix("interface ")
            else { continue }
            let body = piece.dropFirst(tag.count)
            let following = xml.split(separator: "<").drop { $0 != piece }.dropFirst().first ?? ""
            if !following.hasPrefix("annotation name=\"org.gtk.GDBus.DocString\"") && !body.contains("DocString") {
                undocumented.append(String(tag))
            }
        }
        #expect(undocumented.isEmpty, "no DocString: \(undocumented)")
        // Clients export GeometryProvider1; the daemon's own objects add the standard interfaces.
        guard file != "org.inkstone.GeometryProvider1.xml" else { return }
        for standard in [
            "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Peer",
        ] {
            #expect(xml.contains("<interface name=\"\(standard)\">"))
        }
    }

    @Test func introspectServesTheContractFile() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        let served = try client.callString(busName, servicePath, "org.freedesktop.DBus.Introspectable", "Introspect")
        // The contract plus the live tree's two subtrees as child nodes.
        let children = "  <node name=\"context\"/>\n  <node name=\"document\"/>\n</node>\n"
        let contract = try contractXML()
        #expect(served.hasSuffix(children), "\(served)")
        #expect(
            String(served.dropLast(children.count)) + "</node>" == contract.trimmingTrailingNewlines(),
            "run scripts/generate-introspection.sh after editing the XML")
    }

    @Test func embeddedXMLIsUpToDate() throws {
        let folder = repositoryRoot() + "/Sources/InkstoneDBus/Generated/"
        let generated = try [
            "Introspection+Inkstone1.swift", "Introspection+InputContext1.swift",
            "Introspection+Document1.swift",
        ].map { try readFile(folder + $0) }.joined()
        for xml in try allContractXML() {
            #expect(
                generated.contains("\n" + xml + "\"\"\"#####\n"),
                "run scripts/generate-introspection.sh after editing the XML")
        }
    }

    @Test func gdbusIntrospectListsDocumentedMembers() throws {
        let running = try RunningDaemon()
        let result = try run([
            "gdbus", "introspect", "--address", running.bus.address, "--dest", busName, "--object-path", servicePath,
        ])
        #expect(result.termination == .exited(0), "\(result.stderr)")
        for member in IntrospectionParser.members(try contractXML()) where member.interface == serviceInterface {
            #expect(result.stdout.contains(member.member), "\(member) missing from gdbus introspect")
        }
        #expect(result.stdout.contains("@org.gtk.GDBus.DocString"))
    }

    @Test func everyDocumentedMethodIsDispatched() throws {
        let running = try RunningDaemon()
        let client = try BusClient(address: running.bus.address)
        var created = try client.call(busName, servicePath, serviceInterface, "NewInputContext") {
            $0.append(strings: [])
        }.reader()
        let contextPath = try created.readObjectPath()
        var document = try client.call(busName, contextPath, "org.freedesktop.DBus.Properties", "Get") {
            $0.append(contextInterface)
            $0.append("Document")
        }.reader()
        let documentPath = try document.readValue().stringValue ?? ""
        let objects = [
            ("org.inkstone.Inkstone1.xml", servicePath), ("org.inkstone.InputContext1.xml", contextPath),
            ("org.inkstone.Document1.xml", documentPath),
        ]
        for (file, path) in objects {
            let xml = try readFile(repositoryRoot() + "/dbus/" + file)
            try checkDispatch(
                of: IntrospectionParser.members(xml).filter { $0.kind == "method" }, at: path, client: client)
        }
    }

    /// Calls every method at `path` with a wrong signature: each must be
    /// dispatched (InvalidArgs), never UnknownMethod.
    private func checkDispatch(of methods: Set<ContractMember>, at path: String, client: BusClient) throws {
        #expect(!methods.isEmpty, "no methods for \(path)")
        for method in methods {
            do {
                _ = try client.call(busName, path, method.interface, method.member) { writer in
                    // A signature that differs from the declared one.
                    if method.signature.isEmpty { writer.append("unexpected") }
                }
                // The bus library may answer Peer itself and ignore extra arguments.
                #expect(
                    method.interface == "org.freedesktop.DBus.Peer", "\(method) at \(path) accepted a wrong signature")
            } catch let error as DBusKitError {
                #expect(error.name != DBusErrorName.unknownMethod, "\(method) at \(path) is not dispatched: \(error)")
                if method.interface != "org.freedesktop.DBus.Peer" {
                    #expect(error.name == DBusErrorName.invalidArgs, "\(method) at \(path): \(error)")
                }
            }
        }
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
