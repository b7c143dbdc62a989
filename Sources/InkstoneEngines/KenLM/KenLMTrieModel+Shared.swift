import Glibc

extension KenLMTrieModel {
    /// The model of the installed `libime-data-language-model`, loaded on first use; nil when
    /// it is not installed or is refused (a line on standard error says why, and pinyin
    /// sentences are ranked by the table's word weights alone).
    public static let shared: KenLMTrieModel? = load(path: defaultPath) { line in
        let text = "pinyin: \(line)\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// The model at `path`, or nil after telling `log` why it cannot be used.
    public static func load(path: String, log: (String) -> Void) -> KenLMTrieModel? {
        guard access(path, R_OK) == 0 else {
            log("no language model at \(path) (Debian package \(package)); ranking by word weights")
            return nil
        }
        do {
            return try KenLMTrieModel(path: path)
        } catch {
            log("the language model is refused: \(error); ranking by word weights")
            return nil
        }
    }
}
