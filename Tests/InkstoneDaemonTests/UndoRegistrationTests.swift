import DBusKit
import Testing

@Suite("Undo registration over D-Bus", .serialized)
struct UndoRegistrationDBusTests {
    @Test func aProgrammaticEditWhileDisabledIsNoUndoStep() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.replace(context, 0, 0, "typed")
        try peer.call(context, "SetUndoRegistration") { $0.append(false) }
        try peer.replace(context, 5, 0, " (saved)")
        try peer.call(context, "SetUndoRegistration") { $0.append(true) }
        #expect(try peer.text(context) == "typed (saved)")
        try peer.call(context, "Undo")
        #expect(try peer.text(context) == " (saved)", "the one registered step, moved by the unregistered edit")
        #expect(try peer.property(context, "CanUndo")?.boolValue == false)
        try peer.call(context, "Redo")
        #expect(try peer.text(context) == "typed (saved)")
    }

    @Test func registrationIsPerContext() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let first = try peer.createContext()
        try peer.call(first, "SetUndoRegistration") { $0.append(false) }
        try peer.replace(first, 0, 0, "quiet")
        #expect(try peer.property(first, "CanUndo")?.boolValue == false)
        let second = try peer.createContext()
        try peer.replace(second, 0, 0, "loud")
        #expect(try peer.property(second, "CanUndo")?.boolValue == true)
    }

    @Test func aStepWhoseTextTheUnregisteredEditChangedFailsChangingNothing() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.createContext()
        try peer.replace(context, 0, 0, "draft")
        try peer.call(context, "SetUndoRegistration") { $0.append(false) }
        try peer.replace(context, 0, 5, "final")
        #expect(peer.errorName(context, "Undo") == "org.inkstone.Error.InvalidState")
        #expect(try peer.text(context) == "final")
        #expect(peer.errorName(context, "SetUndoRegistration") == "org.freedesktop.DBus.Error.InvalidArgs")
    }
}
