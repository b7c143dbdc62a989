import Glibc
import InkstoneEngines
import InkstoneTestSupport

/// Key strings in libhangul's test style: each character is a key (its ASCII keysym),
/// `\u{8}` is BackSpace, `\n` is Return.
func keyEvents(_ keys: String) -> [KeyEvent] {
    keys.unicodeScalars.map { scalar in
        switch scalar {
        case "\u{8}": KeyEvent(keysym: Keysym.backSpace)
        case "\n": KeyEvent(keysym: Keysym.returnKey)
        default: KeyEvent(keysym: scalar.value, modifiers: scalar.properties.isUppercase ? .shift : [])
        }
    }
}

/// What typing a key string produced: all commits concatenated, and the final output.
struct Typed {
    var committed = ""
    var last = EngineOutput(consumed: false)
    var preeditText: String { last.preedit?.text ?? "" }
}

/// Feeds a key string to an engine.
func type<Engine: CompositionEngine>(_ keys: String, into engine: inout Engine) -> Typed {
    type(keyEvents(keys), into: &engine)
}

/// Feeds key events to an engine.
func type<Engine: CompositionEngine>(_ events: [KeyEvent], into engine: inout Engine) -> Typed {
    var typed = Typed()
    for event in events {
        typed.last = engine.handle(event)
        typed.committed += typed.last.commit ?? ""
    }
    return typed
}

/// The seed for a randomized test: `INKSTONE_TEST_SEED` when set (to replay a failure), else random.
func testSeed() -> UInt64 {
    getenv("INKSTONE_TEST_SEED").flatMap { UInt64(String(cString: $0)) } ?? UInt64.random(in: 0...UInt64.max)
}
