import Glibc

extension KkcLanguageModel {
    /// The model of the installed `libkkc-data`, loaded on first use; nil when it is not
    /// installed or is refused (a line on standard error says why, and conversion ranks
    /// with the dictionary's own costs, ``JapaneseConverter``).
    public static let shared: KkcLanguageModel? = load(directory: defaultDirectory) { line in
        let text = "japanese: \(line)\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// The model in `directory`, or nil after telling `log` why it cannot be used.
    public static func load(directory: String, log: (String) -> Void) -> KkcLanguageModel? {
        guard access(directory + "/data.1gram", R_OK) == 0 else {
            log("no language model at \(directory) (Debian package libkkc-data); ranking by dictionary costs")
            return nil
        }
        do {
            return try KkcLanguageModel(directory: directory)
        } catch {
            log("the language model at \(directory) is refused: \(error); ranking by dictionary costs")
            return nil
        }
    }
}
