import InkstoneEngines
import InkstoneService
import InkstoneText

/// A value read from the file, before its key gives it a meaning.
public enum ConfigurationValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case strings([String])
    /// Any other TOML type, by name (always an error).
    case other(String)

    var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .bool: "a boolean"
        case .strings: "an array of strings"
        case .other(let name): name
        }
    }
}

/// One key of `config.toml`: its dotted name, documentation, and how it reads and writes
/// a ``Configuration``. The table of keys is the single description of the file.
struct ConfigurationKey: Sendable {
    /// `default_engine`, `limits.contexts_per_peer`, …
    let name: String
    /// One line for `inkstone config show` and the README.
    let help: String
    /// Sets the key's field; throws a message (without the location) for a bad value.
    let apply: @Sendable (ConfigurationValue, inout Configuration) throws(KeyError) -> Void
    /// The key's current value, as TOML.
    let render: @Sendable (Configuration) -> String

    /// For a deprecated spelling, the key it stands for (it is read, never written).
    var replacement: String? = nil

    /// Why a value does not fit its key.
    struct KeyError: Error { let message: String }
}

extension ConfigurationKey {
    /// Every key, in the order `show` prints them.
    static let all: [ConfigurationKey] = [
        engine("default_engine", "engine of a context created without an `engine` option", \.engines.defaultEngine),
        ConfigurationKey(
            name: "engine_cycle",
            help: "engines keys.cycle_engine steps through, in order, in every context ([] : none)",
            apply: { value, configuration throws(KeyError) in
                let ids = try strings(value, "engine_cycle")
                for id in ids { try knownEngine(id, "engine_cycle") }
                configuration.engines.cycle = ids
            },
            render: { quoted($0.engines.cycle) }),
        ConfigurationKey(
            name: "log_level", help: Configuration.logLevels.joined(separator: ", "),
            apply: { value, configuration throws(KeyError) in
                let level = try string(value, "log_level")
                guard Configuration.logLevels.contains(level) else {
                    throw KeyError(
                        message: "log_level '\(level)' is not one of \(Configuration.logLevels.joined(separator: ", "))"
                            + Suggestion.didYouMean(level, in: Configuration.logLevels))
                }
                configuration.logLevel = level
            },
            render: { quoted($0.logLevel) }),
        ConfigurationKey(
            name: "keys.cycle_engine",
            help: "key that switches any context, compat ones too, to the next engine of engine_cycle (\"\" : none)",
            apply: { value, configuration throws(KeyError) in
                let text = try string(value, "keys.cycle_engine")
                configuration.engines.cycleKey = text.isEmpty ? nil : try trigger(text, "keys.cycle_engine")
            },
            render: { quoted($0.engines.cycleKey?.description ?? "") }),
        ConfigurationKey(
            name: "keys.hanja", help: "keys that open Hanja candidates in the Hangul engines",
            apply: { value, configuration throws(KeyError) in
                var triggers: [KeyTrigger] = []
                for text in try strings(value, "keys.hanja") { triggers.append(try trigger(text, "keys.hanja")) }
                configuration.engines.hanjaKeys = triggers
            },
            render: { quoted($0.engines.hanjaKeys.map(\.description)) }),
        ConfigurationKey(
            name: "keys.unicode", help: "key that starts code point entry in the unicode engine",
            apply: { value, configuration throws(KeyError) in
                configuration.engines.unicodeKey = try trigger(try string(value, "keys.unicode"), "keys.unicode")
            },
            render: { quoted($0.engines.unicodeKey.description) }),
        ConfigurationKey(
            name: "candidates.page_size", help: "candidates per page, 1 to 10 and at most the number of labels",
            apply: { value, configuration throws(KeyError) in
                let size = try integer(value, "candidates.page_size")
                guard (1...10).contains(size) else {
                    throw KeyError(message: "candidates.page_size is \(size); it must be 1 to 10")
                }
                configuration.engines.candidatePageSize = size
            },
            render: { "\($0.engines.candidatePageSize)" }),
        ConfigurationKey(
            name: "candidates.labels",
            help: "selection label of each position on a page: 1 to 10 distinct printable ASCII characters",
            apply: { value, configuration throws(KeyError) in
                let labels = try string(value, "candidates.labels")
                let printable = labels.allSatisfy { ($0.asciiValue ?? 0) > 0x20 && ($0.asciiValue ?? 0) < 0x7f }
                guard (1...10).contains(labels.count), printable, Set(labels).count == labels.count else {
                    throw KeyError(
                        message: "candidates.labels '\(labels)' must be 1 to 10 distinct printable ASCII characters")
                }
                configuration.engines.candidateLabels = labels
            },
            render: { quoted($0.engines.candidateLabels) }),
        ConfigurationKey(
            name: "hangul.keyboard",
            help: "keyboard of the engine `hangul`: "
                + EngineRegistry.hangulKeyboards.map(\.id).joined(separator: ", "),
            apply: { value, configuration throws(KeyError) in
                let id = try string(value, "hangul.keyboard")
                let ids = EngineRegistry.hangulKeyboards.map(\.id)
                guard ids.contains(id) else {
                    throw KeyError(
                        message: "hangul.keyboard '\(id)' is not one of \(ids.joined(separator: ", "))"
                            + Suggestion.didYouMean(id, in: ids))
                }
                configuration.engines.hangulKeyboard = id
            },
            render: { quoted($0.engines.hangulKeyboard) }),
        ConfigurationKey(
            name: "hangul.keyboard_directory", help: "where libhangul's keyboard files are (Debian libhangul-data)",
            apply: { value, configuration throws(KeyError) in
                let path = try string(value, "hangul.keyboard_directory")
                guard path.hasPrefix("/") else {
                    throw KeyError(message: "hangul.keyboard_directory '\(path)' is not an absolute path")
                }
                configuration.engines.hangulKeyboardDirectory = path
            },
            render: { quoted($0.engines.hangulKeyboardDirectory) }),
        // MARK: pinyin
        ConfigurationKey(
            name: "pinyin.script", help: "characters the engine `pinyin` writes: simplified or traditional",
            apply: { value, configuration throws(KeyError) in
                let name = try string(value, "pinyin.script")
                guard let script = PinyinScript(rawValue: name) else {
                    throw KeyError(message: "pinyin.script '\(name)' is not simplified or traditional")
                }
                configuration.engines.pinyin.script = script
            },
            render: { quoted($0.engines.pinyin.script.rawValue) }),
        ConfigurationKey(
            name: "pinyin.fuzzy",
            help: "fuzzy pinyin pairs typed either way: "
                + PinyinFuzzyPair.allCases.map(\.rawValue).joined(separator: ", "),
            apply: { value, configuration throws(KeyError) in
                switch PinyinFuzzyPair.parse(try strings(value, "pinyin.fuzzy")) {
                case .success(let pairs): configuration.engines.pinyin.fuzzy = pairs
                case .failure(let unknown):
                    throw KeyError(
                        message: "pinyin.fuzzy: '\(unknown.name)' is no fuzzy pair"
                            + Suggestion.didYouMean(unknown.name, in: PinyinFuzzyPair.allCases.map(\.rawValue)))
                }
            },
            render: { quoted(PinyinFuzzyPair.allCases.filter($0.engines.pinyin.fuzzy.contains).map(\.rawValue)) }),
        ConfigurationKey(
            name: "pinyin.punctuation",
            help: "whether ASCII punctuation types Chinese punctuation in the pinyin engines",
            apply: { value, configuration throws(KeyError) in
                guard case .bool(let flag) = value else {
                    throw KeyError(message: "pinyin.punctuation must be a boolean, not \(value.typeName)")
                }
                configuration.engines.pinyin.chinesePunctuation = flag
            },
            render: { $0.engines.pinyin.chinesePunctuation ? "true" : "false" }),
        ConfigurationKey(
            name: "emoji.trigger",
            help: "character that opens an emoji search in the other engines, e.g. \":\" (\"\" : off)",
            apply: { value, configuration throws(KeyError) in
                let text = try string(value, "emoji.trigger")
                guard let character = text.first else {
                    configuration.engines.emojiTrigger = nil
                    return
                }
                let typable =
                    !character.isLetter && !character.isNumber && !character.isWhitespace
                    && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                guard text.count == 1, typable else {
                    throw KeyError(
                        message:
                            "emoji.trigger '\(text)' must be one character that is not a letter, digit, space or control"
                    )
                }
                configuration.engines.emojiTrigger = character
            },
            render: { quoted($0.engines.emojiTrigger.map { String($0) } ?? "") }),
        ConfigurationKey(
            name: "compat.fronts",
            help: "other client protocols served, applied at start: "
                + CompatConfiguration.knownFronts.joined(separator: ", "),
            apply: { value, configuration throws(KeyError) in
                let fronts = try strings(value, "compat.fronts")
                for front in fronts where !CompatConfiguration.knownFronts.contains(front) {
                    throw KeyError(
                        message:
                            "compat.fronts: '\(front)' is not one of \(CompatConfiguration.knownFronts.joined(separator: ", "))"
                            + Suggestion.didYouMean(front, in: CompatConfiguration.knownFronts))
                }
                configuration.compat.fronts = fronts
            },
            render: { quoted($0.compat.fronts) }),
        ConfigurationKey(
            name: "compat.toggle_key",
            help: "key that toggles a compat context between hangul and default_engine (\"\" : none)",
            apply: { value, configuration throws(KeyError) in
                let text = try string(value, "compat.toggle_key")
                configuration.compat.switcher.toggleKey = text.isEmpty ? nil : try trigger(text, "compat.toggle_key")
            },
            render: { quoted($0.compat.switcher.toggleKey?.description ?? "") }),
        alias("compat.cycle_key", of: "keys.cycle_engine"),
        alias("compat.cycle", of: "engine_cycle"),
        limit("limits.contexts_per_peer", "input contexts one client may hold at once", \.limits.contextsPerPeer),
        limit("limits.documents_per_peer", "documents one client may hold at once", \.limits.documentsPerPeer),
        limit("limits.document_bytes", "the largest document, in UTF-8 bytes", \.limits.documentUTF8Bytes),
        limit("limits.string_bytes", "the longest string one call may carry, in UTF-8 bytes", \.limits.stringUTF8Bytes),
        limit(
            "limits.contexts_per_user", "input contexts all clients of the user may hold at once",
            \.limits.contextsPerUser),
        limit(
            "limits.persistent_contexts", "persistent contexts (persist=true) the daemon holds at once",
            \.limits.persistentContexts),
        limit(
            "limits.shares_per_document", "peers one document may be shared with at once", \.limits.sharesPerDocument),
        limit(
            "limits.listener_backlog_bytes",
            "bytes queued for a listener that does not read before its signals are dropped",
            \.limits.listenerBacklogBytes),
        limit(
            "limits.queued_edits_per_document", "edits that may wait behind one document's composition",
            \.limits.queuedEditsPerDocument),
        limit(
            "limits.queued_bytes_per_document", "UTF-8 bytes those queued edits may hold",
            \.limits.queuedUTF8BytesPerDocument),
        limit(
            "limits.undo_bytes_per_context", "UTF-8 bytes of replaced text one context's undo and redo may hold",
            \.limits.undoUTF8BytesPerContext),
        limit(
            "limits.open_undo_group_bytes", "UTF-8 bytes one open explicit undo group may hold",
            \.limits.openUndoGroupUTF8Bytes),
        limit("limits.key_names_per_call", "key names one ProcessKeyNames call may carry", \.limits.keyNamesPerCall),
        // MARK: learning (dictionary engines)
        limit(
            "learning.max_readings",
            "readings each dictionary's learning store keeps; the least recently used go first",
            \.engines.learning.maximumReadings),
        limit(
            "learning.max_candidates", "candidates kept per reading; the least recently chosen go first",
            \.engines.learning.maximumCandidates),
        // MARK: durability (durable documents)
        limit(
            "durability.max_documents", "durable documents (durable=true) the daemon holds open at once",
            \.limits.durableDocuments),
        limit(
            "durability.compaction_bytes", "bytes past which a durable document's journal is rewritten as a snapshot",
            \.limits.journalCompactionBytes),
        limit(
            "durability.collect_after_days", "days after which the journal of a document nobody restored is deleted",
            \.limits.unrestoredJournalDays),
    ]

