import ExtensionIPC
import Foundation
import Glibc
import Testing

/// A command on a real terminal: script(1) gives it a pseudo-terminal of a fixed size, the
/// test types on that terminal and reads what the command draws.
///
/// Waiting is event-driven: the driver sleeps on the event loop until script(1)'s output is
/// readable, and gives up at a deadline, so a sheet that never draws fails the test
/// instead of hanging it.
final class TerminalDriver {
    /// Everything the command wrote so far, escape sequences and all.
    private(set) var output: [UInt8] = []
    private let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private let loop: EventLoop
    private var ended = false
    private let exits: AsyncStream<Int32>

    /// Starts `command` (a shell command line) on an 80×30 terminal.
    init(_ command: String, columns: Int = 80, rows: Int = 30) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) (Debian bsdutils) is missing")
        loop = try EventLoop.shared()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "stty cols \(columns) rows \(rows); exec \(command)", "/dev/null"]
        process.standardInput = input
        process.standardOutput = outputPipe
        // An extension may take 120 s to say hello on CI's loaded cores (APPEX_START_TIMEOUT).
        process.environment = ProcessInfo.processInfo.environment.merging(["APPEX_START_TIMEOUT": "120"]) { $1 }
        let descriptor = outputPipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        self.exits = exits
        process.terminationHandler = { process in
            exited.yield(process.terminationStatus)
            exited.finish()
        }
        try process.run()
    }

    /// The last screen drawn: the text after the last clear-screen, without colours, one
    /// string per line.
    var screen: [String] {
        let text = String(decoding: output, as: UTF8.self)
        let frame = text.components(separatedBy: "\u{1b}[2J\u{1b}[H").last ?? text
        let plain = frame.replacingOccurrences(of: "\u{1b}\\[[0-9;]*m", with: "", options: .regularExpression)
        // The terminal's output processing turns each "\n" into "\r\n": lines end in
        // "\r\r\n" (and "\r\n" is one Character, so the split is on scalars).
        let lines = plain.unicodeScalars.filter { $0 != "\r" }.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { String(String.UnicodeScalarView($0)) }
    }

    /// The last screen drawn, escape sequences (colours, dim, reverse) kept.
    var rawScreen: String {
        let text = String(decoding: output, as: UTF8.self)
        return text.components(separatedBy: "\u{1b}[2J\u{1b}[H").last ?? text
    }

    /// Types `keys` on the terminal, as one write. A terminal that has already ended (its
    /// command exited, or script(1) was ended) is a failure of the test, recorded with the
    /// last screen: FileHandle's non-throwing `write` traps on the broken pipe instead, and
    /// took the whole test process down in a round of scripts/suite-rounds.
    func type(_ keys: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(keys.utf8))
        } catch {
            Issue.record("the terminal had ended before \(keys.debugDescription) was typed (\(error)); its last screen:\n\(screen.joined(separator: "\n"))",
                         sourceLocation: sourceLocation)
        }
    }

    /// Waits until the last screen drawn contains `text`, for at most `limit`; returns it.
    /// (90 s: a clean CI run once drew nothing in 30 s while every core was busy.)
    @discardableResult
    func waitForScreen(containing text: String, within limit: Duration = .seconds(90),
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        let deadline = ContinuousClock.now + limit
        while !screen.joined(separator: "\n").contains(text) {
            guard !ended, ContinuousClock.now < deadline else {
                Issue.record("the terminal never showed \"\(text)\"; its last screen:\n\(screen.joined(separator: "\n"))",
                             sourceLocation: sourceLocation)
                throw CancellationError()
            }
            await readAvailable(until: deadline)
        }
        return screen
    }

    /// Waits for the command to end (its terminal closes) and returns script(1)'s status,
    /// which is the command's.
    func exitStatus(within limit: Duration = .seconds(90)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while !ended {
            try #require(ContinuousClock.now < deadline, "the command did not end; its last screen:\n\(screen.joined(separator: "\n"))")
            await readAvailable(until: deadline)
        }
        // The terminal closed: script(1) is exiting; Process reports it once reaped.
        var statuses = exits.makeAsyncIterator()
        return try #require(await statuses.next(), "script(1) ended without a status")
    }

    /// Ends the command if it still runs.
    func close() {
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
    }

    /// Reads what is there; when nothing is, waits on the event loop until there is or
    /// `deadline` passes.
    private func readAvailable(until deadline: ContinuousClock.Instant) async {
        let descriptor = outputPipe.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var got = false
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count]; got = true; continue }
            if count == 0 { ended = true; return }
            if errno == EINTR { continue }
            break
        }
        if got { return }
        let loop = self.loop
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await loop.waitUntilReadable(descriptor) }
            group.addTask { await loop.sleep(for: ContinuousClock.now.duration(to: deadline)) }
            await group.next()
            group.cancelAll()
        }
    }
}
