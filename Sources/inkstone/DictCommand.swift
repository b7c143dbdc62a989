import ArgumentParser

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
                let link = try connection.connect()
                for (reading, texts) in try link.client.learned(in: dictionary) {
                    print(([reading] + texts).joined(separator: "\t"))
                }
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
                let link = try connection.connect()
                try link.client.learn(text, for: reading, in: dictionary)
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
                let link = try connection.connect()
                try link.client.forget(text, for: reading, in: dictionary)
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
                let link = try connection.connect()
                print(try link.client.exportLearned(from: dictionary), terminator: "")
            }
        }
    }
}