    /// Every key's name.
    static let names = all.map(\.name)

    // MARK: builders

    static func engine(_ name: String, _ help: String, _ field: WritableKeyPath<Configuration, String> & Sendable)
        -> ConfigurationKey
    {
        ConfigurationKey(
            name: name, help: help,
            apply: { value, configuration throws(KeyError) in
                let id = try string(value, name)
                try knownEngine(id, name)
                configuration[keyPath: field] = id
            },
            render: { quoted($0[keyPath: field]) })
    }

    /// A deprecated spelling of the key `replacement`: it sets the same field (errors name
    /// the replacement) and leaves a notice in ``Configuration/notices``.
    static func alias(_ name: String, of replacement: String) -> ConfigurationKey {
        ConfigurationKey(
            name: name, help: "deprecated spelling of \(replacement)",
            apply: { value, configuration throws(KeyError) in
                // Looked up when read: `all` is complete by then.
                guard let target = all.first(where: { $0.name == replacement }) else {
                    throw KeyError(message: "\(name) stands for the unknown key \(replacement)")
                }
                try target.apply(value, &configuration)
                configuration.notices.append("\(name) is deprecated; use \(replacement), which it sets")
            },
            render: { _ in "" }, replacement: replacement)
    }

    static func limit(_ name: String, _ help: String, _ field: WritableKeyPath<Configuration, Int> & Sendable)
        -> ConfigurationKey
    {
        ConfigurationKey(
            name: name, help: help + " (default \(Configuration()[keyPath: field]))",
            apply: { value, configuration throws(KeyError) in
                configuration[keyPath: field] = try checkedLimit(try integer(value, name), name)
            },
            render: { "\($0[keyPath: field])" })
    }

