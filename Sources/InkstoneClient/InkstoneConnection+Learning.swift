import DBusKit

extension InkstoneConnection {
    /// `ListLearned`: what `dictionary` (`japanese`, `pinyin`, `emoji`) learnt,
    /// one reading with its texts (most recently chosen first) per element.
    public func learned(in dictionary: String) throws(InkstoneClientError) -> [(reading: String, texts: [String])] {
        try callService(
            "ListLearned", replying: "a(sas)", { $0.append(dictionary) },
            read: { reader in
                try reader.readArray { element in
                    try element.readStruct { pair in (reading: try pair.readString(), texts: try pair.readStrings()) }
                }
            })
    }

    /// `Learn`: makes `text` the first choice for `reading` in `dictionary`.
    public func learn(_ text: String, for reading: String, in dictionary: String) throws(InkstoneClientError) {
        try callService(
            "Learn", replying: "",
            {
                $0.append(dictionary)
                $0.append(reading)
                $0.append(text)
            }, read: { _ in })
    }

    /// `Forget`: removes a learnt `text` for `reading` from `dictionary`.
    public func forget(_ text: String, for reading: String, in dictionary: String) throws(InkstoneClientError) {
        try callService(
            "Forget", replying: "",
            {
                $0.append(dictionary)
                $0.append(reading)
                $0.append(text)
            }, read: { _ in })
    }

    /// `ExportLearned`: what `dictionary` learnt as an SKK user-jisyo style UTF-8 text.
    public func exportLearned(from dictionary: String) throws(InkstoneClientError) -> String {
        try callService("ExportLearned", replying: "s", { $0.append(dictionary) }, read: { try $0.readString() })
    }
}
