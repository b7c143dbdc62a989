import DBusKit
import InkstoneService

/// `ListLearned`, `Learn`, `Forget`, `ExportLearned`: the learnt entries of each
/// dictionary, over the service (which validates and stores them).
extension ServiceObject {
    static func addLearningMethods(to table: inout InterfaceTable, service: InkstoneService) {
        table.method("ListLearned", input: "s", output: "a(sas)") { _, reader in
            let entries = try service.learnedEntries(try reader.readString())
            return .write { writer in
                writer.appendArray(of: "(sas)") { array in
                    for entry in entries {
                        array.appendStruct { pair in
                            pair.append(entry.reading)
                            pair.append(strings: entry.texts)
                        }
                    }
                }
            }
        }
        table.method("Learn", input: "sss") { _, reader in
            let dictionary = try reader.readString()
            let reading = try reader.readString()
            let text = try reader.readString()
            try service.learn(text, for: reading, in: dictionary)
            return .empty
        }
        table.method("Forget", input: "sss") { _, reader in
            let dictionary = try reader.readString()
            let reading = try reader.readString()
            let text = try reader.readString()
            try service.forget(text, for: reading, in: dictionary)
            return .empty
        }
        table.method("ExportLearned", input: "s", output: "s") { _, reader in
            .string(try service.exportLearned(try reader.readString()))
        }
    }
}
