import DBusKit
import Glibc
import InkstoneTestSupport
import Testing

/// The daemon's log lines: journald priorities under the journal, `level: message` otherwise;
/// method errors at debug, refusals and limits at info.
@Suite struct LogTests {
    /// Waits until the daemon's stderr contains `text`.
    private func waitForLog(_ running: RunningDaemon, _ text: String) -> Bool {
        running.daemon.waitForStderr(containing: text, timeout: .seconds(2))
    }

    @Test func underTheJournalEveryLineCarriesItsPriority() throws {
        let running = try RunningDaemon(
            arguments: ["--log-level", "debug", "--max-contexts", "1"],
            environment: ["JOURNAL_STREAM": "8:12345"])
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        _ = peer.errorName(context, "TextInRange") {
            $0.append(Int64(5))
            $0.append(Int64(1))
        }
        _ = peer.errorName(servicePath, "NewInputContext", interface: serviceInterface) { $0.append(strings: []) }
        #expect(waitForLog(running, "<6>refused org.inkstone.Inkstone1.NewInputContext"), "\(running.daemon.stderr)")
        #expect(
            waitForLog(running, "<7>failed org.inkstone.InputContext1.TextInRange on \(context)"),
            "\(running.daemon.stderr)")
        #expect(running.daemon.waitForStderr(containing: "org.inkstone.Error.InvalidRange"))
        _ = peer.errorName(context, "NoSuchMethod")
        #expect(
            waitForLog(running, "<7>failed org.inkstone.InputContext1.NoSuchMethod on \(context)"),
            "\(running.daemon.stderr)")
        #expect(running.daemon.waitForStderr(containing: "<6>ready: org.inkstone.Inkstone1"))
        for line in running.daemon.stderr.split(separator: "\n") {
            #expect(
                line.first == "<" && "234567".contains(line.dropFirst().first ?? "x") && line.dropFirst(2).first == ">",
                "not a journald line: \(line)")
        }
    }

    @Test func onATerminalLinesStartWithTheLevel() throws {
        let running = try RunningDaemon(arguments: ["--log-level", "trace"])
        let peer = try InkstonePeer(running)
        _ = try peer.call(servicePath, "GetVersion", interface: serviceInterface)
        #expect(
            waitForLog(
                running, "trace: call org.inkstone.Inkstone1.GetVersion on /org/inkstone/Inkstone1 from \(peer.name)"),
            "\(running.daemon.stderr)")
        #expect(running.daemon.waitForStderr(containing: "info: ready: "))
        #expect(!running.daemon.stderr.contains("<6>"))
    }

    @Test func theDefaultLevelKeepsMethodErrorsOut() throws {
        let running = try RunningDaemon()
        let peer = try InkstonePeer(running)
        let context = try peer.newContext()
        _ = peer.errorName(context, "TextInRange") {
            $0.append(Int64(5))
            $0.append(Int64(1))
        }
        _ = try peer.call(servicePath, "GetVersion", interface: serviceInterface)
        #expect(!running.daemon.stderr.contains("TextInRange"), "\(running.daemon.stderr)")
        #expect(!running.daemon.stderr.contains("trace:"))
    }
}
