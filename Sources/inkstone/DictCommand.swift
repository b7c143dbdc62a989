import ArgumentParser
import DBusKit

/// `inkstone dict`: what the dictionary engines learnt (`ListLearned`, `Learn`,
/// `Forget`, `ExportLearned`).
struct DictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dict",
        abstract: "List, add, remove or export the entries a dictionary (japanese, pinyin, emoji) learnt.",
        subcommands: [List.self, Add.self, Remove.self, Export.self])

    /// `inkstone dict list DICTIONARY`: one `READING<TAB>TEXT<TAB>TEXT…` line per reading, most recent first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One READING<TAB>TEXT<TAB>… line per learnt reading, most recently used first.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "japanese, pinyin or emoji") var dictionary: String

        func run() throws {
            try reportingErrors {
                var reader = try connection.connect().call(member: "ListLearned") { $0.append(dictionary) }.reader()
                let entries = try reader.readArray { element in
                    try element.readStruct { pair in (try pair.readString(), try pair.readStrings()) }
                }
                for (reading, texts) in entries { print(([reading] + texts).joined(separator: "\t")) }
            }
        }
    }

    /// `inkstone dict add DICTIONARY READING TEXT`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Teach a dictionary that TEXT is the first choice for READING.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "japanese, pinyin or emoji") var dictionary: String
        @Argument(help: "The reading (kana, pinyin, a name).") var reading: String
        @Argument(help: "The text to offer first for it.") var text: String

        func run() throws {
            try reportingErrors {
                try connection.connect().call(member: "Learn") {
                    $0.append(dictionary)
                    $0.append(reading)
                    $0.append(text)
                }
            }
        }
    }

    /// `inkstone dict remove DICTIONARY READING TEXT`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a learnt TEXT for READING.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "japanese, pinyin or emoji") var dictionary: String
        @Argument(help: "The reading.") var reading: String
        @Argument(help: "The learnt text to forget.") var text: String

        func run() throws {
            try reportingErrors {
                try connection.connect().call(member: "Forget") {
                    $0.append(dictionary)
                    $0.append(reading)
                    $0.append(text)
                }
            }
        }
    }

    /// `inkstone dict export DICTIONARY`: the learnt entries as an SKK user-jisyo style file on stdout.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the learnt entries as an SKK user-jisyo style UTF-8 file.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "japanese, pinyin or emoji") var dictionary: String

        func run() throws {
            try reportingErrors {
                var reader = try connection.connect().call(member: "ExportLearned") { $0.append(dictionary) }.reader()
                print(try reader.readString(), terminator: "")
            }
        }
    }
}
