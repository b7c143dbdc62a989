import CMarisa

/// A read-only, memory-mapped MARISA trie (libmarisa through ``CMarisa``): a set of
/// byte-string keys, each with a dense id. libkkc-data keeps its vocabulary in two.
final class MarisaTrie: @unchecked Sendable {
    private let trie: OpaquePointer

    /// Maps the trie at `path`; nil when the file is missing or not a MARISA trie.
    init?(path: String) {
        guard let opened = inkstone_marisa_open(path) else { return nil }
        trie = opened
    }

    deinit { inkstone_marisa_close(trie) }

    /// How many keys the trie holds.
    var count: Int { inkstone_marisa_size(trie) }

    /// The id of `key`, or nil when it is not in the trie.
    func id(of key: String) -> UInt32? {
        var key = key
        let found = key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { inkstone_marisa_lookup(trie, $0.baseAddress, $0.count) }
        }
        return found >= 0 ? UInt32(found) : nil
    }

    /// Every key that is a prefix of `text` (in bytes), shortest first, with its id.
    func prefixes(of text: String) -> [(key: String, id: UInt32)] {
        collect(text, search: inkstone_marisa_common_prefixes)
    }

    /// Every key that starts with `prefix`, with its id.
    func keys(withPrefix prefix: String) -> [(key: String, id: UInt32)] {
        collect(prefix, search: inkstone_marisa_predict)
    }

    private typealias Search = (
        OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?, inkstone_marisa_visit?
    ) -> Int64

    private func collect(_ query: String, search: Search) -> [(key: String, id: UInt32)] {
        var found: [(key: String, id: UInt32)] = []
        var query = query
        withUnsafeMutablePointer(to: &found) { results in
            query.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    _ = search(trie, chars.baseAddress, chars.count, UnsafeMutableRawPointer(results)) {
                        context, key, length, id in
                        guard let context, let key else { return }
                        let bytes = UnsafeRawBufferPointer(start: key, count: length)
                        let text = String(decoding: bytes, as: UTF8.self)
                        context.assumingMemoryBound(to: [(key: String, id: UInt32)].self).pointee.append((text, id))
                    }
                }
            }
        }
        return found
    }
}