    /// A limit must be a positive integer no larger than ``Configuration/maximumLimit``.
    static func checkedLimit(_ value: Int, _ name: String) throws(KeyError) -> Int {
        guard value >= 1, value <= Configuration.maximumLimit else {
            throw KeyError(message: "\(name) is \(value); it must be 1 to \(Configuration.maximumLimit)")
        }
        return value
    }

    // MARK: value readers

    static func string(_ value: ConfigurationValue, _ name: String) throws(KeyError) -> String {
        guard case .string(let text) = value else {
            throw KeyError(message: "\(name) must be a string, not \(value.typeName)")
        }
        return text
    }

    static func strings(_ value: ConfigurationValue, _ name: String) throws(KeyError) -> [String] {
        guard case .strings(let list) = value else {
            throw KeyError(message: "\(name) must be an array of strings, not \(value.typeName)")
        }
        return list
    }

    static func integer(_ value: ConfigurationValue, _ name: String) throws(KeyError) -> Int {
        guard case .integer(let number) = value else {
            throw KeyError(message: "\(name) must be an integer, not \(value.typeName)")
        }
        return number
    }

    static func knownEngine(_ id: String, _ name: String) throws(KeyError) {
        guard EngineRegistry.knownIDs.contains(id) else {
            throw KeyError(
                message: "\(name): no engine with id '\(id)'\(Suggestion.didYouMean(id, in: EngineRegistry.knownIDs))")
        }
    }

    static func trigger(_ text: String, _ name: String) throws(KeyError) -> KeyTrigger {
        do {
            return try KeyTrigger(text)
        } catch {
            throw KeyError(message: "\(name): \(error.message)")
        }
    }

    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    static func quoted(_ list: [String]) -> String { "[" + list.map(quoted).joined(separator: ", ") + "]" }
}
